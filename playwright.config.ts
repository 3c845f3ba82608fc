import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

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
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: CHROMIUM_PATH,
			args: CHROMIUM_ARGS
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
