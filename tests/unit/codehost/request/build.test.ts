import { describe, expect, it } from 'vitest';
import type { AppliedAuth } from '$lib/codehost/auth/auth';
import { LONG_URL_CHARS } from '$lib/codehost/request/encoding';
import {
	buildRequest,
	fillRequestPath,
	inputError,
	lintForm,
	parseParams,
	withKeysetQuery,
	type BuildInput,
	type LintInput
} from '$lib/codehost/request/build';

function input(over: Partial<BuildInput> = {}): BuildInput {
	return {
		method: 'POST',
		builtPath: '/projects/1/issues',
		resolvedQuery: '',
		params: {},
		bodyKind: 'none',
		queryInBody: false,
		file: null,
		headers: '',
		headersFrom: 'typed',
		variables: {},
		...over
	};
}

const NO_AUTH: AppliedAuth = { headers: {}, query: [], credentials: 'omit', warnings: [] };

function lintInput(over: Partial<LintInput> = {}): LintInput {
	return {
		method: 'GET',
		builtPath: '/projects/1/issues',
		resolvedQuery: '',
		query: '',
		headers: '',
		bodyKind: 'none',
		queryInBody: false,
		unresolved: [],
		parsedParams: { ok: true, value: {} },
		previewUrl: 'http://127.0.0.1/api/v4/projects/1/issues',
		...over
	};
}

const parsedOk = (text: string) => parseParams(text, (v) => v);

type InputFields = Parameters<typeof inputError>[0];

