/**
 * A project of a few files in a temporary folder, linted by one of our rules alone: the rules
 * resolve imports on disk, so each case brings the modules it imports, whatever the real tree
 * holds today.
 */
import { Linter, type Rule } from 'eslint';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import svelteParser from 'svelte-eslint-parser';
import ts from 'typescript-eslint';

export interface Fixture {
	root: string;
	/** The messages of `rule` on `file` (relative to the root), as `line: message`. */
	lint(file: string, options?: unknown): string[];
	remove(): void;
}

export function fixture(
	name: string,
	rule: Rule.RuleModule,
	files: Record<string, string>
): Fixture {
	const root = mkdtempSync(path.join(tmpdir(), 'lint-rule-'));
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
		writeFileSync(path.join(root, file), text);
	}
	const linter = new Linter({ cwd: root });
	return {
		root,
		lint(file, options) {
			const config: Linter.Config[] = [
				{
					files: ['**/*.ts', '**/*.js'],
					languageOptions: { parser: ts.parser }
				},
				{
					files: ['**/*.svelte'],
					languageOptions: { parser: svelteParser, parserOptions: { parser: ts.parser } }
				},
				{
					files: ['**/*.ts', '**/*.js', '**/*.svelte'],
					plugins: { local: { rules: { [name]: rule } } },
					rules: { [`local/${name}`]: options === undefined ? 'error' : ['error', options] }
				}
			];
			const text = files[file];
			if (text === undefined) throw new Error(`${file} is not in the fixture`);
			return linter
				.verify(text, config, { filename: path.join(root, file) })
				.map((m) => `${m.line}: ${m.fatal ? 'cannot parse: ' : ''}${m.message}`);
		},
		remove() {
			rmSync(root, { recursive: true, force: true });
		}
	};
}
