import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curlCode, type CodeRequest } from '$lib/codehost/codegen/codegen';
import { parseCurl, toRequest } from '$lib/codehost/import/curl';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { explorerOver, ROOT } from '../explorer-over';

const ROOT_URL = 'https://gitlab.example.com/api/v4';
const TOKEN = 'glpat-demo-token';

/** Requests the explorer can build: a path of encoded segments, a query, a JSON body, headers. */
const segment = fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent);
const text = fc.string({ maxLength: 16 });
const request = fc.record({
	method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
	segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
	query: fc.array(fc.tuple(fc.stringMatching(/^[a-z_]{1,8}$/), text), { maxLength: 3 }),
	headers: fc.array(
		fc.tuple(
			fc.stringMatching(/^X-[A-Za-z]{1,8}$/),
			// Not empty: curl sends no header for `-H 'X-A: '` (see curl-import-options.test.ts).
			fc.stringMatching(/^[!-~][ -~]{0,15}$/).map((v) => v.trim())
		),
		{ maxLength: 2 }
	),
	body: fc.option(fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), text, { maxKeys: 3 })),
	way: fc.constantFrom('private-token-header', 'bearer', 'private-token-query', 'none'),
	token: fc.stringMatching(/^glpat-[A-Za-z0-9_-]{4,20}$/)
});

