import { bibleStudyPlugin } from './scripts/bible-study-plugin';
import { sveltekit } from '@sveltejs/kit/vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { areaChunksPlugin } from './scripts/area-chunks-plugin';
import { DEMO_BIBLE_DIR, demoBiblePlugin } from './scripts/demo-bible-plugin';

/**
 * Writes the base path into the shell's links before Svelte compiles them (`href="{base}/energy"`
 * becomes `href="/energy"`): it is fixed at build time (svelte.config.js, paths.relative false), and
 * a link with no expression in it is plain HTML, without the runtime's attribute code (with the
 * <select> bindings it carries, some 3 KB of gzip the home page would otherwise load first).
 * Only the root layout, home and error pages: the files every page's start loads.
 */
function staticBaseInShell(base: string): Plugin {
	const shell = /\/src\/routes\/\+(?:layout|page|error)\.svelte$/;
	return {
		name: 'static-base-in-shell',
		enforce: 'pre',
		transform(code, id) {
			if (shell.test(id)) return code.replaceAll('"{base}/', `"${base}/`);
		}
	};
}

/**
 * Lists each Web Worker file, with the chunks it loads later (the import worker's readers and
 * Bruno's parser), as assets of the chunk that starts it in Vite's manifest, hence in the service
 * worker's `build` list: precached, and there offline. (Vite emits workers late and leaves them
 * out of the manifest.)
 */
function workersInManifest(): Plugin {
	return {
		name: 'workers-in-manifest',
		apply: 'build',
		generateBundle: {
			order: 'post',
			handler(_options, bundle) {
				const workers = Object.keys(bundle).filter((file) => /\/workers\/[^/]+\.js$/.test(file));
				const chunks = Object.keys(bundle).filter((file) =>
					/\/workers\/chunks\/[^/]+\.js$/.test(file)
				);
				const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1);
				const codeOf = (file: string) => {
					const out = bundle[file];
					if (!out) return '';
					if (out.type === 'chunk') return out.code;
					return typeof out.source === 'string' ? out.source : new TextDecoder().decode(out.source);
				};
				/** A worker's file and every chunk it imports, directly or through another. */
				const withChunks = (worker: string) => {
					const found = new Set([worker]);
					for (const file of found)
						for (const chunk of chunks) if (codeOf(file).includes(nameOf(chunk))) found.add(chunk);
					return [...found];
				};
				const manifest = Object.values(bundle).find(
					(file) => file.type === 'asset' && file.fileName.endsWith('manifest.json')
				);
				if (!workers.length || manifest?.type !== 'asset') return;
				const entries = JSON.parse(String(manifest.source)) as Record<
					string,
					{ file: string; assets?: string[] }
				>;
				for (const entry of Object.values(entries)) {
					const chunk = bundle[entry.file];
					if (chunk?.type !== 'chunk') continue;
					for (const worker of workers)
						if (chunk.code.includes(nameOf(worker)))
							entry.assets = [...new Set([...(entry.assets ?? []), ...withChunks(worker)])];
				}
				manifest.source = JSON.stringify(entries, null, 2);
			}
		}
	};
}

export default defineConfig({
	plugins: [
		// The base path as svelte.config.js reads it (importing that file would type-check it here).
		staticBaseInShell(process.env.BASE_PATH?.replace(/\/$/, '') ?? ''),
		demoBiblePlugin(),
		bibleStudyPlugin(),
		sveltekit(),
		areaChunksPlugin(),
		workersInManifest()
	],
	// Module workers (the Bible search), as the page creates them with { type: 'module' }.
	worker: { format: 'es' },
	resolve: {
		// Bruno's .bru parser (import worker only) requires ohm-js; the ES build ohm-js names as its
		// `module` has only a default export, so the require() gets no `grammar` ("r.grammar is not
		// a function" in Chromium). Its CommonJS build is the one Node's require() loads.
		alias: [{ find: /^ohm-js$/, replacement: 'ohm-js/dist/ohm.cjs' }]
	},
	build: {
		// Demo Bible books stay files, however small: fetching a data: URL would need connect-src data:.
		assetsInlineLimit: (file) => (file.includes(`/${DEMO_BIBLE_DIR}/`) ? false : undefined)
	},
	test: {
		include: ['tests/unit/**/*.test.ts'],
		environment: 'node',
		setupFiles: ['tests/unit/setup.ts']
	}
});
