import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
	holdsSecret,
	REDACTED,
	SECRET_PARAMS,
	redactHeaders,
	redactText,
	redactUrl
} from '$lib/http/redact';

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

describe('a secret in every written form', () => {
	const SECRET = 'p@ss w/rd+1!"é';
	const strict = (s: string) =>
		encodeURIComponent(s).replace(
			/[!'()*]/g,
			(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
		);
	const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
	const forms: Record<string, (s: string) => string> = {
		raw: (s) => s,
		'percent-encoded (%20)': encodeURIComponent,
		'percent-encoded, strict (RFC 3986)': strict,
		'form-encoded (+)': (s) => encodeURIComponent(s).replace(/%20/g, '+'),
		'as URLSearchParams (and Rack) write it, ~ as %7E': (s) =>
			new URLSearchParams({ v: s }).toString().slice(2),
		'every character but letters and digits percent-encoded': (s) =>
			[...new TextEncoder().encode(s)]
				.map((b) =>
					/[A-Za-z0-9]/.test(String.fromCharCode(b))
						? String.fromCharCode(b)
						: `%${b.toString(16).toUpperCase().padStart(2, '0')}`
				)
				.join(''),
		'percent-encoded, lower-case hex': (s) =>
			encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
		'JSON-escaped': (s) => JSON.stringify(s).slice(1, -1),
		'JSON-escaped with \\u for non-ASCII': (s) =>
			JSON.stringify(s)
				.slice(1, -1)
				.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
		base64: b64,
		'base64 without padding': (s) => b64(s).replace(/=+$/, ''),
		'URL-safe base64': (s) => Buffer.from(s, 'utf8').toString('base64url')
	};

	// As the URL standard writes it when a path or a query is set (no `/`, `.` or `\\`, which a
	// path gives a meaning of its own).
	const urlForms: Record<string, (s: string) => string> = {
		'as a URL writes it in a path': (s) => {
			const url = new URL('https://h.test/');
			url.pathname = `/x${s}`;
			return url.pathname.slice(2);
		},
		'as a URL writes it in a query': (s) => {
			const url = new URL('https://h.test/');
			url.search = `?x${s}`;
			return url.search.slice(2);
		}
	};

	for (const [name, form] of Object.entries({ ...forms, ...urlForms }))
		it(`is redacted ${name}`, () => {
			const written = form(SECRET);
			const text = `before ${written} after`;
			expect(redactText(text, [SECRET])).toBe(`before ${REDACTED} after`);
			expect(holdsSecret(text, [SECRET])).toBe(true);
		});

	it('base64 keys and their URL-safe form', () => {
		const key = 'ab+/cd==';
		expect(redactText(`k=${encodeURIComponent(key)}`, [key])).toBe(`k=${REDACTED}`);
		expect(redactText(`{"k":"${key}"}`, [key])).toBe(`{"k":"${REDACTED}"}`);
	});

	it('ordinary text holds no secret; values under four characters are never replaced', () => {
		expect(holdsSecret('nothing here', [SECRET])).toBe(false);
		expect(redactText('abc abc', ['abc'])).toBe('abc abc');
	});

	it('a secret with a lone surrogate is still redacted as it is', () => {
		const odd = 'ab\ud800cd';
		expect(redactText(`x${odd}y`, [odd])).toBe(`x${REDACTED}y`);
	});

	it('property: no written form of a random secret survives redaction', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'grapheme', minLength: 4, maxLength: 24 }), (secret) => {
				for (const form of Object.values(forms)) {
					const written = form(secret);
					const out = redactText(`<${written}>`, [secret]);
					expect(out.includes(written), `${JSON.stringify(secret)} as ${written}`).toBe(false);
				}
			}),
			{ numRuns: 300 }
		);
		const urlSafe = fc
			.string({ unit: 'grapheme', minLength: 4, maxLength: 24 })
			.filter((s) => !/[/\\.%]/.test(s));
		fc.assert(
			fc.property(urlSafe, (secret) => {
				for (const form of Object.values(urlForms)) {
					const written = form(secret);
					expect(redactText(`<${written}>`, [secret]).includes(written), written).toBe(false);
				}
			}),
			{ numRuns: 300 }
		);
	});
});
