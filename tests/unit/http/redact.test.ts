import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REDACTED, SECRET_PARAMS, redactHeaders, redactText, redactUrl } from '$lib/http/redact';

describe('redactUrl', () => {
	it('leaves a URL without a query as it is', () => {
		const url = 'https://h.test/api/v4/projects/a%2Fb';
		expect(redactUrl(url)).toBe(url);
	});

	it('CH-AUTH-1, CH-AUTH-2, CH-AUTH-3: redacts private_token, access_token and job_token values', () => {
		expect(
			redactUrl('https://h.test/p?private_token=a1&access_token=b2&job_token=c3&refresh_token=d4')
		).toBe(
			`https://h.test/p?private_token=${REDACTED}&access_token=${REDACTED}&job_token=${REDACTED}&refresh_token=${REDACTED}`
		);
	});

	it('keeps every other parameter byte for byte, including encodings and the fragment', () => {
		const url = 'https://h.test/p?search=c%2B%2B&q=a+b&flag&x=%E2%9C%93&private_token=zz#top';
		expect(redactUrl(url)).toBe(
			`https://h.test/p?search=c%2B%2B&q=a+b&flag&x=%E2%9C%93&private_token=${REDACTED}#top`
		);
	});

	it('matches secret names case-insensitively and percent-encoded', () => {
		expect(redactUrl('https://h.test/p?PRIVATE_TOKEN=a1&private%5Ftoken=b2')).toBe(
			`https://h.test/p?PRIVATE_TOKEN=${REDACTED}&private%5Ftoken=${REDACTED}`
		);
	});

	it('does not touch a parameter whose name merely contains a secret name', () => {
		const url = 'https://h.test/p?my_private_token_hint=yes&token_type=bearer';
		expect(redactUrl(url)).toBe(url);
	});

	it('survives a malformed percent-encoding in a name', () => {
		const url = 'https://h.test/p?bad%E0=1&private_token=x';
		expect(redactUrl(url)).toBe(`https://h.test/p?bad%E0=1&private_token=${REDACTED}`);
	});

	it('never lets a random private_token value survive, wherever it sits among other params', () => {
		const param = fc.tuple(
			fc.stringMatching(/^[a-z][a-z_]{0,8}$/).filter((n) => !SECRET_PARAMS.has(n)),
			fc.stringMatching(/^[a-z0-9%+.]{0,10}$/)
		);
		fc.assert(
			fc.property(
				fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
				fc.array(param, { maxLength: 5 }),
				fc.nat(),
				fc.constantFrom('private_token', 'access_token', 'job_token', 'Private_Token'),
				(value, others, at, name) => {
					const token = `glpat-${value}`;
					const parts = others.map(([k, v]) => `${k}=${v}`);
					parts.splice(at % (parts.length + 1), 0, `${name}=${token}`);
					const url = `https://h.test/api/v4/projects?${parts.join('&')}`;
					const redacted = redactUrl(url);
					expect(redacted).not.toContain(token);
					expect(redacted).toBe(url.replace(token, REDACTED));
				}
			)
		);
	});

	it('is the identity on URLs without secret parameters', () => {
		const param = fc.tuple(
			fc.stringMatching(/^[a-z][a-z_]{0,8}$/).filter((n) => !SECRET_PARAMS.has(n)),
			fc.stringMatching(/^[A-Za-z0-9%+.~-]{0,10}$/)
		);
		fc.assert(
			fc.property(fc.array(param, { maxLength: 6 }), (params) => {
				const url = `https://h.test/x?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
				expect(redactUrl(url)).toBe(url);
			})
		);
	});
});

describe('redactHeaders', () => {
	it('EN-AUTH-1, CH-AUTH-2, CH-AUTH-3: hides credential headers whatever their case', () => {
		expect(
			redactHeaders({
				'PRIVATE-TOKEN': 'a',
				Authorization: 'Bearer b',
				token: 'c',
				'Job-Token': 'd',
				Cookie: 'e',
				accept: 'application/json'
			})
		).toEqual({
			'PRIVATE-TOKEN': REDACTED,
			Authorization: REDACTED,
			token: REDACTED,
			'Job-Token': REDACTED,
			Cookie: REDACTED,
			accept: 'application/json'
		});
	});
});

describe('redactText', () => {
	it('replaces every occurrence of each secret', () => {
		expect(redactText('key=abcd1234; again abcd1234', ['abcd1234'])).toBe(
			`key=${REDACTED}; again ${REDACTED}`
		);
	});

	it('ignores secrets shorter than four characters (they would shred ordinary text)', () => {
		expect(redactText('a b c', ['a', 'b c'])).toBe('a b c');
	});
});
