import { beforeAll, describe, expect, it } from 'vitest';
import {
	evaluateAll,
	evaluateAssertion,
	type Assertion,
	type RunResponse
} from '$lib/codehost/runner/assertions';
import { loadPatternMatcher } from '$lib/codehost/runner/pattern';

// A run loads the matcher before its first answer (run.ts); these call the assertions directly.
beforeAll(() => loadPatternMatcher());

const response: RunResponse = {
	status: 200,
	headers: new Headers({ 'X-Total': '2', 'Content-Type': 'application/json' }),
	body: [{ id: 46, title: 'Fix login', state: 'opened', labels: ['bug'] }],
	timeMs: 120
};
const run = (a: Assertion, r = response) => evaluateAssertion(a, r);

describe('assertions', () => {
	it('status equals', () => {
		expect(run({ kind: 'status', equals: 200 })).toMatchObject({
			passed: true,
			label: 'Status equals 200',
			message: ''
		});
		expect(run({ kind: 'status', equals: 201 })).toMatchObject({
			passed: false,
			message: 'Status was 200'
		});
	});

	it('a JSON path exists', () => {
		expect(run({ kind: 'json-exists', path: '$[0].id' }).passed).toBe(true);
		expect(run({ kind: 'json-exists', path: '$[1].id' })).toMatchObject({
			passed: false,
			message: 'Nothing at $[1].id'
		});
	});

	it('a JSON path equals a value, read as JSON when it is JSON', () => {
		expect(run({ kind: 'json-equals', path: '$[0].id', value: '46' }).passed).toBe(true);
		expect(run({ kind: 'json-equals', path: '$[0].id', value: '"46"' }).passed).toBe(false);
		expect(run({ kind: 'json-equals', path: '$[0].state', value: 'opened' }).passed).toBe(true);
		expect(run({ kind: 'json-equals', path: '$[0].labels', value: '["bug"]' }).passed).toBe(true);
		expect(run({ kind: 'json-equals', path: '$[0].state', value: 'closed' })).toMatchObject({
			passed: false,
			message: 'Was "opened"'
		});
	});

	it('a JSON value equals only a value of the same shape: a list is not an object, extra keys count', () => {
		const body = { list: [1, 2], hash: { a: 1, b: 2 } };
		const on = (path: string, value: string) =>
			run({ kind: 'json-equals', path, value }, { ...response, body }).passed;
		expect(on('$.list', '{"0": 1, "1": 2}')).toBe(false);
		expect(on('$.hash', '{"a": 1}')).toBe(false);
		expect(on('$.hash', '{"a": 1, "b": 2, "c": 3}')).toBe(false);
		expect(on('$.hash', '{"b": 2, "a": 1}')).toBe(true);
	});

	it('a JSON value and an expected value of different kinds are never equal', () => {
		const on = (found: unknown, value: string) =>
			run({ kind: 'json-equals', path: '$.v', value }, { ...response, body: { v: found } }).passed;
		expect(on(5, '{}')).toBe(false);
		expect(on({}, '5')).toBe(false);
		expect(on(null, '{}')).toBe(false);
		expect(on({}, 'null')).toBe(false);
		expect(on('', '[]')).toBe(false);
		expect(on({ a: 1, b: 2 }, '{"a": 1, "b": 3}')).toBe(false);
		expect(on({ a: [1, { b: null }] }, '{"a": [1, {"b": null}]}')).toBe(true);
	});

	it('each assertion is named in words in the report', () => {
		const labels = (
			[
				{ kind: 'json-exists', path: '$[0].id' },
				{ kind: 'json-equals', path: '$[0].id', value: '46' },
				{ kind: 'json-matches', path: '$[0].title', pattern: '^Fix' },
				{ kind: 'header', name: 'X-Total' },
				{ kind: 'time-under', ms: 500 }
			] as const
		).map((a) => run(a).label);
		expect(labels).toEqual([
			'$[0].id exists',
			'$[0].id equals 46',
			'$[0].title matches /^Fix/',
			'Header X-Total is present',
			'Time under 500 ms'
		]);
	});

	it('a header missing from plain headers fails, whatever other headers came', () => {
		const plain = { ...response, headers: { 'X-Total': '2', ETag: '"1"' } };
		expect(run({ kind: 'header', name: 'X-Next-Page' }, plain)).toMatchObject({
			passed: false,
			message: 'No X-Next-Page header in the response'
		});
		expect(run({ kind: 'header', name: 'x-total' }, plain).passed).toBe(true);
	});

	it('a failed assertion shows a long value cut to 120 characters, ending in “…”', () => {
		const title = 'x'.repeat(200);
		const result = run(
			{ kind: 'json-equals', path: '$.title', value: 'y' },
			{ ...response, body: { title } }
		);
		expect(result.message).toBe(`Was "${'x'.repeat(118)}…`);
		const fits = 'x'.repeat(118);
		expect(
			run({ kind: 'json-equals', path: '$.t', value: 'y' }, { ...response, body: { t: fits } })
				.message
		).toBe(`Was "${fits}"`);
	});

	it('a JSON path matches a regular expression', () => {
		expect(run({ kind: 'json-matches', path: '$[0].title', pattern: '^Fix' }).passed).toBe(true);
		expect(run({ kind: 'json-matches', path: '$[0].id', pattern: '^\\d+$' }).passed).toBe(true);
		expect(run({ kind: 'json-matches', path: '$[0].title', pattern: '^Add' }).passed).toBe(false);
		expect(run({ kind: 'json-matches', path: '$[0].title', pattern: '(' })).toMatchObject({
			passed: false,
			message: '/(/ is not a valid regular expression'
		});
	});

	it(
		'a hostile pattern fails its check at once instead of freezing the page',
		{ timeout: 2_000 },
		() => {
			// ^(\w+\s?)*$ on 40 word characters and "!" takes a backtracking engine over 20 s.
			const body = { name: `${'a'.repeat(40)}!`, long: `${'word '.repeat(10_000)}!` };
			const hostile = '^(\\w+\\s?)*$';
			const started = performance.now();
			expect(
				run({ kind: 'json-matches', path: '$.name', pattern: hostile }, { ...response, body })
			).toMatchObject({ passed: false, message: `Was "${'a'.repeat(40)}!"` });
			expect(
				run({ kind: 'json-matches', path: '$.long', pattern: hostile }, { ...response, body })
					.passed
			).toBe(false);
			expect(performance.now() - started).toBeLessThan(1_000);
		}
	);

	it('a stored pattern the safe matcher cannot take fails its check, saying why', () => {
		expect(run({ kind: 'json-matches', path: '$[0].title', pattern: '(F)ix \\1' })).toMatchObject({
			passed: false,
			message: expect.stringMatching(/^\/\(F\)ix \\1\/ repeats what a group matched/)
		});
	});

	it('a header is present, whatever its case', () => {
		expect(run({ kind: 'header', name: 'x-total' }).passed).toBe(true);
		expect(run({ kind: 'header', name: 'X-Next-Page' })).toMatchObject({
			passed: false,
			message: 'No X-Next-Page header in the response'
		});
		expect(
			run({ kind: 'header', name: 'etag' }, { ...response, headers: { ETag: '"1"' } }).passed
		).toBe(true);
	});

	it('time under N ms', () => {
		expect(run({ kind: 'time-under', ms: 500 }).passed).toBe(true);
		expect(run({ kind: 'time-under', ms: 120 })).toMatchObject({
			passed: false,
			message: 'Took 120 ms'
		});
	});

	it('a bad JSON path fails the assertion with its reason', () => {
		expect(run({ kind: 'json-exists', path: 'id' })).toMatchObject({
			passed: false,
			message: expect.stringMatching(/starts with \$/)
		});
	});

	it('a pattern is matched as Unicode, against the first 100,000 characters of the value', () => {
		const far = { ...response, body: { text: `${'a'.repeat(100_000)}b` } };
		expect(run({ kind: 'json-matches', path: '$.text', pattern: 'b' }, far).passed).toBe(false);
		expect(run({ kind: 'json-matches', path: '$.text', pattern: '^a+$' }, far).passed).toBe(true);
		const emoji = { ...response, body: { text: '😀' } };
		expect(run({ kind: 'json-matches', path: '$.text', pattern: '^.$' }, emoji).passed).toBe(true);
	});

	it('with none declared, the one check is the status: passed with no message, or the status it was', () => {
		expect(evaluateAll([], { ...response, status: 204 })).toEqual([
			{
				assertion: { kind: 'status', equals: 204 },
				passed: true,
				label: 'Status is a success (2xx)',
				message: ''
			}
		]);
		expect(evaluateAll([], { ...response, status: 500 })[0]).toMatchObject({
			assertion: { kind: 'status', equals: 500 },
			message: 'Status was 500'
		});
	});

	it('with none declared, a 2xx status passes and 199 or 300 fails', () => {
		const pass = (status: number) => evaluateAll([], { ...response, status })[0]!.passed;
		expect([199, 200, 299, 300].map(pass)).toEqual([false, true, true, false]);
	});

	it('with none declared, a request passes on a 2xx status', () => {
		expect(evaluateAll([], response)[0]).toMatchObject({
			passed: true,
			label: 'Status is a success (2xx)'
		});
		expect(evaluateAll([], { ...response, status: 404 })[0]).toMatchObject({
			passed: false,
			message: 'Status was 404'
		});
	});
});
