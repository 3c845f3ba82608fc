import { describe, expect, it } from 'vitest';
import {
	applyAuth,
	authorizeUrl,
	isAuthenticated,
	methodInfo,
	WAY_LABELS,
	type AuthMethod
} from '$lib/codehost/auth/auth';

describe('what travels', () => {
	it('CH-AUTH-2: the token is sent trimmed, in a header and in the query', () => {
		expect(
			applyAuth({ method: 'personal', way: 'private-token-header', token: '  t1 \n' }).headers
		).toEqual({ 'PRIVATE-TOKEN': 't1' });
		expect(
			applyAuth({ method: 'personal', way: 'private-token-query', token: ' t1 ' }).query
		).toEqual(['private_token=t1']);
	});

	it('CH-AUTH-0: an empty or blank token sends nothing and warns of nothing', () => {
		for (const [method, way] of [
			['personal', 'private-token-header'],
			['personal', 'private-token-query'],
			['oauth', 'bearer'],
			['job', 'job-token-header']
		] as const)
			expect(applyAuth({ method, way, token: '   ' })).toEqual({
				headers: {},
				query: [],
				credentials: 'omit',
				warnings: []
			});
	});

	it('CH-SUDO-2: the sudo user is sent trimmed; a blank one is not sent', () => {
		expect(
			applyAuth({ method: 'personal', way: 'bearer', token: 't', sudo: ' alice ' }).headers.Sudo
		).toBe('alice');
		expect(
			applyAuth({ method: 'personal', way: 'bearer', token: 't', sudo: ' bob ', sudoWay: 'query' })
				.query
		).toEqual(['sudo=bob']);
		const blank = applyAuth({ method: 'job', way: 'job-token-header', token: 't', sudo: '  ' });
		expect(blank.headers).toEqual({ 'JOB-TOKEN': 't' });
		expect(blank.warnings).toEqual([]);
	});

	it('CH-AUTH-0: a token counts as authentication only when it is not blank', () => {
		expect(isAuthenticated({ method: 'personal', token: 't' })).toBe(true);
		expect(isAuthenticated({ method: 'job', token: ' j ' })).toBe(true);
		expect(isAuthenticated({ method: 'oauth', token: '  ' })).toBe(false);
	});
});

describe('authorizeUrl', () => {
	const applied = applyAuth({ method: 'oauth', way: 'access-token-query', token: 'new' });

	it('CH-OFF-3: the auth query starts the query when the URL has none', () => {
		expect(authorizeUrl('https://h/api/v4/projects', applied, 'new')).toBe(
			'https://h/api/v4/projects?access_token=new'
		);
	});

	it('CH-OFF-3: the auth query goes after a query the URL already has (a Link to the next page)', () => {
		expect(authorizeUrl('https://h/api/v4/projects?page=2', applied, 'new')).toBe(
			'https://h/api/v4/projects?page=2&access_token=new'
		);
	});

	it('CH-AUTH-1: the refreshed token replaces the old one trimmed; a blank token changes nothing', () => {
		expect(authorizeUrl('https://h/x?access_token=old&page=2', applied, ' new ')).toBe(
			'https://h/x?access_token=new&page=2'
		);
		expect(authorizeUrl('https://h/x?access_token=old&page=2', applied, '  ')).toBe(
			'https://h/x?access_token=old&page=2'
		);
	});
});

describe('what the auth panel shows', () => {
	it('CH-AUTH-0..5: each method has its label', () => {
		const labels = (['none', 'oauth', 'job', 'session', 'impersonation'] as AuthMethod[]).map(
			(m) => methodInfo(m).label
		);
		expect(labels).toEqual([
			'None',
			'OAuth 2.0 token',
			'Job token',
			'Session cookie',
			'Impersonation token'
		]);
	});

	it('CH-AUTH-4: no auth sends nothing; the session travels as a cookie', () => {
		expect(methodInfo('none').ways).toEqual(['none']);
		expect(methodInfo('session').ways).toEqual(['cookie']);
	});

	it('CH-AUTH-0..5: each method’s note says what the seed says of it', () => {
		expect(methodInfo('none').note).toMatch(/Only public data, or 401/);
		expect(methodInfo('personal').note).toMatch(
			/Project access tokens depend on the subscription tier/
		);
		expect(methodInfo('oauth').note).toMatch(/two hours.*refresh token.*token endpoint/);
		expect(methodInfo('job').note).toMatch(/Only some endpoints accept it/);
		expect(methodInfo('session').note).toMatch(/_service_session.*cannot be made through the API/);
		expect(methodInfo('impersonation').note).toMatch(/administrator.*impersonation_enabled/);
	});

	it('CH-AUTH-1..4: each way is named by what goes on the wire', () => {
		expect(WAY_LABELS).toEqual({
			'private-token-header': 'PRIVATE-TOKEN header',
			'private-token-query': 'private_token query parameter',
			bearer: 'Authorization: Bearer header',
			'access-token-query': 'access_token query parameter',
			'job-token-header': 'JOB-TOKEN header',
			'job-token-query': 'job_token query parameter',
			cookie: 'Browser cookie (credentials: include)',
			none: 'Nothing sent'
		});
	});
});