describe('cURL import', () => {
	it('round trip: generate → parse → the same request, token moved to the token field, over random requests', () => {
		fc.assert(
			fc.property(request, (r) => {
				const reserved = ['private_token', 'access_token', 'job_token', 'sudo'];
				const query = r.query
					.filter(([k]) => !reserved.includes(k))
					.map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
					.join('&');
				const headerList = new Map(r.headers.map(([k, v]) => [k, v] as const));
				const body = r.method !== 'GET' && r.body ? JSON.stringify(r.body) : undefined;
				const code: CodeRequest = {
					method: r.method,
					apiRoot: ROOT_URL,
					target: `/${r.segments.join('/')}`,
					query,
					headers: {
						...Object.fromEntries(headerList),
						...(body ? { 'Content-Type': 'application/json' } : {})
					},
					bodyText: body,
					auth:
						r.way === 'none'
							? { method: 'none', way: 'none', token: '' }
							: { method: 'personal', way: r.way as 'bearer', token: r.token }
				};
				const back = toRequest(parseCurl(curlCode(code, true)), ROOT_URL);
				expect(back.request.method).toBe(r.method);
				expect(back.request.path).toBe(code.target);
				// The generated command names the query as the browser sends it (' as %27).
				const sentQuery = query && new URL(`${ROOT_URL}/x?${query}`).search.slice(1);
				expect(back.request.query).toBe(sentQuery);
				expect(back.request.headers).toBe([...headerList].map(([k, v]) => `${k}: ${v}`).join('\n'));
				if (body) expect(JSON.parse(back.request.params)).toEqual(r.body);
				else expect(back.request.params).toBe('');
				expect(back.token).toBe(r.way === 'none' ? '' : r.token);
				expect(back.request.auth.way).toBe(r.way);
				expect(back.notes).toEqual([]);
			})
		);
	});

	it('a browser’s "Copy as cURL": browser headers and cookies are listed as left out, the token moves out', () => {
		const command = `curl 'https://gitlab.example.com/api/v4/projects?per_page=5' \\
  -H 'accept: application/json' \\
  -H 'accept-language: en-GB,en;q=0.9' \\
  -H 'PRIVATE-TOKEN: glpat-from-browser' \\
  -H 'sec-fetch-mode: cors' \\
  -H 'X-Trace: 7' \\
  -b 'theme=dark' \\
  --compressed --frobnicate -u me:pw`;
		const r = toRequest(parseCurl(command), ROOT_URL);
		expect(r.request).toMatchObject({
			method: 'GET',
			path: '/projects',
			query: 'per_page=5',
			headers: 'X-Trace: 7',
			auth: { method: 'personal', way: 'private-token-header' }
		});
		expect(r.token).toBe('glpat-from-browser');
		expect(r.notes).toEqual([
			'--frobnicate: not understood, left out.',
			'--compressed: left out (it changes only how curl itself runs or prints).',
			'accept-language: left out (the browser sets it).',
			'sec-fetch-mode: left out (the browser sets it).',
			'The cookies were left out: the browser sends its own.',
			'-u (user and password) was left out: the API takes tokens, not passwords.'
		]);
	});

	it('a form body, -G data, a placeholder token, another server and shell operators', () => {
		const form = toRequest(
			parseCurl(
				`curl -X POST https://other.example/api/v4/projects -d 'name=x%20y' -d 'labels[]=a' -d 'labels[]=b' -H "Authorization: Bearer $GITLAB_TOKEN" | jq .`
			),
			ROOT_URL
		);
		expect(form.request.bodyKind).toBe('form');
		expect(JSON.parse(form.request.params)).toEqual({ name: 'x y', labels: ['a', 'b'] });
		expect(form.token).toBe('');
		expect(form.request.auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(form.notes).toEqual([
			'The command “jq” (after “|”) is not part of the request.',
			`The command went to https://other.example; it is loaded at the current base URL, ${ROOT_URL}. Change the base URL in Settings to send it there.`,
			'The token comes from $GITLAB_TOKEN in the command: paste it into the Token field.'
		]);
		const get = toRequest(
			parseCurl(`curl -G ${ROOT_URL}/projects --data-urlencode 'search=a b'`),
			ROOT_URL
		);
		// As curl sends it: a space as +.
		expect(get.request).toMatchObject({ method: 'GET', query: 'search=a+b' });
	});

	it('a multipart form: text fields fill Parameters as “Multipart form”; a file named on disk is listed with why', () => {
		const imported = toRequest(
			parseCurl(
				`curl ${ROOT_URL}/projects/1/uploads -H 'PRIVATE-TOKEN: ${TOKEN}' -F 'description=Release;type=text/plain' -F 'labels[]=a' --form-string 'note=@literal' -F 'file=@./notes.txt' -F 'avatar=<pic.png'`
			),
			ROOT_URL
		);
		expect(imported.request).toMatchObject({ method: 'POST', bodyKind: 'multipart' });
		expect(JSON.parse(imported.request.params)).toEqual({
			description: 'Release',
			labels: ['a'],
			note: '@literal',
			avatar: ''
		});
		expect(imported.token).toBe(TOKEN);
		expect(imported.notes).toEqual([
			'-F file=@./notes.txt: a page cannot read a file from your disk by its name. Choose ./notes.txt under “File for file”; nothing is sent until you do.',
			'-F avatar=<pic.png: curl sends the text of the file pic.png as the field avatar; a page cannot read a file from your disk by its name: type that text into its place under Parameters (it is empty now).'
		]);

		// The explorer's own cURL for a form reads back as the same form.
		const code: CodeRequest = {
			method: 'PUT',
			apiRoot: ROOT_URL,
			target: '/projects/1',
			query: '',
			headers: {},
			form: {
				fields: [
					['name', "it's @ <x>; type=y"],
					['tags[]', 'a']
				]
			},
			auth: { method: 'none', way: 'none', token: '' }
		};
		const back = toRequest(parseCurl(curlCode(code)), ROOT_URL);
		expect(back.request).toMatchObject({ method: 'PUT', bodyKind: 'multipart' });
		expect(JSON.parse(back.request.params)).toEqual({ name: "it's @ <x>; type=y", tags: ['a'] });
		expect(back.notes).toEqual([]);
	});

	it('refuses what is not a cURL command, or has no URL, or a method the explorer does not send', () => {
		expect(() => parseCurl('wget https://x')).toThrow(/start with “curl”/);
		expect(() => parseCurl('curl -s')).toThrow(/no URL/);
		expect(() => toRequest(parseCurl(`curl -I ${ROOT_URL}/projects`), ROOT_URL)).toThrow(/HEAD/);
		expect(() => toRequest(parseCurl('curl /projects'), ROOT_URL)).toThrow(/not a full URL/);
	});

	it('the explorer imports a command with a token and sends it, the token only in the header', async () => {
		const app = createCodehostApp();
		const sent: Request[] = [];
		const explorer = explorerOver(async (input, init) => {
			const r = new Request(input, init);
			sent.push(r.clone());
			return app.fetch(r);
		});
		expect(
			explorer.tools.importCurl(
				`curl '${ROOT}/projects/1?statistics=true' -H 'PRIVATE-TOKEN: glpat-demo-token'`
			)
		).toBe(true);
		expect(explorer.auth.token).toBe('glpat-demo-token');
		expect(explorer.form.headers).toBe('');
		expect(explorer.tools.curlImport?.message).toBe(
			'Imported GET /projects/1; the token is in the Token field.'
		);
		await explorer.exchange.send();
		expect(sent[0]!.headers.get('private-token')).toBe('glpat-demo-token');
		expect(sent[0]!.url).toBe(`${ROOT}/projects/1?statistics=true`);
		expect(explorer.exchange.response?.status).toBe(200);
		expect(explorer.tools.importCurl('curl')).toBe(false);
		expect(explorer.tools.curlImport?.message).toBe('Not imported: The command has no URL.');
	});
});
