import { describe, expect, it } from 'vitest';
import { nullBooleans, nullParams } from '$lib/codehost/contract/rules';
import { JSON_MAX_DEPTH, jsonDepth, jsonEntries } from '$lib/http/json-walk';
import { linksByRel, parseLinkHeader } from '$lib/http/link-header';
import { keepBaseUrl } from '$lib/codehost/pagination/pagination';
import { explorerOver, ROOT } from './explorer-over';

/** `{"is_admin":null,"a":{"a":…}}` nested `levels` deep, as a hostile server might answer. */
const nested = (levels: number) =>
	'{"a":'.repeat(levels - 1) + '{"is_admin":null}' + '}'.repeat(levels - 1);

/** An explorer whose server answers every request with `answer`, recording where each went. */
function explorerAnswering(answer: () => Response) {
	const sent: string[] = [];
	const explorer = explorerOver(async (input, init) => {
		sent.push(new Request(input, init).url);
		return answer();
	});
	return { explorer, sent };
}

const json = (body: string, headers: Record<string, string> = {}) =>
	new Response(body, { headers: { 'Content-Type': 'application/json', ...headers } });

describe('walking an answer never recurses', () => {
	it('an answer 50,000 levels deep is measured and walked without RangeError', () => {
		const value = JSON.parse(nested(50_000)) as unknown;
		expect(jsonDepth(value)).toBe(JSON_MAX_DEPTH + 1);
		expect(jsonDepth(value, 100_000)).toBe(50_000);
		expect(() => nullBooleans(value)).not.toThrow();
		expect(() => nullParams(value)).not.toThrow();
		expect([...jsonEntries(value)]).toHaveLength(JSON_MAX_DEPTH);
	});

	it('entries come in document order with their dotted paths', () => {
		const value = { a: [{ b: 1 }, 2], c: null };
		expect([...jsonEntries(value)].map((e) => e.path)).toEqual(['a', 'a.0', 'a.0.b', 'a.1', 'c']);
		expect(jsonDepth(value)).toBe(3);
		expect(jsonDepth(7)).toBe(0);
	});

	it('CH-BOOL-1: null booleans are still found, at most 20, below the depth limit', () => {
		expect(nullBooleans(JSON.parse(nested(50)))).toEqual([`${'a.'.repeat(49)}is_admin`]);
		const many = Array.from({ length: 30 }, () => ({ archived: null }));
		expect(nullBooleans(many)).toHaveLength(20);
	});
});

describe('the explorer shows any JSON a server sends', () => {
	it('a 5,000-deep answer is shown as text with a note, replacing the previous answer', async () => {
		let body = '[{"id":1}]';
		const { explorer } = explorerAnswering(() => json(body));
		await explorer.exchange.send();
		expect(explorer.exchange.response!.json).toEqual([{ id: 1 }]);
		body = nested(5000);
		await explorer.exchange.send();
		const response = explorer.exchange.response!;
		expect(response.bodyText).toBe(body);
		expect(response.json).toBeUndefined();
		expect(response.isJson).toBe(true);
		expect(response.treeNote).toMatch(/nested more than 100 levels deep.*shown as text/);
		expect(response.shape).toBeNull();
		expect(explorer.exchange.failure).toBeNull();
	});

	it('an answer at the depth limit is still a tree', async () => {
		const { explorer } = explorerAnswering(() => json(nested(JSON_MAX_DEPTH)));
		await explorer.exchange.send();
		expect(explorer.exchange.response!.treeNote).toBeUndefined();
		expect(explorer.exchange.response!.json).toBeTypeOf('object');
	});
});

describe('every Link form is read against the URL the answer came from', () => {
	const at = 'https://codehost.demo/api/v4/projects?page=1';
	it('CH-OFF-3: a scheme-relative, absolute-path or query-only Link becomes absolute', () => {
		const header = [
			'<//127.0.0.1:6102/api/v4/projects?page=2>; rel="next"',
			'</api/v4/projects?page=9>; rel="last"',
			'<?page=1>; rel="first"',
			'<https://codehost.demo/api/v4/projects?page=1&a=%7e>; rel="prev"'
		].join(', ');
		expect(linksByRel(header, at)).toEqual({
			// Scheme-relative: the scheme of the page it came from.
			next: 'https://127.0.0.1:6102/api/v4/projects?page=2',
			last: 'https://codehost.demo/api/v4/projects?page=9',
			first: 'https://codehost.demo/api/v4/projects?page=1',
			// An absolute URL stays exactly as the server wrote it.
			prev: 'https://codehost.demo/api/v4/projects?page=1&a=%7e'
		});
		expect(parseLinkHeader('<?page=2>; rel="next"')[0]!.url).toBe('?page=2');
	});

	it('keeping the base URL works for a Link without a scheme', () => {
		expect(keepBaseUrl('//127.0.0.1:6102/api/v4/projects?page=2', ROOT)).toBe(
			`${ROOT}/projects?page=2`
		);
	});

	it('CH-OFF-3: Next on a `//host` Link with "Keep the base URL" on asks the API root for that page', async () => {
		const { explorer, sent } = explorerAnswering(() =>
			json('[{"id":1}]', {
				Link: '<//127.0.0.1:6102/api/v4/projects?page=2&per_page=5>; rel="next"',
				'X-Page': '1'
			})
		);
		await explorer.exchange.send();
		const next = explorer.exchange.response!.pagination.links.find((l) => l.rel === 'next')!;
		expect(next.foreign).toBe(true);
		explorer.exchange.keepBase = true;
		await explorer.exchange.followLink(next.url);
		expect(explorer.exchange.failure).toBeNull();
		expect(sent.at(-1)).toBe(`${ROOT}/projects?page=2&per_page=5`);
	});
});
