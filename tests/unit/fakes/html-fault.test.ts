import { afterEach, expect, it } from 'vitest';
import { demoFaults, demoTransport } from '$lib/fakes/demo-transport';
import { noFaults } from '$lib/fakes/faults';
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';

afterEach(() => {
	Object.assign(demoFaults.codehost, noFaults());
});

it('"html-error" (an edge proxy HTML page) reaches client.json as a parse problem with the HTML hint', async () => {
	demoFaults.codehost.fault = 'html-error';
	const client = createClient({
		baseUrl: 'https://codehost.demo/api/v4',
		transport: demoTransport('codehost'),
		env: { online: () => true, pageOrigin: () => 'https://codehost.demo' }
	});
	const problem = await client.json({ method: 'GET', path: 'projects' }).then(
		() => null,
		(error: unknown) => error
	);
	expect(problem).toBeInstanceOf(ApiProblem);
	expect((problem as ApiProblem).kind).toBe('parse');
	expect((problem as ApiProblem).hint).toMatch(/HTML page/);
});
