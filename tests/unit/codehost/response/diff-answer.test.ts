import { describe, expect, it } from 'vitest';
import { answerDiff } from '$lib/codehost/response/diff-answer';

describe('the diff worker’s protocol', () => {
	it('answers a request with its id; a body it cannot walk is a failure, not a crash', () => {
		expect(answerDiff({ id: 7, before: '[1]', after: '[2]' })).toEqual({
			id: 7,
			changes: [{ kind: 'changed', path: '[0]', before: '1', after: '2' }]
		});
		const deep = '['.repeat(20_000) + ']'.repeat(20_000);
		const reply = answerDiff({ id: 8, before: deep, after: deep.replace('[]', '[1]') });
		expect(reply.id).toBe(8);
		expect('failed' in reply).toBe(true);
	});
});
