import { describe, expect, it } from 'vitest';
import {
	extractVariable,
	formatJsonPath,
	JsonPathError,
	parseJsonPath,
	readJsonPath,
	variableText
} from '$lib/codehost/runner/json-path';

const body = [
	{
		id: 46,
		iid: 5,
		title: 'First',
		labels: ['bug'],
		'web url': 'https://x',
		author: { name: 'Ann' }
	},
	{ id: 47, iid: 6, title: null }
];

describe('JSON path subset', () => {
	it('reads $, .name, [n] and quoted names', () => {
		expect(parseJsonPath('$')).toEqual([]);
		expect(parseJsonPath("$[0].author['name']")).toEqual([0, 'author', 'name']);
		expect(parseJsonPath('$["web url"]')).toEqual(['web url']);
		expect(parseJsonPath("$['it\\'s']")).toEqual(["it's"]);
	});

	it('refuses anything else with a reason, and never runs it', () => {
		for (const bad of [
			'',
			'0.id',
			'$..id',
			'$[*]',
			'$[?(@.id)]',
			"$['open",
			'$.',
			'$[0]x',
			'$.a()'
		])
			expect(() => parseJsonPath(bad), bad).toThrow(JsonPathError);
	});

	it('says where a path goes wrong, counting characters from 1', () => {
		const why = (path: string) => {
			try {
				parseJsonPath(path);
			} catch (error) {
				if (error instanceof JsonPathError && error.name === 'JsonPathError') return error.message;
				throw error;
			}
			return 'read';
		};
		expect(why('id')).toBe('A JSON path starts with $, for example $[0].id');
		expect(why('$.a.')).toBe('A name is expected after the dot at character 4');
		expect(why('$.a[x]')).toBe('Brackets hold a number or a quoted name (character 4)');
		expect(why("$['a'x")).toBe('The quoted name at character 2 is not closed');
		expect(why("$['a")).toBe('The quoted name at character 2 is not closed');
		expect(why('$.a b')).toBe('Unexpected “ ” at character 4');
	});

	it('reads names with - and $, spaces around the path, and escaped quotes and backslashes', () => {
		expect(parseJsonPath('  $.web-url.$ref  ')).toEqual(['web-url', '$ref']);
		expect(parseJsonPath(String.raw`$["a\\b\"c"]`)).toEqual(['a\\b"c']);
		expect(parseJsonPath('$[12][0]')).toEqual([12, 0]);
		expect(readJsonPath({ a: [{ b: 2 }] }, ['a', 0, 'b'])).toEqual({ found: true, value: 2 });
	});

	it('walks a body: found values, null included, and nothing past the end', () => {
		expect(readJsonPath(body, '$[0].id')).toEqual({ found: true, value: 46 });
		expect(readJsonPath(body, '$[1].title')).toEqual({ found: true, value: null });
		expect(readJsonPath(body, '$[0].labels[0]')).toEqual({ found: true, value: 'bug' });
		expect(readJsonPath(body, '$')).toEqual({ found: true, value: body });
		expect(readJsonPath(body, '$[2].id').found).toBe(false);
		expect(readJsonPath(body, '$.length').found).toBe(false);
		expect(readJsonPath(body, '$[0].title.x').found).toBe(false);
		expect(readJsonPath({ a: 1 }, '$.toString').found).toBe(false);
	});

	it('writes the path of a tree value, quoting names that need it', () => {
		expect(formatJsonPath(['web-url', '$ref', '_a1', '1a'])).toBe("$['web-url'].$ref._a1['1a']");
		expect(formatJsonPath(['a\\b'])).toBe("$['a\\\\b']");
		expect(formatJsonPath([0, 'id'])).toBe('$[0].id');
		expect(formatJsonPath(['web url', "it's"])).toBe("$['web url']['it\\'s']");
		for (const steps of [[0, 'author', 'name'], ['web url'], ["it's"], []] as const)
			expect(parseJsonPath(formatJsonPath(steps))).toEqual(steps);
	});

	it('"Set as variable" takes the value as text: strings as they are, others as JSON', () => {
		expect(extractVariable(body, '$[0].id')).toEqual({ ok: true, value: '46' });
		expect(extractVariable(body, '$[0].title')).toEqual({ ok: true, value: 'First' });
		expect(extractVariable(body, '$[0].labels')).toEqual({ ok: true, value: '["bug"]' });
		expect(extractVariable(body, '$[9].id')).toEqual({
			ok: false,
			message: 'Nothing at $[9].id in this response'
		});
		expect(extractVariable(body, 'id').ok).toBe(false);
	});

	it('a tree value held as variable text: null as "null", a missing value as empty text', () => {
		expect(variableText(null)).toBe('null');
		expect(variableText(undefined)).toBe('');
		expect(variableText(false)).toBe('false');
	});
});
