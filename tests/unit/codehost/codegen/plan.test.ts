/**
 * The plan every client's code is written from: the URL as the app sends it, the credential and
 * how it travels, and nothing that acts for the user on another origin (CH-AUTH-*, CH-OFF-3).
 */
import { describe, expect, it } from 'vitest';
import { planOf, urlOf, withParam } from '$lib/codehost/codegen/plan';
import { req } from './code-request';

describe('planOf', () => {
	it('names the URL as the browser sends it, its query decoded in order', () => {
		const p = planOf(
			req({ target: '/projects/my group/issues', query: 'state=opened&search=a%20b' })
		);
		expect(p.url).toBe(
			'https://gitlab.example.com/api/v4/projects/my%20group/issues?state=opened&search=a%20b'
		);
		expect(p.base).toBe('https://gitlab.example.com/api/v4/projects/my%20group/issues');
		expect(p.pairs).toEqual([
			['state', 'opened'],
			['search', 'a b']
		]);
	});

	it('a token travels the way the person chose, read from an environment variable', () => {
		expect(planOf(req({})).cred).toMatchObject({ env: 'GITLAB_TOKEN', header: 'PRIVATE-TOKEN' });
		const bearer = planOf(req({ auth: { method: 'oauth', way: 'bearer', token: 't' } })).cred;
		expect(bearer).toMatchObject({
			header: 'Authorization',
			prefix: 'Bearer ',
			python: 'oauth_token'
		});
		const job = planOf(req({ auth: { method: 'job', way: 'job-token-query', token: 't' } })).cred;
		expect(job).toMatchObject({ env: 'CI_JOB_TOKEN', param: 'job_token' });
		expect(planOf(req({ auth: { method: 'none', way: 'none', token: '' } })).cred).toBeNull();
	});

	it('CH-OFF-3: on another origin no credential, Sudo or credential header goes, and the plan says why', () => {
		const p = planOf(
			req({
				target: 'https://elsewhere.example/api/v4/projects',
				headers: { 'PRIVATE-TOKEN': 'tok', 'X-Trace': '1', Accept: 'text/plain' },
				sudo: { value: 'root', way: 'header' }
			})
		);
		expect(p.cred).toBeNull();
		expect(p.sudo).toBeUndefined();
		expect(p.headers).toEqual({ 'X-Trace': '1' });
		expect(p.offsite).toBe(
			"This request goes to https://elsewhere.example, not to the API root's https://gitlab.example.com: like the app, it sends no token, session or Sudo there."
		);
	});

	it('the credential parameter and a Sudo sent as a parameter go after the query', () => {
		expect(withParam(planOf(req({ query: 'page=2' })), 'private_token')).toBe(
			'https://gitlab.example.com/api/v4/projects/1/members?page=2&private_token='
		);
		const sudo = planOf(req({ query: 'page=2', sudo: { value: 'ops team', way: 'query' } }));
		expect(urlOf(sudo)).toBe(
			'https://gitlab.example.com/api/v4/projects/1/members?page=2&sudo=ops%20team'
		);
	});
});
