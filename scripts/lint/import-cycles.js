/**
 * Lint rule `local/no-import-cycle`: no module of src/ may reach itself through its imports.
 *
 * Why our own rule and not eslint-plugin-import-x's `no-cycle`: that one needs a resolver for
 * SvelteKit's `$lib` alias and for `.svelte` files (another plugin), and walks the graph again
 * for every file. This rule reads each file of src/ once per lint run with TypeScript's parser
 * (already a dependency), resolves the two spellings the project uses (`$lib/...` and relative
 * paths, `x.svelte` naming either a component or a `x.svelte.ts` state), and keeps the graph.
 * The file being linted is read from the text ESLint lints, so a scratch text counts.
 *
 * Every import is an edge: a static import or re-export, `import type` too (two modules that need
 * each other's types are one concept in two files), a dynamic `import('…')` (loading later does not
 * make two modules less tied: each still needs the other to work) and a type's `typeof import('…')`.
 * A component that renders itself (a tree) is not a circle.
 *
 * A circle being broken by an area's reorganisation may be listed, file by file, in the rule's
 * `notYet` option (NOT_YET_ON_THE_SKELETON in eslint.config.js): a circle all of whose files are
 * listed is not reported, and a listed file that is in no circle any more is (scripts/lint/not-yet.js).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { notYet } from './not-yet.js';

const SOURCE = /\.(ts|js|svelte)$/;
const SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The scripts of a Svelte component, or the file itself.
 * @param {string} file
 * @param {string} text
 * @returns {string}
 */
function scriptOf(file, text) {
	if (!file.endsWith('.svelte')) return text;
	return [...text.matchAll(SCRIPT)].map((m) => m[1]).join('\n');
}

/**
 * The text of a string literal, or of a template literal without substitutions.
 * @param {ts.Node | undefined} node
 * @returns {string | undefined}
 */
function literal(node) {
	return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
		? node.text
		: undefined;
}

/**
 * Specifiers of every import of one module's text: static imports and re-exports (types
 * included), dynamic `import('…')` and `typeof import('…')`.
 * @param {string} file
 * @param {string} text
 * @returns {string[]}
 */
export function moduleImports(file, text) {
	const source = ts.createSourceFile(file, scriptOf(file, text), ts.ScriptTarget.Latest, false);
	/** @type {string[]} */
	const out = [];
	/** @param {ts.Node} node */
	const visit = (node) => {
		/** @type {string | undefined} */
		let specifier;
		if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
			specifier = literal(node.moduleSpecifier);
		else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
			specifier = literal(node.arguments[0]);
		else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
			specifier = literal(node.argument.literal);
		if (specifier !== undefined) out.push(specifier);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return out;
}

/**
 * The file a specifier names, or undefined for a package or anything outside src/.
 * @param {string} root
 * @param {string} from
 * @param {string} specifier
 * @returns {string | undefined}
 */
export function resolveImport(root, from, specifier) {
	let base;
	if (specifier === '$lib' || specifier.startsWith('$lib/'))
		base = path.join(root, 'src/lib', specifier.slice(4));
	else if (specifier.startsWith('./') || specifier.startsWith('../'))
		base = path.resolve(path.dirname(from), specifier);
	else return undefined;
	const isFile = (/** @type {string} */ f) => existsSync(f) && statSync(f).isFile();
	// `x.js` may name `x.ts`, as TypeScript allows (`area.svelte.js` for `area.svelte.ts`).
	const asTs = base.endsWith('.js') ? [`${base.slice(0, -3)}.ts`] : [];
	const candidates = [base, ...asTs, `${base}.ts`, `${base}.js`, path.join(base, 'index.ts')];
	return candidates.find(isFile);
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
	/** @type {string[]} */
	const out = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) out.push(...sourceFiles(full));
		else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
	}
	return out;
}

/** @typedef {Map<string, string[]>} Graph */

/**
 * The import graph of src/ as it is on disk: file → the files it imports.
 * @param {string} root
 * @returns {Graph}
 */
