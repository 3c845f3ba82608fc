import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '$lib/codehost/import/preview';
import { readData } from '$lib/codehost/import/source';

describe('readData', () => {
	it('reads JSON, JSON with a byte-order mark, and YAML', () => {
		expect(readData('{"a": [1]}')).toEqual({ a: [1] });
		expect(readData('\uFEFF{"a": 1}')).toEqual({ a: 1 });
		expect(readData('a:\n  - 1\n  - ü\n')).toEqual({ a: [1, 'ü'] });
		expect(readData('{a: 1, b: [x]}')).toEqual({ a: 1, b: ['x'] });
	});

	it.each([
		['{"__proto__": {"polluted": true}}'],
		['{"a": {"b": [ {"__proto__" : 1} ]}}'],
		['a:\n  __proto__:\n    polluted: true\n'],
		['a: {"__proto__": 1}\n']
	])('refuses a __proto__ key whole, and nothing is polluted: %s', (text) => {
		expect(() => readData(text)).toThrow(FileRefused);
		expect(() => readData(text)).toThrow(/“__proto__”, which no tool writes/);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('refuses an empty file, text that is no document, and a file past the size limit', () => {
		expect(() => readData('  \n')).toThrow(/The file is empty/);
		expect(() => readData('{"a": ')).toThrow(/neither JSON nor YAML/);
		expect(() => readData('just words')).toThrow(/neither JSON nor YAML/);
		expect(() => readData(' '.repeat(IMPORT_LIMITS.fileChars + 1))).toThrow(/larger than 50 MB/);
	});

	it('a YAML “billion laughs” is refused, not expanded', () => {
		const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
		for (let i = 0; i < 12; i++) {
			const prev = String.fromCharCode(97 + i);
			const next = String.fromCharCode(98 + i);
			lines.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(',')}]`);
		}
		const started = Date.now();
		expect(() => readData(lines.join('\n'))).toThrow(FileRefused);
		expect(Date.now() - started).toBeLessThan(2_000);
	});
});
