import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { DEMO_BIBLE_DIR, demoBiblePlugin } from './scripts/demo-bible-plugin';

export default defineConfig({
	plugins: [demoBiblePlugin(), sveltekit()],
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