export function importGraph(root) {
	/** @type {Graph} */
	const graph = new Map();
	for (const file of sourceFiles(path.join(root, 'src'))) {
		const text = readFileSync(file, 'utf8');
		const targets = moduleImports(file, text)
			.map((s) => resolveImport(root, file, s))
			.flatMap((t) => (t === undefined || t === file ? [] : [t]));
		graph.set(file, targets);
	}
	return graph;
}

/**
 * A shortest path of imports from `start` back to `target`, or undefined.
 * @param {Graph} graph
 * @param {string} start
 * @param {string} target
 * @returns {string[] | undefined}
 */
export function pathBack(graph, start, target) {
	/** @type {Map<string, string | undefined>} */
	const previous = new Map([[start, undefined]]);
	const queue = [start];
	while (queue.length) {
		const file = /** @type {string} */ (queue.shift());
		if (file === target) {
			/** @type {string[]} */
			const route = [];
			for (let f = /** @type {string | undefined} */ (file); f !== undefined; f = previous.get(f))
				route.unshift(f);
			return route;
		}
		for (const next of graph.get(file) ?? []) {
			if (previous.has(next)) continue;
			previous.set(next, file);
			queue.push(next);
		}
	}
	return undefined;
}

/**
 * Every circle in the graph, each once, as the list of files around it.
 * @param {Graph} graph
 * @returns {string[][]}
 */
export function importCycles(graph) {
	/** @type {string[][]} */
	const cycles = [];
	const seen = new Set();
	for (const file of graph.keys()) {
		for (const next of graph.get(file) ?? []) {
			const back = pathBack(graph, next, file);
			if (!back) continue;
			const ring = [file, ...back.slice(0, -1)];
			const key = [...ring].sort().join('|');
			if (seen.has(key)) continue;
			seen.add(key);
			cycles.push(ring);
		}
	}
	return cycles;
}

/** @type {Map<string, Graph>} */
const graphs = new Map();

/**
 * The module an import node of ESLint's tree names: a declaration's or an `import()`'s literal
 * source, or the literal of a `typeof import('…')` type.
 * @param {any} node
 * @returns {string | undefined}
 */
function specifierOf(node) {
	if (node.type === 'TSImportType') {
		// typescript-eslint 8.x: `source` (a string literal); before, `argument` (a literal type).
		const literal = 'source' in node ? node.source : node.argument?.literal;
		return typeof literal?.value === 'string' ? literal.value : undefined;
	}
	const source = node.source;
	if (!source) return undefined;
	if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
	if (source.type === 'TemplateLiteral' && source.expressions.length === 0)
		return source.quasis[0]?.value.cooked ?? undefined;
	return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
	meta: {
		type: 'problem',
		docs: { description: 'No import circles: a module never reaches itself through its imports.' },
		schema: [notYet.schema],
		messages: {
			cycle:
				'No import circles: {{route}}. Move what both need into a third module that imports neither.',
			...notYet.messages
		}
	},
	create(context) {
		const file = context.filename;
		const root = context.cwd;
		if (!file.startsWith(path.join(root, 'src') + path.sep) || !SOURCE.test(file)) return {};
		let graph = graphs.get(root);
		if (!graph) graphs.set(root, (graph = importGraph(root)));
		const name = (/** @type {string} */ f) => path.relative(root, f);
		const listed = notYet.of(context);
		/** @param {any} node An import or export declaration, an `import()` or an import type. */
		const check = (node) => {
			const specifier = specifierOf(node);
			if (specifier === undefined) return;
			const target = resolveImport(root, file, specifier);
			if (!target || target === file) return;
			const back = pathBack(graph, target, file);
			if (!back) return;
			const route = [file, ...back].map(name);
			if (listed.covers(route)) return;
			context.report({ node, messageId: 'cycle', data: { route: route.join(' → ') } });
		};
		return {
			ImportDeclaration: check,
			ExportAllDeclaration: check,
			ExportNamedDeclaration: check,
			ImportExpression: check,
			TSImportType: check,
			'Program:exit': listed.reportIfKept
		};
	}
};
