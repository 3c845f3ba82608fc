/** Every module of src/lib has a test named after it; only modules of types alone are listed without. */
import { afterAll, describe, expect, it } from 'vitest';
import { moduleHasTest, testOf } from '../../../scripts/lint/module-tests.js';
import { fixture } from './fixture';

const TYPES = [
	"import type { Exchange } from '$lib/http/exchange';",
	"import { type Problem } from './problem';",
	'export interface Result { exchange: Exchange; problem: Problem }',
	"export type Tab = 'body' | 'headers';",
	'type Local = string;',
	'export type { Local };',
	"export type * from './more';"
].join('\n');

const project = fixture('module-has-test', moduleHasTest, {
	'src/lib/http/retry.ts': 'export const retries = 2;\n',
	'tests/unit/http/retry.test.ts': '',
	'src/lib/http/untested.ts': 'export const x = 1;\n',
	'src/lib/ui/online.svelte.ts': 'export class Online {}\n',
	'tests/unit/ui/online.svelte.test.ts': '',
	'src/lib/ui/drafts.svelte.ts': 'export class Drafts {}\n',
	'tests/unit/ui/drafts.test.ts': '',
	'src/lib/codehost/lang.d.ts': 'declare module "x";\n',
	'scripts/tool.ts': 'export const y = 1;\n',
	'src/lib/codehost/types.ts': `${TYPES}\n`,
	'src/lib/codehost/grown.ts': `${TYPES}\nexport const LIMIT = 3;\n`,
	'src/lib/codehost/tested-types.ts': 'export type T = string;\n',
	'tests/unit/codehost/tested-types.test.ts': '',
	'eslint.config.js': 'export default [];\n'
});
afterAll(() => project.remove());

const listed = (...files: string[]) => ({
	typesOnly: Object.fromEntries(files.map((f) => [f, 'Types only.']))
});

describe('module-has-test', () => {
	it('names the test of a module, .svelte.ts too; none for a .d.ts or a file outside src/lib', () => {
		expect(testOf('src/lib/http/retry.ts')).toBe('tests/unit/http/retry.test.ts');
		expect(testOf('src/lib/ui/online.svelte.ts')).toBe('tests/unit/ui/online.svelte.test.ts');
		expect(testOf('src/lib/codehost/lang.d.ts')).toBeNull();
		expect(testOf('scripts/tool.ts')).toBeNull();
	});

	it('is quiet on a module whose test is named after it', () => {
		expect(project.lint('src/lib/http/retry.ts')).toEqual([]);
		expect(project.lint('src/lib/ui/online.svelte.ts')).toEqual([]);
		expect(project.lint('src/lib/codehost/lang.d.ts')).toEqual([]);
		expect(project.lint('scripts/tool.ts')).toEqual([]);
	});

	it('refuses a module without one, and says which file to write; a test under another name does not count', () => {
		expect(project.lint('src/lib/http/untested.ts')).toEqual([
			'1: No test is named after this module: write tests/unit/http/untested.test.ts, a test of what the module does for its callers (or move the tests that exercise it there).'
		]);
		expect(project.lint('src/lib/ui/drafts.svelte.ts')).toEqual([
			expect.stringMatching(
				/^1: No test is named after this module: write tests\/unit\/ui\/drafts\.svelte\.test\.ts,/
			)
		]);
	});

	it('lets a module of types alone go without a test when it is listed, and only while that stays true', () => {
		expect(project.lint('src/lib/codehost/types.ts', listed('src/lib/codehost/types.ts'))).toEqual(
			[]
		);
		expect(project.lint('src/lib/codehost/types.ts')).toHaveLength(1);
		expect(project.lint('src/lib/codehost/grown.ts', listed('src/lib/codehost/grown.ts'))).toEqual([
			'1: This module is listed in typesOnly (eslint.config.js) but holds code now: write tests/unit/codehost/grown.test.ts and delete its entry.'
		]);
		expect(
			project.lint('src/lib/codehost/tested-types.ts', listed('src/lib/codehost/tested-types.ts'))
		).toEqual([
			'1: This module is listed in typesOnly (eslint.config.js) but has a test (tests/unit/codehost/tested-types.test.ts): delete its entry (the list only shrinks).'
		]);
	});

	it('on eslint.config.js, refuses a listed path that names no file', () => {
		expect(project.lint('eslint.config.js', listed('src/lib/codehost/types.ts'))).toEqual([]);
		expect(project.lint('eslint.config.js', listed('src/lib/codehost/moved.ts'))).toEqual([
			'1: src/lib/codehost/moved.ts does not exist: if it moved, write its new path in typesOnly; if it is gone, delete the entry.'
		]);
	});
});
