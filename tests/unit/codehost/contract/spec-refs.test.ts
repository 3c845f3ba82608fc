import { describe, expect, it } from 'vitest';
import { AUTH_METHODS, QUERY_TOKEN_WARNING, SESSION_COOKIE_WARNING } from '$lib/codehost/auth/auth';
import { lintRequest } from '$lib/codehost/request/encoding';
import { keysetAdvice } from '$lib/codehost/contract/endpoints';
import { SHAPES } from '$lib/codehost/contract/error-shapes';
import { inspectPagination } from '$lib/codehost/pagination/pagination';
import { splitRefs } from '$lib/codehost/contract/spec-refs';

describe('spec references are split off what users read', () => {
	it('takes bracketed rule ids out, keeps them in order, leaves other brackets alone', () => {
		expect(
			splitRefs(
				'Keyset pagination: only the Link header is returned (CH-KEY-4); follow rel="next" as given (CH-KEY-2).'
			)
		).toEqual({
			text: 'Keyset pagination: only the Link header is returned; follow rel="next" as given.',
			refs: ['CH-KEY-4', 'CH-KEY-2']
		});
		expect(splitRefs('Left out (CH-OFF-4, CH-OFF-5).')).toEqual({
			text: 'Left out.',
			refs: ['CH-OFF-4', 'CH-OFF-5']
		});
		expect(splitRefs('tag URL-encoded (release/1.0 as release%2F1.0).')).toEqual({
			text: 'tag URL-encoded (release/1.0 as release%2F1.0).',
			refs: []
		});
	});

	it('no message a user reads names a rule id or "the seed" once its references are split off', () => {
		const pagination = [
			inspectPagination(
				{ link: '' },
				{
					apiRoot: 'https://h/api/v4',
					requestUrl: 'https://h/api/v4/projects?pagination=keyset',
					crossOrigin: false,
					isList: true,
					listLength: 0
				}
			),
			inspectPagination(
				{ 'x-page': '1', 'x-per-page': '5', links: 'x' },
				{
					apiRoot: 'https://h/api/v4',
					requestUrl: 'https://h/api/v4/projects?per_page=5',
					crossOrigin: false,
					isList: true,
					listLength: 5
				}
			)
		].flatMap((r) => [...r.notes, ...r.rows.flatMap((row) => (row.note ? [row.note] : []))]);
		const messages = [
			...pagination,
			...lintRequest('/projects/a/b.json', 'q=1+1&pagination=keyset').map((l) => l.message),
			...['/projects', '/nope', '/groups'].flatMap((p) => [
				keysetAdvice(p, true).message,
				keysetAdvice(p, false).message
			]),
			...Object.values(SHAPES).flatMap((s) => [s.title, s.meaning, s.action]),
			...AUTH_METHODS.map((m) => m.note),
			QUERY_TOKEN_WARNING,
			SESSION_COOKIE_WARNING
		];
		expect(messages.length).toBeGreaterThan(40);
		for (const message of messages)
			expect(splitRefs(message).text).not.toMatch(/CH-[A-Z]+-\d|seed/i);
	});
});
