// Groups the browser build's modules into one chunk per part of the app a page needs: `shell` (what
// every page loads at start), `home`, `areas` (shared by two or more areas), and one per area
// (`bible`, `explorer`, …). Rollup's default makes one chunk per distinct set of pages that share a
// module, which on the reader gave some 40 small files before the first verse: on a phone each costs
// a round trip more than its bytes. A page here loads the shell, the areas chunk and its own area's
// chunk. Code loaded later (import() from a page) keeps Rollup's default chunks. Measured on the
// reader, each request saved mattered more than bytes: the error page (loaded at start on every
// page) stays in the shell. A page opened from a link (LANDING_PAGES: a chapter) is the exception:
// what its area's other pages alone use (the library, the search) is in `bible-more`, which it
// does not load, since on a phone that code's start-up work cost more than the request it saved.
// Likewise what the areas share that neither their layout nor a landing page uses (the explorer's
// history and collections, shared with Settings) is in `areas-more`: it was a third of the areas
// chunk, 18 KB gzipped that a chapter opened from a link downloaded before its first verse.
//
// Svelte's runtime index (`svelte/internal/client`) is followed only to the modules that use what it
// passes on: every component imports it whole, so otherwise each part of the runtime an area uses
// (the {#each} block, bindings) would count as the shell's and load on the home page too.
//
// Every module a page reaches is assigned, so Rollup never pulls a shared module into an area's
// chunk (it does that with any unassigned static dependency of a manual chunk), which would make the
// home page download that area.
//
// The plugin recognises SvelteKit's own module paths (START, PAGE_NODE); if those change it finds no
// pages and Rollup silently chunks by default. So it writes which files it made, by part, to
// `.area-chunks.json` beside the build's files (AREA_CHUNKS_RECORD), and a test on the built site
// (tests/e2e/built-site.spec.ts) fails when the record lacks a part or a page does not load them.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ManualChunkMeta } from 'rollup';
import type { Plugin } from 'vite';

/** The record of the chunks made, by part (`{ "shell": "_app/immutable/chunks/….js", … }`). */
export const AREA_CHUNKS_RECORD = '.area-chunks.json';

