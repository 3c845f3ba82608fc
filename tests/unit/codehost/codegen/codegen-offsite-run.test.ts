/**
 * Issue 23: a Path that names another server. The explorer sends `/http://other/…` under the API
 * root (with the credential: it is the API root's origin) and a typed absolute `http://other/…`
 * to the other origin with no credential. The generated code of each client, run for real
 * against two loopback servers, does the same: the other server never gets a token or Sudo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV, explorerAt, JOB, RUN_CLIENTS, TOKEN } from './codegen-run-cases';
import { LoggingServer, requirePythonGitlab, runCode, type Arrival } from './codegen-runner';
import type { ExplorerState } from '$lib/codehost/explorer.svelte';

const WAYS: [string, (e: ExplorerState) => void][] = [
	[
		'a PRIVATE-TOKEN header and Sudo',
		(e) => {
			e.auth.setMethod('personal');
			e.auth.way = 'private-token-header';
			e.auth.token = TOKEN;
			e.auth.sudo = 'alice';
		}
	],
	[
		'a private_token parameter and Sudo as a parameter',
		(e) => {
			e.auth.setMethod('personal');
			e.auth.way = 'private-token-query';
			e.auth.token = TOKEN;
			e.auth.sudo = 'alice';
			e.auth.sudoWay = 'query';
		}
	],
	[
		'an OAuth Bearer token',
		(e) => {
			e.auth.setMethod('oauth');
			e.auth.way = 'bearer';
			e.auth.token = TOKEN;
		}
	],
	[
		'a job token',
		(e) => {
			e.auth.setMethod('job');
			e.auth.way = 'job-token-header';
			e.auth.token = JOB;
		}
	]
];

/** Anything in an arrival that could carry a credential. */
const credentialIn = (a: Arrival) =>
	[
		...Object.entries(a.headers).filter(([n]) =>
			/^(private-token|job-token|authorization|cookie|sudo)$/.test(n)
		),
		...a.query.filter((q) => /^(private_token|access_token|job_token|sudo)=/.test(q)),
		...[TOKEN, JOB].filter((t) => JSON.stringify(a).includes(t))
	].map(String);

describe('a Path naming another server: the code goes where the app goes, with no credential there', () => {
	let api: LoggingServer;
	let other: LoggingServer;
	beforeAll(async () => {
		await requirePythonGitlab();
		api = await new LoggingServer().start();
		other = await new LoggingServer().start();
	});
	afterAll(async () => {
		await api.stop();
		await other.stop();
	});

	const paths: [string, (o: string) => string][] = [
		['a Link made the Path /http://other/…', (o) => `/${o}/api/v4/projects`],
		['a typed absolute Path', (o) => `${o}/api/v4/projects`]
	];
	for (const [pathName, pathOf] of paths)
		for (const [wayName, way] of WAYS)
			for (const client of RUN_CLIENTS)
				it(`${pathName}, ${wayName}: ${client}`, { timeout: 30_000 }, async () => {
					const explorer = explorerAt(`${api.origin}/api/v4`);
					way(explorer);
					explorer.auth.save();
					explorer.form.path = pathOf(other.origin);
					explorer.form.query = 'per_page=5';
					api.take();
					other.take();
					await explorer.exchange.send();
					const app = { api: api.take(), other: other.take() };
					expect(app.api.length + app.other.length, 'the app sends one request').toBe(1);
					const code = explorer.tools.code(client);
					const ran = await runCode(client, code, ENV);
					const got = { api: api.take(), other: other.take() };
					// Where the credential parameter stands among the others is the client's own.
					const pairs = (a: { api: Arrival[]; other: Arrival[] }) => ({
						api: a.api.map(({ rawQuery: _raw, ...rest }) => rest),
						other: a.other.map(({ rawQuery: _raw, ...rest }) => rest)
					});
					expect(pairs(got), `${code}\n---\n${ran.stderr}`).toEqual(pairs(app));
					expect(got.other.flatMap(credentialIn)).toEqual([]);
					if (got.other.length)
						expect(code).toMatch(
							/not to the API root's .*: like the app, it sends no token, session or Sudo there/
						);
				});
});
