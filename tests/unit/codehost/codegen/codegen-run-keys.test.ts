/**
 * Keys JavaScript treats apart (`__proto__`, `constructor`, `prototype`), and keys that are no
 * identifier (`a-b`, `1x`, `with space`), in the parameters typed as JSON: the app sends each as a
 * parameter of that name (flattenParams, JSON.stringify). The code of cURL, fetch, @gitbeaker/rest
 * and python-gitlab, run for real against a loopback server, sends exactly what the app sends:
 * no key lost, none turned into another (an object literal's `__proto__` sets a prototype, and
 * gitbeaker's key renaming copies inherited fields, which once made a project public).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplorerState } from '$lib/codehost/explorer.svelte';
import type { RequestFormState } from '$lib/codehost/request/form.svelte';
import { ENV, explorerAt, personal, RUN_CLIENTS } from './codegen-run-cases';
import { LoggingServer, requirePythonGitlab, runCode, type Arrival } from './codegen-runner';

/**
 * An arrival without its media type (GitLab reads a form and a JSON object's fields alike) and
 * its raw query (the libraries build their own from the same pairs; codegen-run.test.ts compares
 * it for the clients that send the URL as written).
 */
const sent = ({ media: _media, rawQuery: _raw, ...rest }: Arrival) => rest;

const SPECIAL =
	'{"__proto__": {"visibility": "public"}, "constructor": {"prototype": {"x": "1"}}, "prototype": "p", "a-b": "1", "1x": "2", "with space": "3", "hasOwnProperty": "4"}';

const form =
	(
		method: RequestFormState['method'],
		path: string,
		params: string,
		bodyKind: RequestFormState['bodyKind'],
		more: (e: ExplorerState) => void = () => {}
	) =>
	(e: ExplorerState) => {
		personal(e);
		e.form.method = method;
		e.form.path = path;
		e.form.pathParams = {};
		e.form.query = '';
		e.form.bodyKind = bodyKind;
		e.form.params = params;
		more(e);
	};

const CASES: [string, (e: ExplorerState) => void][] = [
	['special and non-identifier keys in the query', form('GET', '/projects', SPECIAL, 'query')],
	[
		'a plain __proto__ value and page in the query (the libraries’ list calls)',
		form('GET', '/projects', '{"__proto__": "x", "constructor": "c", "page": "2"}', 'query')
	],
	[
		'__proto__ and constructor in the query of one project (the libraries’ show calls)',
		form('GET', '/projects/7', '{"__proto__": "x", "prototype": "p"}', 'query')
	],
	[
		'a raw query naming __proto__, constructor and prototype',
		(e) => {
			personal(e);
			e.form.method = 'GET';
			e.form.path = '/projects/7/issues';
			e.form.query = '__proto__=1&constructor=2&prototype=3&a-b=4&__proto__[]=5';
		}
	],
	[
		'special and non-identifier keys in a JSON body, with a header named constructor',
		form('POST', '/projects', SPECIAL, 'json', (e) => (e.form.headers = 'constructor: c'))
	],
	[
		'__proto__ as the only field of a JSON body, nested in a list too',
		form(
			'PUT',
			'/projects/7',
			'{"__proto__": {"visibility": "public"}, "list": [{"__proto__": {"a": "1"}}]}',
			'json'
		)
	],
	[
		'a prototype key beside page and per_page (gitbeaker leaves such an object unrenamed)',
		form('GET', '/projects', '{"prototype": "p", "per_page": "2", "page": "1"}', 'query')
	],
	['special keys in a form body', form('POST', '/projects/7/issues', SPECIAL, 'form')],
	[
		'a form field named __proto__, and a list named constructor',
		form('PUT', '/projects/7', '{"__proto__": "x", "constructor": ["a", "b"]}', 'form')
	],
	[
		'a list named __proto__ in a form',
		form('POST', '/projects/7/issues', '{"__proto__": ["a", "b"], "title": "t"}', 'form')
	],
	['special keys in a multipart form', form('POST', '/projects/7/uploads', SPECIAL, 'multipart')],
	[
		'keys gitbeaker would rename (an upper-case letter after an underscore or a space)',
		form('POST', '/projects', '{"a_B": "1", "with Space": "2", "x-Y": "3"}', 'json')
	],
	[
		'upper-case keys gitbeaker leaves as they are (not starting with a lower-case letter)',
		form('POST', '/projects', '{"_aB": "1", "1aB": "2", "ABc": {"_xY": "3"}}', 'json')
	]
];

describe('keys JavaScript treats apart: the generated code sends them as the app does', () => {
	let server: LoggingServer;
	beforeAll(async () => {
		await requirePythonGitlab();
		server = await new LoggingServer().start();
	});
	afterAll(() => server.stop());

	for (const [name, set] of CASES)
		for (const client of RUN_CLIENTS)
			it(`${name}: ${client}`, { timeout: 30_000 }, async () => {
				const explorer = explorerAt(`${server.origin}/api/v4`);
				set(explorer);
				explorer.auth.save();
				server.take();
				await explorer.exchange.send();
				const app = server.take();
				expect(app, 'the app sends one request').toHaveLength(1);
				const code = explorer.tools.code(client);
				const ran = await runCode(client, code, ENV);
				const arrived = server.take();
				expect(arrived.map(sent), `${code}\n---\n${ran.stderr}`).toEqual(app.map(sent));
				expect(ran.code, ran.stderr).toBe(0);
			});
});
