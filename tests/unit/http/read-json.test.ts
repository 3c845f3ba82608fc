/** readJson: an answer read as JSON, or the problem that says why it cannot be. */
import { describe, expect, it } from 'vitest';
import { ApiProblem } from '$lib/http/problem';
import { LONG_BODY_BYTES, readBodyText } from '$lib/http/read-body';
import { readJson, type HttpResult } from '$lib/http/read-json';
import { longBody, streamed } from './long-bodies';

describe('readJson: a long answer', () => {
	it('is refused in plain words with its size, not called malformed JSON', async () => {
		const bytes = longBody(LONG_BODY_BYTES + 1_500_000);
		const response = streamed(bytes, 1 << 20);
		const read = await readBodyText(response);
		const result = {
			response,
			text: read.text,
			url: 'https://h.example/list',
			exchange: { url: 'https://h.example/list' },
			whole: read.whole
		} as HttpResult;
		let problem: unknown;
		try {
			readJson(result, 'get');
		} catch (error) {
			problem = error;
		}
		expect(problem).toBeInstanceOf(ApiProblem);
		expect((problem as ApiProblem).message).toBe(
			"The server's answer is 13.5 MB, more than the 12.0 MB this app reads."
		);
		expect((problem as ApiProblem).hint).toMatch(/smaller page/);
	});
});
