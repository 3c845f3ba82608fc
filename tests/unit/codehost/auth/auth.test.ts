import { describe, expect, it } from 'vitest';
import {
	applyAuth,
	AUTH_METHODS,
	authorizeUrl,
	isAuthenticated,
	QUERY_TOKEN_WARNING
} from '$lib/codehost/auth/auth';

describe('auth methods', () => {
	it('CH-AUTH-2: a personal token goes as PRIVATE-TOKEN, Bearer or private_token', () => {
		expect(
			applyAuth({ method: 'personal', way: 'private-token-header', token: 't1' }).headers
		).toEqual({ 'PRIVATE-TOKEN': 't1' });
		expect(applyAuth({ method: 'personal', way: 'bearer', token: 't1' }).headers).toEqual({
			Authorization: 'Bearer t1'
		});
		const q = applyAuth({ method: 'personal', way: 'private-token-query', token: 't+1' });
		expect(q.query).toEqual(['private_token=t%2B1']);
		expect(q.warnings).toContain(QUERY_TOKEN_WARNING);
	});

	it('CH-AUTH-1: an OAuth token goes as Bearer or access_token (with the log warning)', () => {
		expect(applyAuth({ method: 'oauth', way: 'bearer', token: 'o' }).headers.Authorization).toBe(
			'Bearer o'
		);
		const q = applyAuth({ method: 'oauth', way: 'access-token-query', token: 'o' });
		expect(q.query).toEqual(['access_token=o']);
		expect(q.warnings[0]).toMatch(/logs/);
	});

	it('CH-AUTH-3: a job token goes as JOB-TOKEN or job_token', () => {
		expect(applyAuth({ method: 'job', way: 'job-token-header', token: 'j' }).headers).toEqual({
			'JOB-TOKEN': 'j'
		});
		expect(applyAuth({ method: 'job', way: 'job-token-query', token: 'j' }).query).toEqual([
			'job_token=j'
		]);
	});

	it('CH-AUTH-4: the session cookie travels with credentials: include and the cross-origin refusal is explained', () => {
		const s = applyAuth({ method: 'session', way: 'cookie', token: '' });
		expect(s.credentials).toBe('include');
		expect(s.headers).toEqual({});
		expect(s.warnings[0]).toMatch(/refuses credentials from other origins/);
	});

	it('CH-AUTH-5: an impersonation token travels like a personal token', () => {
		expect(AUTH_METHODS.find((m) => m.id === 'impersonation')!.ways).toEqual(
			AUTH_METHODS.find((m) => m.id === 'personal')!.ways
		);
	});

	it('a way that does not belong to the method falls back to the method’s first way', () => {
		expect(applyAuth({ method: 'job', way: 'bearer', token: 'j' }).headers).toEqual({
			'JOB-TOKEN': 'j'
		});
	});

	it('CH-SUDO-2: sudo goes as the Sudo header or the sudo query parameter', () => {
		expect(
			applyAuth({ method: 'personal', way: 'private-token-header', token: 't', sudo: 'alice' })
				.headers.Sudo
		).toBe('alice');
		expect(
			applyAuth({
				method: 'personal',
				way: 'private-token-header',
				token: 't',
				sudo: 'alice',
				sudoWay: 'query'
			}).query
		).toEqual(['sudo=alice']);
	});

	it('CH-SUDO-1: sudo is offered without a warning for personal, OAuth and impersonation tokens only', () => {
		for (const [method, way] of [
			['personal', 'private-token-header'],
			['oauth', 'bearer'],
			['impersonation', 'private-token-header']
		] as const)
			expect(applyAuth({ method, way, token: 't', sudo: 'a' }).warnings).toEqual([]);
		for (const method of ['job', 'session', 'none'] as const)
			expect(applyAuth({ method, way: 'none', token: 't', sudo: 'a' }).warnings.join()).toMatch(
				/administrator’s OAuth or personal access token/
			);
	});

	it('CH-SUDO-1: sudo with a job token is flagged', () => {
		expect(
			applyAuth({ method: 'job', way: 'job-token-header', token: 't', sudo: 'a' }).warnings.join()
		).toMatch(/administrator/);
	});

	it('None sends nothing; authentication is known for the keyset table', () => {
		expect(applyAuth({ method: 'none', way: 'none', token: 'x' })).toMatchObject({
			headers: {},
			query: [],
			credentials: 'omit'
		});
		expect(isAuthenticated({ method: 'none', token: 'x' })).toBe(false);
		expect(isAuthenticated({ method: 'personal', token: '' })).toBe(false);
		expect(isAuthenticated({ method: 'session', token: '' })).toBe(true);
	});

	it('CH-OFF-3: a Link URL keeps its shape; only the auth query is added or brought up to date', () => {
		const applied = applyAuth({ method: 'oauth', way: 'access-token-query', token: 'new' });
		expect(authorizeUrl('https://h/api/v4/projects?page=2&per_page=5', applied, 'new')).toBe(
			'https://h/api/v4/projects?page=2&per_page=5&access_token=new'
		);
		expect(authorizeUrl('https://h/api/v4/projects?access_token=old&page=2', applied, 'new')).toBe(
			'https://h/api/v4/projects?access_token=new&page=2'
		);
		const header = applyAuth({ method: 'personal', way: 'private-token-header', token: 't' });
		expect(authorizeUrl('https://h/x?page=2', header, 't')).toBe('https://h/x?page=2');
	});
});