describe('buildRequest: the request the form fields make, before auth', () => {
	it('the typed query (its "?" dropped) comes first in the URL, then the parameters of a query body (CH-PAY-4)', () => {
		const built = buildRequest(
			input({
				method: 'GET',
				resolvedQuery: '  ?state=opened ',
				params: { labels: ['a', 'b'] },
				bodyKind: 'query'
			})
		);
		expect(built.query).toBe('state=opened&labels[]=a&labels[]=b');
		expect(built.body).toBeUndefined();
		expect(built.bodyText).toBeUndefined();
		expect(built.headers).toEqual({});
	});

	it('a GET sends no body whatever the body kind, and a query moved to the body is not in the URL either', () => {
		const built = buildRequest(
			input({
				method: 'GET',
				resolvedQuery: 'a=1',
				params: { b: 2 },
				bodyKind: 'json',
				queryInBody: true
			})
		);
		expect(built).toEqual({
			method: 'GET',
			target: '/projects/1/issues',
			query: '',
			headers: {},
			body: undefined,
			bodyText: undefined
		});
	});

	it('a JSON body carries the parameters with Content-Type application/json; the query stays in the URL', () => {
		const built = buildRequest(
			input({ resolvedQuery: 'per_page=5', params: { title: 'x', n: 1 }, bodyKind: 'json' })
		);
		expect(built.query).toBe('per_page=5');
		expect(built.bodyText).toBe('{"title":"x","n":1}');
		expect(built.body).toBe(built.bodyText);
		expect(built.headers).toEqual({ 'Content-Type': 'application/json' });
	});

	it('a JSON body with the query moved into it: the query pairs join the parameters, which win on a clash', () => {
		const built = buildRequest(
			input({
				resolvedQuery: 'title=old&state=opened',
				params: { title: 'new' },
				bodyKind: 'json',
				queryInBody: true
			})
		);
		expect(built.query).toBe('');
		expect(JSON.parse(built.bodyText!)).toEqual({ title: 'new', state: 'opened' });
	});

	it('a form body is the query moved into it and the encoded parameters, with the form Content-Type', () => {
		const built = buildRequest(
			input({
				resolvedQuery: ' a=1 ',
				params: { b: 'x y' },
				bodyKind: 'form',
				queryInBody: true
			})
		);
		expect(built.bodyText).toBe('a=1&b=x%20y');
		expect(built.body).toBe('a=1&b=x%20y');
		expect(built.query).toBe('');
		expect(built.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
		const notMoved = buildRequest(
			input({ resolvedQuery: 'a=1', params: { b: '2' }, bodyKind: 'form' })
		);
		expect(notMoved.bodyText).toBe('b=2');
		expect(notMoved.query).toBe('a=1');
	});

	it('a multipart body holds each parameter and the file, and is described by their names', async () => {
		const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
		const built = buildRequest(
			input({ params: { name: 'n', tags: ['a'] }, bodyKind: 'multipart', file })
		);
		expect(built.body).toBeInstanceOf(FormData);
		const form = built.body as FormData;
		expect(form.get('name')).toBe('n');
		expect(form.get('tags[]')).toBe('a');
		const sent = form.get('file') as File;
		expect(sent.name).toBe('notes.txt');
		expect(await sent.text()).toBe('hello');
		expect(built.bodyText).toBe('(multipart form: name, tags[], file=notes.txt)');
		// The browser sets the multipart Content-Type with its boundary.
		expect(built.headers).toEqual({});
		const without = buildRequest(input({ params: { name: 'n' }, bodyKind: 'multipart' }));
		expect([...(without.body as FormData).keys()]).toEqual(['name']);
		expect(without.bodyText).toBe('(multipart form: name, no file)');
	});

	it('without a body kind, a query moved to the body is sent as a form body; an empty one sends nothing', () => {
		const moved = buildRequest(
			input({ resolvedQuery: ' a=1&b=2 ', bodyKind: 'none', queryInBody: true })
		);
		expect(moved.query).toBe('');
		expect(moved.bodyText).toBe('a=1&b=2');
		expect(moved.body).toBe('a=1&b=2');
		expect(moved.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
		const blank = buildRequest(
			input({ resolvedQuery: '   ', bodyKind: 'none', queryInBody: true })
		);
		expect(blank.body).toBeUndefined();
		expect(blank.bodyText).toBeUndefined();
		expect(blank.headers).toEqual({});
		const kept = buildRequest(input({ resolvedQuery: 'a=1', bodyKind: 'none' }));
		expect(kept.query).toBe('a=1');
		expect(kept.body).toBeUndefined();
	});

	it('typed header lines are read with their variables filled as written; headers passed in win', () => {
		const built = buildRequest(
			input({
				method: 'GET',
				headers: 'X-Note: {{note}}\nAccept: text/plain',
				variables: { note: 'a b/c' }
			}),
			{ Accept: 'application/json' }
		);
		expect(built.headers).toEqual({ 'X-Note': 'a b/c', Accept: 'application/json' });
	});

	it('fillRequestPath: a path variable is one encoded segment, a :param value is filled from its variables', () => {
		expect(
			fillRequestPath(
				'/projects/:id/issues/{{iid}}',
				{ id: '{{project}}' },
				{
					project: 'group/app',
					iid: 'a/b'
				}
			)
		).toBe('/projects/group%2Fapp/issues/a%2Fb');
	});
});

describe('parseParams: the Parameters field as one JSON object', () => {
	it('an empty or blank field is no parameters', () => {
		expect(parseParams('  \n', () => ({ never: 1 }))).toEqual({ ok: true, value: {} });
	});

	it('a JSON object is passed through the fill function', () => {
		expect(parseParams('{"a": 1}', (v) => ({ ...v, filled: true }))).toEqual({
			ok: true,
			value: { a: 1, filled: true }
		});
	});

	it('a list, a single value or null is refused with an example of what to write', () => {
		for (const text of ['[1]', '3', '"x"', 'null'])
			expect(parsedOk(text)).toEqual({
				ok: false,
				error:
					'Parameters must be one JSON object, for example {"name": "value"}, not a list or a single value.'
			});
	});

	it('text that is not JSON is refused with the parser’s reason and what to do', () => {
		const p = parsedOk('{a: 1}');
		expect(p.ok).toBe(false);
		if (p.ok) return;
		expect(p.error).toMatch(/^Parameters are not valid JSON \(.+\)\. Write one JSON object/);
		expect(p.error).toContain('or clear the field.');
	});
});

describe('lintForm: what the form warns about before sending', () => {
	it('a well-formed GET has nothing to say', () => {
		expect(lintForm(lintInput(), {}, NO_AUTH)).toEqual([]);
	});

	it('the query is linted where it goes: in the URL, not once moved to the body (CH-PAY-7)', () => {
		const plus = lintInput({ method: 'POST', resolvedQuery: 'search=a+b', bodyKind: 'form' });
		expect(lintForm(plus, {}, NO_AUTH).map((l) => l.message)).toEqual([
			'The query contains a bare “+”, which the server reads as a space. A literal plus is written %2B.'
		]);
		expect(lintForm({ ...plus, queryInBody: true }, {}, NO_AUTH)).toEqual([]);
	});

	it('variables without a value and variables where a credential goes are errors', () => {
		const out = lintForm(
			lintInput({
				unresolved: ['who'],
				headers: 'PRIVATE-TOKEN: {{tok}}',
				query: 'private_token={{tok}}'
			}),
			{ tok: 'x' },
			NO_AUTH
		);
		expect(out).toEqual([
			{
				level: 'error',
				message:
					'Give the variable {{who}} a value in the environment; unfilled, the braces would be sent as they are.'
			},
			{
				level: 'error',
				message:
					'The PRIVATE-TOKEN header uses a variable. Variables are saved with the environment; put the token in the Token field (it is kept only as you chose), not in a variable.'
			},
			{
				level: 'error',
				message:
					'The private_token parameter uses a variable. Variables are saved with the environment; put the token in the Token field instead.'
			}
		]);
	});

	it('parameters that are not a JSON object are an error, with the parser’s message', () => {
		const out = lintForm(
			lintInput({ parsedParams: { ok: false, error: 'Parameters must be one JSON object.' } }),
			{},
			NO_AUTH
		);
		expect(out).toEqual([{ level: 'error', message: 'Parameters must be one JSON object.' }]);
	});

	it('CH-BOOL-2: null parameters are named in a warning (null is sent empty)', () => {
		const out = lintForm(
			lintInput({
				method: 'POST',
				bodyKind: 'json',
				parsedParams: parsedOk('{"a": null, "b": {"c": null}, "d": 1}')
			}),
			{},
			NO_AUTH
		);
		expect(out).toEqual([
			{
				level: 'warning',
				message:
					'a, b.c: null is sent empty; boolean arguments must be true or false, never null (CH-BOOL-2).'
			}
		]);
	});

	it('a GET with a body kind or a query moved to the body warns that the browser sends no body', () => {
		const message =
			'A browser cannot send a body with GET: the parameters will not be sent. Use the query string, or another method.';
		for (const over of [
			{ bodyKind: 'json' },
			{ bodyKind: 'form' },
			{ bodyKind: 'multipart' },
			{ bodyKind: 'none', queryInBody: true }
		] as const)
			expect(lintForm(lintInput(over), {}, NO_AUTH)).toEqual([{ level: 'warning', message }]);
		expect(lintForm(lintInput({ bodyKind: 'query' }), {}, NO_AUTH)).toEqual([]);
		expect(lintForm(lintInput({ method: 'POST', bodyKind: 'json' }), {}, NO_AUTH)).toEqual([]);
	});

	it('CH-PAY-3: a URL longer than the limit warns with its length; one at the limit does not', () => {
		const long = `http://x/${'a'.repeat(LONG_URL_CHARS)}`;
		expect(lintForm(lintInput({ previewUrl: long }), {}, NO_AUTH)).toEqual([
			{
				level: 'warning',
				message: `The URL is ${long.length} characters long: servers answer 414 to long query strings (CH-PAY-3). Send the parameters as a body instead.`
			}
		]);
		const atLimit = 'a'.repeat(LONG_URL_CHARS);
		expect(lintForm(lintInput({ previewUrl: atLimit }), {}, NO_AUTH)).toEqual([]);
	});

	it('a header line that is not Name: value is an error; the auth’s own warnings come last', () => {
		const out = lintForm(
			lintInput({ headers: 'Accept: x\nnot a header' }),
			{},
			{
				...NO_AUTH,
				warnings: ['The token goes in the query.']
			}
		);
		expect(out).toEqual([
			{
				level: 'error',
				message:
					'Request headers: “not a header” is not a header. Write one header per line as Name: value, or remove the line.'
			},
			{ level: 'warning', message: 'The token goes in the query.' }
		]);
	});
});

describe('inputError: why Send refuses the form, first reason only', () => {
	const ok = {
		parsedParams: { ok: true, value: {} },
		headers: '',
		query: '',
		unresolved: []
	} satisfies InputFields;

	it('nothing to refuse is null', () => {
		expect(inputError(ok, {})).toBeNull();
	});

	it('bad parameters come first, then a bad header line, then missing values, then credential variables', () => {
		const all = {
			parsedParams: { ok: false, error: 'bad params' },
			headers: 'oops\nPRIVATE-TOKEN: {{t}}',
			query: '',
			unresolved: ['t']
		} satisfies InputFields;
		expect(inputError(all, {})).toBe('bad params');
		expect(inputError({ ...all, parsedParams: ok.parsedParams }, {})).toBe(
			'Request headers: “oops” is not a header. Write one header per line as Name: value, or remove the line.'
		);
		expect(
			inputError({ ...all, parsedParams: ok.parsedParams, headers: 'PRIVATE-TOKEN: {{t}}' }, {})
		).toBe(
			'Give the variable {{t}} a value in the environment; unfilled, the braces would be sent as they are.'
		);
		expect(inputError({ ...ok, headers: 'PRIVATE-TOKEN: {{t}}' }, { t: 'x' })).toMatch(
			/^The PRIVATE-TOKEN header uses a variable\./
		);
	});
});

describe('withKeysetQuery: the keyset helper replaces the paging parameters and keeps the rest (CH-KEY-1)', () => {
	it('every paging parameter is dropped, the others kept in order, the helper’s pairs appended', () => {
		expect(
			withKeysetQuery(
				'state=opened&pagination=offset&order_by=name&sort=asc&page=2&per_page=5&id_after=3&id_before=9&cursor=c&search=x',
				'pagination=keyset&order_by=id&sort=desc'
			)
		).toBe('state=opened&search=x&pagination=keyset&order_by=id&sort=desc');
	});

	it('a query of paging parameters only becomes the helper’s; an empty helper query leaves no stray "&"', () => {
		expect(withKeysetQuery('page=3', 'pagination=keyset')).toBe('pagination=keyset');
		expect(withKeysetQuery('', 'pagination=keyset')).toBe('pagination=keyset');
		expect(withKeysetQuery('a=1&page=2', '')).toBe('a=1');
	});
});

describe('a file the request needs chosen on the page (curl -F avatar=@…, --upload-file)', () => {
	const png = new File(['png'], 'dk.png', { type: 'image/png' });

	it('a multipart form sends the chosen file under the field the request names', async () => {
		const b = buildRequest(
			input({
				bodyKind: 'multipart',
				params: { name: 'p' },
				file: png,
				fileSlot: { field: 'avatar', source: 'dk.png' }
			})
		);
		const form = b.body as FormData;
		expect([...form.keys()]).toEqual(['name', 'avatar']);
		expect((form.get('avatar') as File).name).toBe('dk.png');
		expect(b.bodyText).toBe('(multipart form: name, avatar=dk.png)');
	});

	it('a whole-body file is the body as it is, with its own type unless a header says another', () => {
		const slot = { field: null, source: 'pkg.bin' };
		const b = buildRequest(input({ method: 'PUT', file: png, fileSlot: slot }));
		expect(b.body).toBe(png);
		expect(b.headers['Content-Type']).toBe('image/png');
		const typed = buildRequest(
			input({ method: 'PUT', file: png, fileSlot: slot, headers: 'Content-Type: text/plain' })
		);
		expect(typed.headers['Content-Type']).toBe('text/plain');
		const untyped = buildRequest(
			input({ method: 'PUT', file: new File(['x'], 'pkg.bin'), fileSlot: slot })
		);
		expect(untyped.headers['Content-Type']).toBe('application/octet-stream');
	});

	it('Send refuses until the file is chosen, naming where it goes and why a page cannot read it', () => {
		const ok = {
			parsedParams: { ok: true, value: {} },
			headers: '',
			query: '',
			unresolved: []
		} satisfies InputFields;
		expect(inputError({ ...ok, fileSlot: { field: 'avatar', source: 'dk.png' } }, {})).toBe(
			'Choose the file to send as the field “avatar” under File first (“dk.png” where this request came from): a web page can read a file only when you choose it, so nothing is sent until you do.'
		);
		expect(inputError({ ...ok, fileSlot: { field: null, source: 'a.txt' } }, {})).toMatch(
			/^Choose the file to send as the whole body under File first/
		);
		expect(
			inputError({ ...ok, fileSlot: { field: 'avatar', source: 'dk.png' }, file: png }, {})
		).toBeNull();
	});
});
