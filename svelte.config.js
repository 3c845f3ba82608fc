import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { withCompletedPreloads } from './scripts/complete-preloads.js';
import { withDemoChapterPreloads } from './scripts/demo-chapter-preload.js';
import { precompressed } from './scripts/precompress.js';

// BASE_PATH lets the same build be hosted under a sub-path (e.g. /tools/client).
const base = process.env.BASE_PATH?.replace(/\/$/, '') ?? '';
// Lets the test suite build a second, sub-path copy of the site beside the main one.
const outDir = process.env.BUILD_DIR ?? 'build';
// The page a static host serves for any path it has no file for (see README).
const fallback = '200.html';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// 200.html is the SPA fallback most static hosts understand; see README.
		// .br and .gz beside each text file, served by scripts/serve.js as a real host would; written
		// through a cache (scripts/precompress.js), so the same files are not compressed again.
		// Each page's HTML preloads all of its first render's modules, largest first, and carries its
		// style sheets (scripts/complete-preloads.js); the fallback, which serves the deep links, a
		// chapter's.
		// In Demo mode the fallback also starts a chapter's book and the demo service downloading at
		// once, from a small inline script (scripts/demo-chapter-preload.js).
		adapter: precompressed(
			withDemoChapterPreloads(
				withCompletedPreloads(
					adapter({
						pages: outDir,
						assets: outDir,
						fallback,
						precompress: false,
						strict: true
					}),
					outDir,
					{
						fallback,
						fallbackPage: 'src/routes/(areas)/bible/[bible]/[book]/[chapter]/+page.svelte',
						// The home page's first paint is budgeted by the files it links
						// (tests/e2e/built-site.spec.ts); the other pages carry their style sheets.
						linksStyles: ['index.html']
					}
				),
				outDir,
				{
					fallback,
					dataDir: 'generated/demo-bible',
					// What src/lib/fakes/bible/names.ts's preloadDemoBook imports.
					// (It imports the transport's chunk, `demo` in scripts/area-chunks-plugin.ts.)
					serviceModules: ['src/lib/fakes/bible/app.ts'],
					bookPage: 'src/routes/(areas)/bible/[bible]/[book]/+page.svelte'
				}
			),
			outDir
		),
		paths: { base, relative: false },
		// Registered by the app (src/lib/ui/app-update.svelte.ts) so it can offer updates.
		serviceWorker: { register: false },
		csp: {
			mode: 'hash',
			directives: {
				'default-src': ['self'],
				'script-src': ['self'],
				// Svelte sets style attributes at run time; styles cannot run code.
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:'],
				'font-src': ['self'],
				// The user chooses the servers: any https host, and plain http on loopback (local backends, proxy).
				'connect-src': ['self', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
				'worker-src': ['self'],
				'manifest-src': ['self'],
				'object-src': ['none'],
				'base-uri': ['self'],
				'form-action': ['self']
			}
		}
	}
};

export default config;
