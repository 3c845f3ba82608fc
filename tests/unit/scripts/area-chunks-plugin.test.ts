import type { GetManualChunk, ManualChunkMeta, ModuleInfo } from 'rollup';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	AREA_CHUNKS_RECORD,
	areaChunksPlugin,
	chunkFor,
	partOfRoute
} from '../../../scripts/area-chunks-plugin';

describe('partOfRoute', () => {
	it.each([
		['/app/src/routes/+layout.svelte', 'shell'],
		['/app/src/routes/+layout.ts', 'shell'],
		['/app/src/routes/+error.svelte', 'shell'],
		['/app/src/routes/+page.svelte', 'home'],
		['/app/src/routes/(areas)/+layout.svelte', 'areas'],
		['/app/src/routes/(areas)/bible/[bible]/[book]/[chapter]/+page.ts', 'bible'],
		['/app/src/routes/(areas)/explorer/+page.svelte', 'explorer'],
		['C:\\app\\src\\routes\\(areas)\\energy\\+page.svelte', 'energy'],
		['/app/src/lib/bible/api.ts', undefined]
	])('%s belongs to %s', (file, part) => {
		expect(partOfRoute(file)).toBe(part);
	});
});

describe('chunkFor', () => {
	const use = (parts: string[], pages: number) => chunkFor({ parts: new Set(parts), pages });

	it('leaves lazy code and one page’s own modules to Rollup', () => {
		expect(use([], 0)).toBeUndefined();
		expect(use(['bible'], 1)).toBeUndefined();
	});

	it('puts what every page starts with in the shell, whoever else uses it', () => {
		expect(use(['shell', 'bible', 'explorer'], 5)).toBe('shell');
	});

	it('groups an area’s shared modules, and modules of two areas in the areas chunk', () => {
		expect(use(['explorer'], 3)).toBe('explorer');
		expect(use(['areas'], 1)).toBe('areas');
		expect(chunkFor({ parts: new Set(['bible', 'energy']), pages: 2, landing: true })).toBe(
			'areas'
		);
	});

	it('keeps the Bible’s modules that a chapter (opened from a link) does not use out of its chunk', () => {
		const bible = (landing: boolean) => chunkFor({ parts: new Set(['bible']), pages: 3, landing });
		expect(bible(true)).toBe('bible');
		expect(bible(false)).toBe('bible-more');
		expect(chunkFor({ parts: new Set(['bible', 'energy']), pages: 2, landing: true })).toBe(
			'areas'
		);
		expect(chunkFor({ parts: new Set(['bible', 'energy']), pages: 2, landing: false })).toBe(
			'areas-more'
		);
	});

	it('keeps what the areas share but neither their layout nor a landing page uses out of the areas chunk', () => {
		// The explorer's history, shared with Settings: a chapter opened from a link does not load it.
		expect(use(['explorer', 'settings'], 2)).toBe('areas-more');
		expect(chunkFor({ parts: new Set(['bible', 'explorer']), pages: 3, landing: true })).toBe(
			'areas'
		);
		expect(use(['areas', 'explorer'], 2)).toBe('areas');
		// Svelte's runtime stays, as code the shell loads later needs some of it.
		expect(
			chunkFor({ parts: new Set(['explorer', 'settings']), pages: 2, svelteRuntime: true })
		).toBe('areas');
	});

	it('keeps a module of the home page and an area out of the areas chunk', () => {
		expect(use(['home', 'settings'], 2)).toBe('shell');
	});
});

/** A module graph as Rollup describes it to manualChunks: static importers only. */
function graph(imports: Record<string, string[]>): ManualChunkMeta {
	const importers = new Map<string, string[]>();
	for (const [from, tos] of Object.entries(imports))
		for (const to of tos) importers.set(to, [...(importers.get(to) ?? []), from]);
	return {
		getModuleIds: () => Object.keys(imports)[Symbol.iterator](),
		getModuleInfo: (id) =>
			({
				id,
				importers: importers.get(id) ?? [],
				importedIds: imports[id] ?? []
			}) as unknown as ModuleInfo
	};
}

function manualChunks(): GetManualChunk {
	const plugin = areaChunksPlugin();
	const hook = plugin.outputOptions as (this: unknown, o: object) => { manualChunks: unknown };
	return hook.call({ environment: { name: 'client' } }, { format: 'es' })
		.manualChunks as GetManualChunk;
}

