/**
 * Lint rule `local/module-has-test`: every module of src/lib has a test named after it, so a
 * newcomer finds a module's test by its name (issue 46): `src/lib/<path>.ts` is tested by
 * `tests/unit/<path>.test.ts`, and `src/lib/<path>.svelte.ts` by `tests/unit/<path>.svelte.test.ts`
 * (vitest runs only tests/unit). More test files of a module may sit beside that one.
 *
 * A module that holds only types (interfaces, type aliases, type imports and exports) has nothing
 * to run, so nothing to test: it is listed in the `typesOnly` option, with why, and the list stays
 * true. A listed module that gains code or a test, or a listed path that names no file (checked
 * when the rule runs on eslint.config.js, where the list is written), is itself an error.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {string} root
 * @param {string} file
 */
const relative = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** The test named after `module` (a path relative to the project root), or null for no module. */
export function testOf(/** @type {string} */ module) {
	const m = /^src\/lib\/(.+)\.ts$/.exec(module);
	if (!m || module.endsWith('.d.ts')) return null;
	return `tests/unit/${m[1]}.test.ts`;
}

/**
 * Whether a top-level statement only declares or moves types.
 * @param {any} node
 */
function typesOnly(node) {
	switch (node.type) {
		case 'TSInterfaceDeclaration':
		case 'TSTypeAliasDeclaration':
			return true;
		case 'ImportDeclaration':
			return (
				node.importKind === 'type' ||
				(node.specifiers.length > 0 &&
					node.specifiers.every((/** @type {any} */ s) => s.importKind === 'type'))
			);
		case 'ExportNamedDeclaration':
			if (node.exportKind === 'type') return true;
			if (node.declaration) return typesOnly(node.declaration);
			return (
				node.specifiers.length > 0 &&
				node.specifiers.every((/** @type {any} */ s) => s.exportKind === 'type')
			);
		case 'ExportAllDeclaration':
			return node.exportKind === 'type';
		default:
			return false;
	}
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleHasTest = {
	meta: {
		type: 'problem',
		docs: { description: 'Every module of src/lib has a test named after it.' },
		schema: [
			{
				type: 'object',
				properties: {
					typesOnly: {
						type: 'object',
						additionalProperties: { type: 'string', minLength: 1 }
					}
				},
				additionalProperties: false
			}
		],
		messages: {
			missing:
				'No test is named after this module: write {{test}}, a test of what the module does for its callers (or move the tests that exercise it there).',
			hasCode:
				'This module is listed in typesOnly (eslint.config.js) but holds code now: write {{test}} and delete its entry.',
			hasTest:
				'This module is listed in typesOnly (eslint.config.js) but has a test ({{test}}): delete its entry (the list only shrinks).',
			gone: '{{file}} does not exist: if it moved, write its new path in typesOnly; if it is gone, delete the entry.'
		}
	},
	create(context) {
		const root = context.cwd;
		const file = relative(root, context.filename);
		/** @type {Record<string, string>} */
		const listed = context.options[0]?.typesOnly ?? {};
		if (file === 'eslint.config.js')
			return {
				Program(node) {
					for (const entry of Object.keys(listed))
						if (!existsSync(path.join(root, entry)))
							context.report({ node, messageId: 'gone', data: { file: entry } });
				}
			};
		const test = testOf(file);
		if (!test) return {};
		const tested = existsSync(path.join(root, test));
		return {
			Program(node) {
				const loc = { line: 1, column: 0 };
				if (!Object.hasOwn(listed, file)) {
					if (!tested) context.report({ loc, messageId: 'missing', data: { test } });
					return;
				}
				if (tested) context.report({ loc, messageId: 'hasTest', data: { test } });
				else if (!node.body.every(typesOnly))
					context.report({ loc, messageId: 'hasCode', data: { test } });
			}
		};
	}
};
