import { defineConfig } from '@playwright/test';
import { E2E_CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './tests/chromium';

// Ports chosen apart from the dev defaults so a running `npm start` or `npm run fakes` does not clash.
// Overridable so two checkouts can run their suites side by side.
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4391);
export const FAKES_PORT_BASE = Number(process.env.E2E_FAKES_PORT_BASE ?? 8891);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/** A second build of the site, hosted under a sub-path. */
export const SUBPATH = '/sub/path';
export const SUBPATH_PORT = APP_PORT + 1;

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: 2,
	retries: 0,
	forbidOnly: true,
	timeout: 30_000,
	reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
	use: {
		baseURL: APP_URL,
		// Recording a trace costs every test about a sixth of its CPU time (DOM snapshots and a
		// screencast per action), kept or not. E2E_TRACE=1 records them, kept for failures.
		trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
		screenshot: 'only-on-failure',
		// Installing the worker and precaching the app in every new context costs about a tenth of
		// the run. The specs about the worker and offline use (pwa, offline reading, search, notes,
		// topics, compare) turn it on with test.use({ serviceWorkers: 'allow' }).
		serviceWorkers: 'block',
		launchOptions: {
			executablePath: E2E_CHROMIUM_PATH,
			args: E2E_CHROMIUM_ARGS
		}
	},
	webServer: [
		{
			command: `node scripts/serve.js --port ${APP_PORT}`,
			url: `${APP_URL}/`,
			reuseExistingServer: false,
			timeout: 30_000
		},
		{
			command: `BASE_PATH=${SUBPATH} BUILD_DIR=build-subpath npx vite build --logLevel error && node scripts/serve.js --dir build-subpath --base ${SUBPATH} --port ${SUBPATH_PORT}`,
			url: `http://127.0.0.1:${SUBPATH_PORT}${SUBPATH}/`,
			reuseExistingServer: false,
			timeout: 300_000
		},
		{
			command: `node --import tsx scripts/fakes.ts --port-base ${FAKES_PORT_BASE}`,
			url: `http://127.0.0.1:${FAKES_PORT_BASE + 2}/api/v1/bibles`,
			reuseExistingServer: false,
			timeout: 30_000
		}
	]
});
