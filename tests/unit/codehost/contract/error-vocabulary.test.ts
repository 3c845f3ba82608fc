// One error vocabulary: the explorer's error shapes are finer kinds of the ApiProblem every area
// shows, so an answer the client cannot read as JSON is one thing everywhere.
import { describe, expect, it } from 'vitest';
import { problemKindOf } from '$lib/codehost/contract/errors';
import { isApiProblem } from '$lib/http/problem';
import { createClient } from '$lib/http/client';
import { explorerOver } from '../explorer-over';

const answering = (status: number, body: string, type: string) => async () =>
	new Response(body, { status, headers: { 'content-type': type } });

/** The kind of ApiProblem the shared HTTP client makes of an answer. */
async function clientKind(status: number, body: string, type: string): Promise<string> {
	const client = createClient({
		baseUrl: 'https://api.test',
		transport: answering(status, body, type),
		env: { online: () => true, pageOrigin: () => undefined }
	});
	try {
		await client.json({ method: 'GET', path: '/x', retry: false });
		return 'none';
	} catch (error) {
		return isApiProblem(error) ? error.kind : 'thrown';
	}
}

describe('one error vocabulary', () => {
	it.each([
		['malformed JSON', 200, '{"message": ', 'application/json', 'malformed-json'],
		['an HTML page', 502, '<html><body>Bad gateway</body></html>', 'text/html', 'html-body']
	])(
		'CH-CT-1: %s is a parse problem in the explorer and in every other area',
		async (_name, status, body, type, id) => {
			const explorer = explorerOver(answering(status, body, type));
			await explorer.exchange.send();
			const shape = explorer.exchange.response?.shape;
			expect(shape?.id).toBe(id);
			expect(shape?.kind).toBe('parse');
			expect(await clientKind(status, body, type)).toBe('parse');
		}
	);

	it('an answer that is an error is an http problem in both', async () => {
		const body = '{"message":"404 Project Not Found"}';
		const explorer = explorerOver(answering(404, body, 'application/json'));
		await explorer.exchange.send();
		expect(explorer.exchange.response?.shape).toMatchObject({
			kind: 'http',
			id: 'missing-resource'
		});
		expect(await clientKind(404, body, 'application/json')).toBe('http');
		expect(problemKindOf('rate-limited')).toBe('http');
	});

	it('a plain-text error body is an http problem in both: the status is the failure', async () => {
		const explorer = explorerOver(answering(404, 'Not found', 'text/plain'));
		await explorer.exchange.send();
		expect(explorer.exchange.response?.shape).toMatchObject({ kind: 'http', id: 'not-json' });
		expect(await clientKind(404, 'Not found', 'text/plain')).toBe('http');
	});

	it('no answer at all is the same ApiProblem in the explorer as anywhere', async () => {
		const explorer = explorerOver(async () => {
			throw new TypeError('Failed to fetch');
		});
		await explorer.exchange.send();
		expect(explorer.exchange.result.kind).toBe('failed');
		expect(isApiProblem(explorer.exchange.failure)).toBe(true);
		expect(explorer.exchange.failure?.kind).toBe('network');
	});
});
