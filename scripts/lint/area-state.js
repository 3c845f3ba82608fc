/**
 * Lint rule `local/no-area-state-in-components`: a component (a `.svelte` file in any ui/ folder
 * of src/lib) never imports a value from an area's state module, so every component gets the part
 * of the area it shows from its route or its owner (issue 46: one way a route gets its area's
 * state and hands each component its part).
 *
 * What counts:
 * - an area's state module is a `*.svelte.ts` of `codehost`, `energy` or `bible` outside a ui/
 *   folder. A `*.svelte.ts` in a ui/ folder belongs to the components (how a chapter is drawn in
 *   stages, which parts load lazily), like the shared stores of src/lib/ui and src/lib/settings
 *   (online status, connections), which any component may read;
 * - a value import is any import but a type's: `import { x }`, `import '…'`, a re-export and a
 *   dynamic `import('…')` all count; `import type { X }`, `import { type X }` and
 *   `typeof import('…')` do not, so a component still names the type of the part it is given.
 *
 * Both spellings are seen (`$lib/…` and relative), through the same resolver as the circle check.
 */
import path from 'node:path';
import { resolveImport } from './import-cycles.js';
import { notYet } from './not-yet.js';

const AREA_STATE =
	/^src\/lib\/(?:codehost|energy|bible)\/(?:(?!ui\/)[^/]+\/)*[^/]+\.svelte\.[jt]s$/;

/**
 * Whether `file` (absolute) is a state module of an area.
 * @param {string} root
 * @param {string} file
 */
export function isAreaState(root, file) {
	return AREA_STATE.test(path.relative(root, file).split(path.sep).join('/'));
}

/**
 * Whether an import or export declaration brings in a value (not only types).
 * @param {any} node
 */
function importsValue(node) {
	if (node.importKind === 'type' || node.exportKind === 'type') return false;
	const specifiers = node.specifiers ?? [];
	// `import '…'` runs the module; `export * from '…'` passes on its values.
	if (specifiers.length === 0) return true;
	return specifiers.some(
		(/** @type {any} */ s) => s.importKind !== 'type' && s.exportKind !== 'type'
	);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noAreaStateInComponents = {
	meta: {
		type: 'problem',
		docs: {
			description:
				"A component never imports an area's state: its route or its owner hands it the part it shows."
		},
		schema: [notYet.schema],
		messages: {
			...notYet.messages,
			state:
				"A component does not import an area's state ({{module}}): take the part it shows as a prop, handed down by the route (which gets the area's state from the area's accessor) or by the component that owns it. Import only its type here (`import type { … }`); a constant or function the component needs belongs in a plain module (*.ts) of the area."
		}
	},
	create(context) {
		const root = context.cwd;
		const file = context.filename;
		const listed = notYet.of(context);
		/**
		 * @param {any} node
		 * @param {unknown} specifier
		 */
		const check = (node, specifier) => {
			if (typeof specifier !== 'string') return;
			const target = resolveImport(root, file, specifier);
			if (!target || !isAreaState(root, target)) return;
			if (listed.excuse()) return;
			context.report({
				node,
				messageId: 'state',
				data: { module: path.relative(root, target).split(path.sep).join('/') }
			});
		};
		/** @param {any} node */
		const declaration = (node) => {
			if (node.source && importsValue(node)) check(node, node.source.value);
		};
		return {
			ImportDeclaration: declaration,
			ExportNamedDeclaration: declaration,
			ExportAllDeclaration: declaration,
			ImportExpression(/** @type {any} */ node) {
				const source = node.source;
				if (source.type === 'Literal') check(node, source.value);
				else if (source.type === 'TemplateLiteral' && source.expressions.length === 0)
					check(node, source.quasis[0]?.value.cooked);
			},
			'Program:exit': listed.reportIfKept
		};
	}
};