/** The part of the app a route file belongs to, from its path under src/routes. */
export function partOfRoute(file: string): string | undefined {
	const path = file.replaceAll('\\', '/');
	const at = path.lastIndexOf('/src/routes/');
	if (at < 0) return undefined;
	const rest = path.slice(at + '/src/routes/'.length);
	if (/^\+(layout|error)\b/.test(rest)) return 'shell';
	if (/^\+page\b/.test(rest)) return 'home';
	const grouped = /^\(areas\)\/(?:([^/]+)\/)?/.exec(rest);
	if (grouped) return grouped[1] ?? 'areas';
	const area = /^([^/(]+)\//.exec(rest);
	return area?.[1];
}

/**
 * Pages a person opens from outside, at a deep link (a chapter), by the area they belong to: the
 * area's modules such a page does not use go to a chunk of their own (`bible-more`), so it loads
 * only what it shows. Measured on a phone (issue 29): the chapter loaded the library's, the
 * search's and the storage panel's code too, before its first verse.
 */
export const LANDING_PAGES: Readonly<Record<string, RegExp>> = {
	bible: /\/src\/routes\/\(areas\)\/bible\/\[bible\]\/\[book\]\/\[chapter\]\/\+page\b/
};

/** Where a module is used: the parts of the app, how many of their pages (route nodes), and
 * whether by its area's landing page. */
export interface Usage {
	parts: ReadonlySet<string>;
	pages: number;
	landing?: boolean;
	/** A module of Svelte's runtime (node_modules/svelte). */
	svelteRuntime?: boolean;
}

/** The chunk for a module used so; undefined leaves it to Rollup (lazy code, one page's own). */
export function chunkFor({ parts, pages, landing, svelteRuntime }: Usage): string | undefined {
	if (parts.size === 0) return undefined;
	if (parts.has('shell')) return 'shell';
	// One page's own modules go into that page's file, as Rollup would put them.
	if (pages === 1 && !parts.has('areas')) return undefined;
	if (parts.size === 1) {
		const part = [...parts][0]!;
		return part in LANDING_PAGES && !landing ? `${part}-more` : part;
	}
	// Shared by the home page and an area: small, and the home page must not load an area's chunk.
	if (parts.has('home')) return 'shell';
	// Shared by areas, but neither their layout nor a landing page uses it (the explorer's history,
	// shared with Settings): a chunk of its own, which a chapter opened from a link does not load.
	// Svelte's runtime stays in the areas chunk: the little of it this leaves out is what code the
	// shell loads later (its update prompt) also needs, which would otherwise load this chunk too.
	if (!landing && !parts.has('areas') && !svelteRuntime) return 'areas-more';
	return 'areas';
}

/**
 * Svelte's index of its runtime (`svelte/internal/client`), which every component imports whole.
 * Followed as an importer like any other, every part of the runtime one area uses would count as
 * used by the shell, which imports the index too, and land in the chunk every page loads.
 */
const BARREL = /\/svelte\/src\/internal\/client\/index\.js$/;

/** The names a barrel passes on, by the module they come from (`export { a as b } from './x.js'`). */
function reexports(barrel: string, code: string): Map<string, string[]> {
	const names = new Map<string, string[]>();
	for (const [, list, from] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
		const id = resolve(dirname(barrel), from!);
		const exported = list!
			.split(',')
			.map((part) =>
				part
					.trim()
					.split(/\s+as\s+/)
					.pop()!
			)
			.filter(Boolean);
		names.set(id, [...(names.get(id) ?? []), ...exported]);
	}
	return names;
}

const barrels = new Map<string, Map<string, string[]>>();

/**
 * The importers of `barrel` that use a name it passes on from `module`: as a compiled component
 * does (`$.each(…)`), or by name in an import from it. A doubt keeps the module where it is used: a
 * module the barrel passes on in a way not read here (`export *`) counts as used by every importer.
 */
function usersThrough(barrel: string, module: string, meta: ManualChunkMeta): readonly string[] {
	const info = meta.getModuleInfo(barrel);
	if (!info?.code) return [barrel];
	let names = barrels.get(barrel);
	if (!names) barrels.set(barrel, (names = reexports(barrel, info.code)));
	const passed = names.get(module);
	if (!passed) return [barrel];
	const name = `(?:${passed.map((n) => n.replace(/\$/g, '\\$')).join('|')})`;
	const member = new RegExp(`\\$\\.${name}\\b`);
	const named = new RegExp(
		`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*['"][^'"]*internal/client`
	);
	return info.importers.filter((user) => {
		const code = meta.getModuleInfo(user)?.code;
		return code == null || member.test(code) || named.test(code);
	});
}

/**
 * What every demo service loads first, whichever it is: the transport in the page, its fault
 * switches and Hono, one file (they were three of 1-6 KB, each a round trip on a phone). Each
 * service's own fake stays a file of its own, loaded only by its area.
 */
const DEMO_SERVICE = /\/node_modules\/hono\/|\/src\/lib\/fakes\/(?:demo-transport|faults)\.ts$/;

const SVELTE_RUNTIME = /\/node_modules\/svelte\//;

const START = /\/@sveltejs\/kit\/src\/runtime\/client\/entry\.js$|\/client-optimized\/app\.js$/;
const PAGE_NODE = /\/client-optimized\/nodes\/\d+\.js$/;

type ModuleInfo = NonNullable<ReturnType<ManualChunkMeta['getModuleInfo']>>;

export function areaChunksPlugin(): Plugin {
	const usageOf = new Map<string, Usage>();
	const named = new Set<string>();

	/** The pages that import this module statically (import() is not followed: that is lazy code). */
	function usage(id: string, meta: ManualChunkMeta): Usage {
		const known = usageOf.get(id);
		if (known) return known;
		const found = new Set<string>();
		let pages = 0;
		let landing = false;
		const seen = new Set([id]);
		const queue = [id];
		for (const current of queue) {
			const info: ModuleInfo | null = meta.getModuleInfo(current);
			if (!info) continue;
			if (START.test(current)) found.add('shell');
			else if (PAGE_NODE.test(current)) {
				pages++;
				for (const imported of info.importedIds) {
					const part = partOfRoute(imported);
					if (part) found.add(part);
					if (part && LANDING_PAGES[part]?.test(imported.replaceAll('\\', '/'))) landing = true;
				}
			}
			for (const importer of info.importers) {
				// Through Svelte's index of its runtime, only the modules that use what it passes on.
				const users = BARREL.test(importer) ? usersThrough(importer, current, meta) : [importer];
				for (const user of users)
					if (!seen.has(user)) {
						seen.add(user);
						queue.push(user);
					}
			}
		}
		const result = { parts: found, pages, landing, svelteRuntime: SVELTE_RUNTIME.test(id) };
		usageOf.set(id, result);
		return result;
	}

	return {
		name: 'area-chunks',
		apply: 'build',
		buildStart() {
			usageOf.clear();
			named.clear();
			barrels.clear();
		},
		outputOptions(options) {
			// Only the browser build of the pages; the server build and workers keep their own.
			if (this.environment?.name !== 'client' || options.format === 'cjs') return null;
			return {
				...options,
				manualChunks: (id, meta) => {
					const chunk = chunkFor(usage(id, meta)) ?? (DEMO_SERVICE.test(id) ? 'demo' : undefined);
					if (chunk) named.add(chunk);
					return chunk;
				}
			};
		},
		writeBundle(options, bundle) {
			if (this.environment?.name !== 'client' || !options.dir || options.format === 'cjs') return;
			const made: Record<string, string> = {};
			for (const file of Object.values(bundle)) {
				if (file.type !== 'chunk') continue;
				if (named.has(file.name)) made[file.name] = file.fileName;
				// And each landing page's own file, so a test can follow what it loads.
				for (const [part, page] of Object.entries(LANDING_PAGES))
					if (file.moduleIds.some((id) => page.test(id.replaceAll('\\', '/'))))
						made[`${part}-landing-page`] = file.fileName;
			}
			writeFileSync(join(options.dir, AREA_CHUNKS_RECORD), JSON.stringify(made, null, 2));
			if (process.env.AREA_CHUNKS_DEBUG)
				for (const file of Object.values(bundle))
					if (file.type === 'chunk' && file.name === 'shell')
						writeFileSync(
							process.env.AREA_CHUNKS_DEBUG,
							Object.entries(file.modules)
								.map(([id, m]) => `${m.renderedLength}\t${id}`)
								.join('\n')
						);
		}
	};
}
