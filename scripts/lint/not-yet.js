/**
 * NOT_YET_ON_THE_SKELETON (eslint.config.js): the files that break a rule of issue 46 today,
 * listed per rule while their area moves onto the shared skeleton. The list only shrinks:
 *
 * - a rule is given its list as the `notYet` option and stays silent on a listed file's breaks,
 *   but a listed file that no longer breaks the rule is an error ("delete it from the list");
 * - `local/not-yet-on-disk`, run on eslint.config.js, makes a listed path that names no file an
 *   error, so an entry follows its file when the file moves, or goes.
 *
 * A file that is not listed gets no exception, so a new file cannot break the rules either.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The name of the list in eslint.config.js. */
export const LIST_NAME = 'NOT_YET_ON_THE_SKELETON';

/**
 * @param {string} root
 * @param {string} file
 */
const relative = (root, file) => path.relative(root, file).split(path.sep).join('/');

export const notYet = {
	messages: {
		kept: `This file keeps {{rule}} now: delete its entry for {{rule}} from ${LIST_NAME} in eslint.config.js (the list only shrinks).`
	},
	/**
	 * What a rule needs of its list, for the file being linted.
	 * @param {import('eslint').Rule.RuleContext} context
	 */
	of(context) {
		/** @type {Set<string>} */
		const list = new Set(context.options[0]?.notYet ?? []);
		const here = list.has(relative(context.cwd, context.filename));
		/** Whether the rule found a break in this file, excused or not. */
		let broken = false;
		return {
			/** Whether this file is listed: its own breaks are not reported yet. */
			here,
			/** Called on a break: true (do not report it) when this file is listed. */
			excuse() {
				broken = true;
				return here;
			},
			/**
			 * Called on a break that goes through `files` (a circle, say): true (do not report it)
			 * when every one of them is listed.
			 * @param {readonly string[]} files Paths relative to the project root.
			 */
			covers(files) {
				broken = true;
				return files.every((f) => list.has(f));
			},
			/** At the end of a listed file that broke nothing: its entry must go. */
			reportIfKept() {
				if (here && !broken)
					context.report({
						loc: { line: 1, column: 0 },
						messageId: 'kept',
						data: { rule: context.id }
					});
			}
		};
	},
	/**
	 * The `notYet` option of a rule, for its schema.
	 */
	schema: {
		type: 'object',
		properties: { notYet: { type: 'array', items: { type: 'string' } } },
		additionalProperties: false
	}
};

/** @type {import('eslint').Rule.RuleModule} */
export const notYetOnDisk = {
	meta: {
		type: 'problem',
		docs: { description: `Every path in ${LIST_NAME} names a file that exists.` },
		schema: [],
		messages: {
			gone: `{{file}} does not exist: if it moved, write its new path here; if it is gone, delete the entry (${LIST_NAME} only shrinks).`
		}
	},
	create(context) {
		return {
			[`VariableDeclarator[id.name="${LIST_NAME}"] ArrayExpression > Literal`](
				/** @type {any} */ node
			) {
				if (typeof node.value !== 'string') return;
				if (existsSync(path.join(context.cwd, node.value))) return;
				context.report({ node, messageId: 'gone', data: { file: node.value } });
			}
		};
	}
};
