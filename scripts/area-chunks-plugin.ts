// Groups the browser build's modules into one chunk per part of the app a page needs: `shell` (what
// every page loads at start), `home`, `areas` (shared by two or more areas), and one per area
// (`bible`, `explorer`, …). Rollup's default makes one chunk per distinct set of pages that share a
// module, which on the reader gave some 40 small files before the first verse: on a phone each costs
// a round trip more than its bytes. A page here loads the shell, the areas chunk and its own area's
// chunk. Code loaded later (import() from a page) keeps Rollup's default chunks. Measured on the
// reader, each request saved mattered more than bytes: the error page (loaded at start on every
// page) stays in the shell, and the reader downloads the library's search with the Bible's chunk.
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
import { join } from 'node:path';
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

/** Where a module is used: the parts of the app, and how many of their pages (route nodes). */
export interface Usage {
	parts: ReadonlySet<string>;
	pages: number;
}

/** The chunk for a module used so; undefined leaves it to Rollup (lazy code, one page's own). */
export function chunkFor({ parts, pages }: Usage): string | undefined {
	if (parts.size === 0) return undefined;
	if (parts.has('shell')) return 'shell';
	// One page's own modules go into that page's file, as Rollup would put them.
	if (pages === 1 && !parts.has('areas')) return undefined;
	if (parts.size === 1) return [...parts][0];
	// Shared by the home page and an area: small, and the home page must not load an area's chunk.
	if (parts.has('home')) return 'shell';
	return 'areas';
}

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
				}
			}
			for (const importer of info.importers)
				if (!seen.has(importer)) {
					seen.add(importer);
					queue.push(importer);
				}
		}
		const result = { parts: found, pages };
		usageOf.set(id, result);
		return result;
	}

	return {
		name: 'area-chunks',
		apply: 'build',
		buildStart() {
			usageOf.clear();
			named.clear();
		},
		outputOptions(options) {
			// Only the browser build of the pages; the server build and workers keep their own.
			if (this.environment?.name !== 'client' || options.format === 'cjs') return null;
			return {
				...options,
				manualChunks: (id, meta) => {
					const chunk = chunkFor(usage(id, meta));
					if (chunk) named.add(chunk);
					return chunk;
				}
			};
		},
		writeBundle(options, bundle) {
			if (this.environment?.name !== 'client' || !options.dir || options.format === 'cjs') return;
			const made: Record<string, string> = {};
			for (const file of Object.values(bundle))
				if (file.type === 'chunk' && named.has(file.name)) made[file.name] = file.fileName;
			writeFileSync(join(options.dir, AREA_CHUNKS_RECORD), JSON.stringify(made, null, 2));
		}
	};
}