describe('areaChunksPlugin', () => {
	const nodes = '/app/.svelte-kit/generated/client-optimized/nodes';
	const meta = graph({
		'/app/node_modules/@sveltejs/kit/src/runtime/client/entry.js': ['/svelte/runtime.js'],
		[`${nodes}/0.js`]: ['/app/src/routes/+layout.svelte'],
		'/app/src/routes/+layout.svelte': ['/svelte/runtime.js'],
		[`${nodes}/3.js`]: ['/app/src/routes/+page.svelte'],
		'/app/src/routes/+page.svelte': ['/app/src/lib/ui/status.ts'],
		[`${nodes}/4.js`]: ['/app/src/routes/(areas)/bible/+page.svelte'],
		'/app/src/routes/(areas)/bible/+page.svelte': [
			'/app/src/lib/bible/api.ts',
			'/app/src/lib/bible/library.ts'
		],
		[`${nodes}/7.js`]: ['/app/src/routes/(areas)/bible/[bible]/+page.svelte'],
		'/app/src/routes/(areas)/bible/[bible]/+page.svelte': [
			'/app/src/lib/bible/api.ts',
			'/app/src/lib/bible/library.ts',
			'/app/src/lib/bible/reader.ts'
		],
		[`${nodes}/9.js`]: ['/app/src/routes/(areas)/bible/[bible]/[book]/[chapter]/+page.svelte'],
		'/app/src/routes/(areas)/bible/[bible]/[book]/[chapter]/+page.svelte': [
			'/app/src/lib/bible/api.ts'
		],
		'/app/src/lib/bible/api.ts': ['/app/src/lib/http/client.ts', '/svelte/runtime.js'],
		[`${nodes}/11.js`]: ['/app/src/routes/(areas)/settings/+page.svelte'],
		'/app/src/routes/(areas)/settings/+page.svelte': [
			'/app/src/lib/ui/status.ts',
			'/app/src/lib/http/client.ts'
		],
		'/app/src/lib/fakes/app.ts': ['/app/src/lib/http/client.ts']
	});
	const chunk = manualChunks();
	const of = (id: string) => chunk(id, meta);

	it('assigns every module a page reaches, so Rollup pulls none into an area’s chunk', () => {
		expect(of('/svelte/runtime.js')).toBe('shell');
		expect(of('/app/src/lib/ui/status.ts')).toBe('shell');
		expect(of('/app/src/lib/bible/api.ts')).toBe('bible');
		expect(of('/app/src/lib/http/client.ts')).toBe('areas');
	});

	it('puts what only the Bible’s other pages use beside, not in, the chunk a chapter loads', () => {
		expect(of('/app/src/lib/bible/library.ts')).toBe('bible-more');
	});

	it('leaves a page’s own module and lazy code to Rollup', () => {
		expect(of('/app/src/lib/bible/reader.ts')).toBeUndefined();
		expect(of('/app/src/lib/fakes/app.ts')).toBeUndefined();
	});

	it('records the chunks it made, by part, beside the build’s files', () => {
		const plugin = areaChunksPlugin();
		const context = { environment: { name: 'client' } };
		const options = (
			plugin.outputOptions as (
				this: unknown,
				o: object
			) => {
				manualChunks: GetManualChunk;
			}
		).call(context, { format: 'es' });
		options.manualChunks('/app/src/lib/bible/api.ts', meta);
		options.manualChunks('/svelte/runtime.js', meta);
		const dir = mkdtempSync(join(tmpdir(), 'area-chunks-'));
		const chunk = (name: string, fileName: string, moduleIds: string[] = []) => ({
			type: 'chunk',
			name,
			fileName,
			moduleIds
		});
		(plugin.writeBundle as (this: unknown, o: object, b: object) => void).call(
			context,
			{ dir, format: 'es' },
			{
				a: chunk('bible', '_app/immutable/chunks/A.js'),
				b: chunk('shell', '_app/immutable/chunks/B.js'),
				c: chunk('hono', '_app/immutable/chunks/C.js'),
				d: chunk('9', '_app/immutable/nodes/9.D.js', [
					`${nodes}/9.js`,
					'/app/src/routes/(areas)/bible/[bible]/[book]/[chapter]/+page.svelte'
				])
			}
		);
		expect(JSON.parse(readFileSync(join(dir, AREA_CHUNKS_RECORD), 'utf8'))).toEqual({
			bible: '_app/immutable/chunks/A.js',
			shell: '_app/immutable/chunks/B.js',
			'bible-landing-page': '_app/immutable/nodes/9.D.js'
		});
		rmSync(dir, { recursive: true });
	});

	it('changes nothing outside the browser build', () => {
		const plugin = areaChunksPlugin();
		const hook = plugin.outputOptions as (this: unknown, o: object) => unknown;
		expect(hook.call({ environment: { name: 'ssr' } }, { format: 'es' })).toBeNull();
	});
});
