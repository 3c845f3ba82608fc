/**
 * The longest chain of imports inside one folder of src/lib, as the circle check sees imports
 * (scripts/lint/import-cycles.js: static, type and dynamic imports, through the same resolver):
 * how deep a newcomer may have to read to follow one module. Only imports between files of the
 * folder count.
 *
 *     node scripts/lint/longest-chain.js src/lib/codehost
 */
import path from 'node:path';
import { importGraph } from './import-cycles.js';

/**
 * The longest chain of imports among the files under `folder`, as a list of files (a module first,
 * then what it imports, and so on).
 * @param {Map<string, string[]>} graph
 * @param {string} folder Absolute.
 * @returns {string[]}
 */
export function longestChain(graph, folder) {
	const inside = (/** @type {string} */ f) => f.startsWith(folder + path.sep);
	/** @type {Map<string, string[]>} */
	const longest = new Map();
	/** @type {Set<string>} */
	const open = new Set();
	/** @param {string} file @returns {string[]} */
	const from = (file) => {
		const known = longest.get(file);
		if (known) return known;
		// A circle (lint refuses them) ends the chain where it closes.
		if (open.has(file)) return [];
		open.add(file);
		/** @type {string[]} */
		let best = [];
		for (const next of graph.get(file) ?? []) {
			if (!inside(next)) continue;
			const chain = from(next);
			if (chain.length > best.length) best = chain;
		}
		open.delete(file);
		const chain = [file, ...best];
		longest.set(file, chain);
		return chain;
	};
	/** @type {string[]} */
	let best = [];
	for (const file of [...graph.keys()].filter(inside).sort()) {
		const chain = from(file);
		if (chain.length > best.length) best = chain;
	}
	return best;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const root = process.cwd();
	const folder = path.resolve(root, process.argv[2] ?? 'src/lib/codehost');
	const chain = longestChain(importGraph(root), folder);
	console.log(`${chain.length} files deep (${Math.max(chain.length - 1, 0)} imports):`);
	for (const file of chain) console.log(`  ${path.relative(root, file)}`);
}
