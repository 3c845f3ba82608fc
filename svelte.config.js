import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

// BASE_PATH lets the same build be hosted under a sub-path (e.g. /tools/client).
const base = process.env.BASE_PATH?.replace(/\/$/, '') ?? '';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// 200.html is the SPA fallback most static hosts understand; see README.
		adapter: adapter({ fallback: '200.html', strict: true }),
		paths: { base, relative: false }
	}
};

export default config;
