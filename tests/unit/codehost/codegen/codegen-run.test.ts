/**
 * The generated code runs as it is and sends the request the app sends: for fourteen requests, the
 * explorer's own send path and the code of cURL, fetch, @gitbeaker/rest and python-gitlab go to
 * one loopback server, which compares what arrives. glab is not packaged for Debian: its command
 * text is checked in codegen-clients.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES, ENV, explorerAt, RUN_CLIENTS } from './codegen-run-cases';
import {
	LoggingServer,
	requirePythonGitlab,
	runCode,
	writeRunFile,
	type Arrival
} from './codegen-runner';

/**
 * An arrival without its media type (GitLab reads a form and a JSON object's fields alike): what a client that sends the URL as written must match byte for byte (cURL, fetch); a library
 * (gitbeaker, python-gitlab) builds its own query from the same pairs.
 */
const asWritten = (client: string) => (a: Arrival) => {
	const { media: _media, rawQuery, ...rest } = a;
	return client === 'cURL' || client === 'fetch' ? { ...rest, rawQuery } : rest;
};

describe('generated code, run with the real clients, sends the request the app sends', () => {
	let server: LoggingServer;
	beforeAll(async () => {
		await requirePythonGitlab();
		server = await new LoggingServer().start();
	});
	afterAll(() => server.stop());
	/** Runs whose body reached the server in another encoding than the app's (same fields). */
	const encodings: string[] = [];
	/** python-gitlab runs: whether its code notes the Content-Type, and whether one came with no body. */
	const contentTypeNotes: { run: string; noted: boolean; sentWithoutBody: boolean }[] = [];

	for (const c of CASES)
		for (const client of RUN_CLIENTS)
			it(`${c.name}: ${client}`, { timeout: 30_000 }, async () => {
				const explorer = explorerAt(`${server.origin}/api/v4`);
				c.set(explorer);
				for (const [name, content] of c.files ?? []) writeRunFile(name, content);
				explorer.auth.save();
				server.take();
				await explorer.exchange.send();
				const app = server.take();
				expect(app, 'the app sends one request').toHaveLength(1);
				const code = explorer.tools.code(client);
				const ran = await runCode(client, code, ENV);
				const contentType = server.contentTypes[0];
				const arrived = server.take();
				if (client === 'python-gitlab')
					contentTypeNotes.push({
						run: c.name,
						noted: code.includes('also sends “Content-Type: application/json”'),
						sentWithoutBody: contentType === 'application/json' && !arrived[0]!.body.length
					});
				expect(arrived.map(asWritten(client)), `${code}\n---\n${ran.stderr}`).toEqual(
					app.map(asWritten(client))
				);
				expect(ran.code, ran.stderr).toBe(0);
				if (arrived[0]!.media !== app[0]!.media)
					encodings.push(`${c.name}: ${client} (${arrived[0]!.media})`);
			});

	it("only the libraries change a form body's encoding, each the one way it can send a form", () => {
		expect(encodings).toEqual([
			'a POST with a form body: gitbeaker (multipart/form-data)',
			'a POST with a form body: python-gitlab (application/json)',
			'a PUT with a form body: gitbeaker (multipart/form-data)',
			'a PUT with a form body: python-gitlab (application/json)'
		]);
	});

	it('python-gitlab code says it sends a JSON Content-Type exactly where it sends one with no body (a GET, a DELETE)', () => {
		const noted = contentTypeNotes.filter((n) => n.noted).map((n) => n.run);
		expect(contentTypeNotes.filter((n) => n.noted !== n.sentWithoutBody)).toEqual([]);
		expect(noted).toEqual(expect.arrayContaining(['a list, page 2', 'a DELETE']));
		expect(noted).not.toContain('a POST with a JSON body and an extra header');
	});
});
