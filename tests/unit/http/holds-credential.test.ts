import { describe, expect, it } from 'vitest';
import { holdsCredential } from '$lib/http/credentials';

describe('holdsCredential: what an update reload must not keep in its drafts', () => {
	it('a pasted cURL command with a token, in any of the ways cURL sends one', () => {
		for (const text of [
			`curl -H 'PRIVATE-TOKEN: glpat-x' https://h/api/v4/projects`,
			`curl --header "Authorization: Bearer abc" https://h/api/v4/user`,
			`curl -H 'JOB-TOKEN: x' https://h`,
			`curl 'https://h/api/v4/projects?private_token=glpat-x'`,
			`curl 'https://h/api/v4/projects?per_page=5&access_token=x'`,
			`curl -u root:secret https://h`,
			`curl --user=root:secret https://h`,
			`curl -b '_service_session=x' https://h`,
			`curl --oauth2-bearer x https://h`,
			`curl -d 'grant_type=password&username=a&password=b' https://h/oauth/token`,
			'Sudo: root',
			'X-A: 1\nprivate-token: glpat-x'
		])
			expect(holdsCredential(text), text).toBe(true);
	});

	it('a request without one is kept, even when its words look alike', () => {
		for (const text of [
			`curl https://h/api/v4/projects?per_page=5`,
			`curl -H 'X-Token-Hint: none' -H 'Accept: application/json' https://h`,
			'/projects/{{project}}/merge_requests',
			'search=token&order_by=id',
			'If-Unmodified-Since: Tue, 01 Oct 2024 00:00:00 GMT',
			''
		])
			expect(holdsCredential(text), text).toBe(false);
	});
});
