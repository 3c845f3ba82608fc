// What a reader is told when a chapter's answer is wrong, and a raw answer without a content type.
import { describe, expect, it } from 'vitest';
import { getChapter, getRaw } from '$lib/bible/api';
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';

const noProbe = { online: () => true, pageOrigin: () => undefined };

/** A client whose server answers every request with `respond()`. */
const clientAnswering = (respond: () => Response) =>
	createClient({
		baseUrl: 'https://bible.example/api/v1',
		transport: () => Promise.resolve(respond()),
		retryLimit: 0,
		env: noProbe
	});

async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
	const error = await promise.catch((e: unknown) => e);
	expect(error).toBeInstanceOf(ApiProblem);
	return error as ApiProblem;
}

describe('a chapter’s answer that is wrong', () => {
	it('an error status names the GET request', async () => {
		const client = clientAnswering(() => Response.json({ success: false }, { status: 404 }));
		const problem = await problemOf(getChapter(client, 'KJV', 'Gen', 3));
		expect(problem.method).toBe('GET');
		expect(problem.message).toMatch(/^GET https:\/\/bible\.example\/api\/v1\/.* answered 404/);
	});

	it('another chapter than the one asked for: the GET, and a hint naming data.ref', async () => {
		const client = clientAnswering(() =>
			Response.json({
				data: { apiUrl: 'x', ref: 4, verses: [{ ref: '1', text: 'In the beginning' }] },
				success: true
			})
		);
		const problem = await problemOf(getChapter(client, 'KJV', 'Gen', 3));
		expect(problem.method).toBe('GET');
		expect(problem.hint).toBe(
			'The server answered, but the field `data.ref` is not what the API contract promises. The server may run another version.'
		);
	});
});

describe('a raw answer', () => {
	it('without a content type says none, as an empty text', async () => {
		const client = clientAnswering(() => new Response(new TextEncoder().encode('key: value')));
		const answer = await getRaw(client, 'bibles', 'yaml');
		expect(answer.contentType).toBe('');
		expect(answer.text).toBe('key: value');
	});
});
