/**
 * Secrets in bodies and in the rest of a URL (ARCHITECTURE rule 4): what history, export and the
 * exchange view show is what was sent, minus the secrets.
 */
import { describe, expect, it } from 'vitest';
import {
	REDACTED,
	SECRET_HEADERS,
	SECRET_PARAMS,
	redactBody,
	redactHeaders,
	redactText,
	redactUrl
} from '$lib/http/redact';

describe('redactBody', () => {
	it('CH-AUTH-1: an OAuth answer loses both tokens, at any depth, numbers too, layout kept', () => {
		const body = `{
  "access_token": "at-secret",
  "token_type": "Bearer",
  "nested": { "Refresh_Token" :"rt-secret", "password": 123456 },
  "client_secret":"cs\\"q"
}`;
		expect(redactBody(body)).toBe(`{
  "access_token": "${REDACTED}",
  "token_type": "Bearer",
  "nested": { "Refresh_Token" :"${REDACTED}", "password": "${REDACTED}" },
  "client_secret":"${REDACTED}"
}`);
	});

	it('a JSON body whose secret value contains "=" is still read as JSON', () => {
		expect(redactBody('{"password":"a=b"}')).toBe(`{"password":"${REDACTED}"}`);
	});

	it('a form body loses its secret fields, also with a trailing newline', () => {
		expect(redactBody('grant_type=password&username=root&password=hunter22')).toBe(
			`grant_type=password&username=root&password=${REDACTED}`
		);
		expect(redactBody('password=hunter22\n')).toBe(`password=${REDACTED}`);
	});

	it('text that is neither JSON nor a form is left as it is', () => {
		expect(redactBody('plain words, password is not here')).toBe(
			'plain words, password is not here'
		);
	});
});

describe('every secret name, in every place', () => {
	it.each([...SECRET_PARAMS])('%s: in a query, a form body and a JSON body', (name) => {
		expect(redactUrl(`https://h.test/p?a=1&${name}=v4lue`)).toBe(
			`https://h.test/p?a=1&${name}=${REDACTED}`
		);
		expect(redactBody(`a=1&${name}=v4lue`)).toBe(`a=1&${name}=${REDACTED}`);
		expect(redactBody(`{"${name}":"v4lue"}`)).toBe(`{"${name}":"${REDACTED}"}`);
	});

	it('CH-AUTH-2, CH-AUTH-3, CH-AUTH-4, CH-SPAM-3: every credential header, and only those', () => {
		expect([...SECRET_HEADERS].sort()).toEqual([
			'authorization',
			'cookie',
			'job-token',
			'private-token',
			'set-cookie',
			'token',
			'x-gitlab-captcha-response',
			'x-service-captcha-response'
		]);
		for (const name of SECRET_HEADERS)
			expect(redactHeaders({ [name.toUpperCase()]: 'v', accept: 'a' })).toEqual({
				[name.toUpperCase()]: REDACTED,
				accept: 'a'
			});
	});

	it('the secret names are exactly the seed’s credential parameters and OAuth fields', () => {
		expect([...SECRET_PARAMS].sort()).toEqual([
			'access_token',
			'client_secret',
			'job_token',
			'password',
			'private_token',
			'refresh_token',
			'token'
		]);
	});
});

describe('redactUrl keeps the rest byte for byte', () => {
	it('a fragment after an ordinary parameter appears once', () => {
		expect(redactUrl('https://h.test/p?a=1#frag')).toBe('https://h.test/p?a=1#frag');
		expect(redactUrl('https://h.test/p?token=x&a=1#frag')).toBe(
			`https://h.test/p?token=${REDACTED}&a=1#frag`
		);
	});

	it('a secret name without a value is left as written', () => {
		expect(redactUrl('https://h.test/p?private_token&a=1')).toBe(
			'https://h.test/p?private_token&a=1'
		);
	});
});

describe('redactText', () => {
	it('a known secret of four characters is already redacted', () => {
		expect(redactText('pin 4711 here', ['4711'])).toBe(`pin ${REDACTED} here`);
	});
});
