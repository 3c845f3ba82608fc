/** ApiProblem, the one error of every failed call. */
import { describe, expect, it } from 'vitest';
import { ApiProblem, BODY_PREVIEW_CHARS } from '$lib/http/problem';

describe('ApiProblem', () => {
	const problem = (bodyText?: string) =>
		new ApiProblem({ kind: 'parse', message: 'm', hint: 'h', bodyText, cause: 'why' });

	it('is an Error named ApiProblem that keeps its cause', () => {
		const p = problem('x');
		expect(p).toBeInstanceOf(Error);
		expect(p.name).toBe('ApiProblem');
		expect(p.cause).toBe('why');
	});

	it('previews a body up to its limit whole, and cuts a longer one', () => {
		const exact = 'a'.repeat(BODY_PREVIEW_CHARS);
		expect(problem(exact).bodyPreview).toBe(exact);
		expect(problem(`${exact}b`).bodyPreview).toBe(`${exact}…`);
		expect(problem().bodyPreview).toBe('');
	});
});
