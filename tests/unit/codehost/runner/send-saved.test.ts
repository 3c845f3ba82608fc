// A saved request sent by the collection runner: built from the saved form with the run's
// variables and sent through the explorer's send path.
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '$lib/codehost/collections/collections';
import { sendSaved } from '$lib/codehost/runner/send-saved';
import { explorerOver, ROOT } from '../explorer-over';

const item = (over: Partial<SavedRequest> = {}): SavedRequest => ({
	id: 'r1',
	name: 'Create issue',
	method: 'POST',
	path: '/projects/:id/issues',
	pathParams: { id: '{{project}}' },
	query: 'labels={{label}}',
	params: '{"title": "{{title}}"}',
	bodyKind: 'json',
	headers: 'X-Note: {{note}}',
	auth: { method: 'none', way: 'none' },
	...over
});

function over(answer: () => Response) {
	const seen: Request[] = [];
	const explorer = explorerOver(async (input, init) => {
		seen.push(new Request(input, init));
		return answer();
	});
	return { explorer, seen };
}

describe('sending a saved request in a run', () => {
	it('fills path, query, parameters and headers from the run’s variables, and sends the JSON body', async () => {
		const { explorer, seen } = over(
			() =>
				new Response('{"iid": 3}', {
					status: 201,
					headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'abc' }
				})
		);
		const response = await sendSaved(
			item(),
			{ project: 'group/app', label: 'a&b', title: 'Hello "you"', note: 'from a run' },
			explorer.exchange.context()
		);
		expect(seen).toHaveLength(1);
		const sent = seen[0]!;
		expect(sent.method).toBe('POST');
		expect(sent.url).toBe(`${ROOT}/projects/group%2Fapp/issues?labels=a%26b`);
		expect(sent.headers.get('x-note')).toBe('from a run');
		expect(sent.headers.get('content-type')).toBe('application/json');
		expect(await sent.json()).toEqual({ title: 'Hello "you"' });
		expect(response.status).toBe(201);
		expect(response.body).toEqual({ iid: 3 });
		expect(response.headers).toMatchObject({ 'x-request-id': 'abc' });
		expect(response.timeMs).toBeGreaterThanOrEqual(0);
	});

	it('an answer that is not JSON is given to the checks as its text', async () => {
		const { explorer } = over(() => new Response('plain words', { status: 200 }));
		const response = await sendSaved(
			item({ method: 'GET', bodyKind: 'query', params: '', pathParams: { id: '1' } }),
			{},
			explorer.exchange.context()
		);
		expect(response.body).toBe('plain words');
	});

	it('a request that needs a file chosen on the page fails the run, saying to send it with Send, and nothing is sent', async () => {
		const { explorer, seen } = over(() => new Response('{}'));
		await expect(
			sendSaved(
				item({ bodyKind: 'multipart', fileSlot: { field: 'avatar', source: 'dk.png' } }),
				{},
				explorer.exchange.context()
			)
		).rejects.toThrow(
			'Create issue: it sends a file chosen on the page, which a run cannot choose: open it and send it with Send. Nothing was sent.'
		);
		expect(seen).toEqual([]);
	});

	it('parameters that are not one JSON object fail the request, named, and nothing is sent', async () => {
		const { explorer, seen } = over(() => new Response('{}'));
		await expect(
			sendSaved(item({ params: '[1, 2]' }), {}, explorer.exchange.context())
		).rejects.toThrow(
			'Create issue: Parameters must be one JSON object, for example {"name": "value"}, not a list or a single value.'
		);
		expect(seen).toEqual([]);
	});
});

describe('CH-SUDO-2: a run’s data and carried values cannot add a header', () => {
	const hostile = [
		[
			'a CSV row',
			'X-Trace: {{trace}}',
			{ trace: 'a\nSudo: alice' },
			/\{\{trace\}\} holds a line break/
		],
		[
			'a value carried from an answer',
			'X-Name: {{name}}',
			{ name: 'Alice\nSudo: alice\nX-Forwarded-For: 10.0.0.1' },
			/\{\{name\}\} holds a line break/
		],
		[
			'imported values naming the header',
			'{{hn}}: {{hv}}',
			{ hn: 'Sudo', hv: 'alice' },
			/comes from \{\{hn\}\}/
		],
		['a saved Sudo line', 'Sudo: alice', {}, /sets the Sudo header itself/]
	] as const;

	for (const [what, headers, variables, reason] of hostile)
		it(`${what} is refused with the variable and why, and nothing is sent`, async () => {
			const { explorer, seen } = over(() => Response.json({}));
			const refusal = sendSaved(
				item({ method: 'GET', headers, pathParams: { id: '1' }, query: '', params: '' }),
				variables,
				explorer.exchange.context()
			);
			await expect(refusal).rejects.toThrow(reason);
			await expect(refusal).rejects.toThrow(/^Create issue: .*Nothing was sent\.$/);
			expect(seen).toHaveLength(0);
		});
});
