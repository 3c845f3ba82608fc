import { describe, expect, it } from 'vitest';
import { orderedText, outcomeUnknown } from '$lib/energy/purchase/purchase.svelte';
import { ApiProblem } from '$lib/http/problem';

const unknown = (kind: ApiProblem['kind'], status?: number) =>
	outcomeUnknown(new ApiProblem({ kind, status, message: '', hint: '' }));

describe('a purchase without a readable answer', () => {
	it('may exist on the server when the answer was lost, unreadable or a server failure', () => {
		expect(unknown('cors')).toBe(true);
		expect(unknown('contract', 200)).toBe(true);
		expect(unknown('http', 500)).toBe(true);
	});

	it('did not happen when the server refused it, or the person cancelled before it went', () => {
		expect(unknown('http', 499)).toBe(false);
		expect(unknown('http')).toBe(false);
		expect(unknown('aborted', 500)).toBe(false);
	});

	it("the home page names a purchase by its amount, or plainly when it is an estimate's", () => {
		expect(orderedText(65000)).toBe('Ordered 65,000 energy');
		expect(orderedText(null)).toBe('Ordered energy');
	});
});
