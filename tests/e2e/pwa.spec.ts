import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { APP_PORT, SUBPATH, SUBPATH_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { startStaticServer } from './static-server';

// This spec is about the service worker: it runs with one.
test.use({ serviceWorkers: 'allow' });

/** The unit tests' Bruno collection folder. */
const BRUNO_FOLDER = fileURLToPath(
	new URL('../unit/codehost/import/fixtures/bruno-folder/GitLab Bruno', import.meta.url)
);

// Each test that stops or redeploys its host gets a port of its own; each Playwright worker
// counts in its own range (with one counter from the same start, two workers took the same port).
let started = 0;
const port = () => APP_PORT + 10 + 5 * test.info().parallelIndex + started++;

async function waitForController(page: Page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
		if (!navigator.serviceWorker.controller) {
			await new Promise((resolve) =>
				navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })
			);
		}
	});
}

test('the worker registers when the browser is first idle after the page has loaded, not during its start', async ({
	page
}) => {
	// Idle callbacks are held until the test runs them.
	await page.addInitScript(() => {
		const held: (() => void)[] = [];
		Object.assign(window, { heldIdleCallbacks: held });
		window.requestIdleCallback = (run: IdleRequestCallback) =>
			held.push(() => run({ didTimeout: false, timeRemaining: () => 50 }));
	});
	const requested: string[] = [];
	page.on('request', (request) => requested.push(request.url()));
	const extras = () => requested.filter((url) => /\/shell-extras\.[^/]+\.css$/.test(url));
	await page.goto('/bible');
	await expect(page.getByRole('heading', { name: 'Translations' })).toBeVisible();
	await page.waitForFunction(() => document.readyState === 'complete');
	expect(extras()).toEqual([]);

	await page.evaluate(() =>
		(window as unknown as { heldIdleCallbacks: (() => void)[] }).heldIdleCallbacks.forEach((run) =>
			run()
		)
	);
	await expect.poll(() => extras().length).toBe(1);
	const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
	expect(new URL(scope).pathname).toBe('/');
});

test('the service worker installs and controls the page; Chromium finds the app installable', async ({
	playwright,
	baseURL
}, testInfo) => {
	// Installability is not offered in incognito-like contexts, so use a real profile.
	const profile = await playwright.chromium.launchPersistentContext(
		testInfo.outputPath('profile'),
		{
			executablePath: testInfo.project.use.launchOptions?.executablePath,
			args: testInfo.project.use.launchOptions?.args
		}
	);
	try {
		const page = profile.pages()[0] ?? (await profile.newPage());
		await page.goto(baseURL + '/');
		await waitForController(page);
		expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
			/\/service-worker\.js$/
		);
		const cdp = await profile.newCDPSession(page);
		const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
		expect(installabilityErrors).toEqual([]);
	} finally {
		await profile.close();
	}
});

test('the manifest is valid and its icons load', async ({ page, request }) => {
	await page.goto('/');
	const href = await page.locator('link[rel="manifest"]').getAttribute('href');
	const response = await request.get(href!);
	expect(response.ok()).toBe(true);
	const manifest = await response.json();
	expect(manifest).toMatchObject({
		name: expect.any(String),
		short_name: expect.any(String),
		display: 'standalone',
		start_url: './',
		scope: './'
	});
	expect(manifest.description.length).toBeGreaterThan(10);
	expect(manifest.theme_color).toMatch(/^#/);
	expect(manifest.background_color).toMatch(/^#/);
	const sizes = manifest.icons.map(
		(i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`
	);
	expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
	for (const icon of manifest.icons) {
		const png = await request.get(new URL(icon.src, response.url()).href);
		expect(png.headers()['content-type']).toBe('image/png');
	}
});

test('offline: after one visit, a reload shows the shell and pages that need no network work', async ({
	page,
	context
}) => {
	const server = await startStaticServer(port());
	await page.goto(server.url + '/');
	await waitForController(page);
	// The network is off for the page and its worker, and the host itself is gone.
	await server.stop();
	await context.setOffline(true);
	await page.reload();
	await expect(page.getByRole('heading', { level: 1, name: 'API Workbench' })).toBeVisible();
	await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
	const nav = page.getByRole('navigation', { name: 'Main' });
	await nav.getByRole('link', { name: 'Settings' }).click();
	await expect(page.getByRole('group', { name: 'Code host' })).toBeVisible();
	// Demo backends run in the page, so the demo areas work offline too.
	await nav.getByRole('link', { name: 'Energy' }).click();
	await expect(page.getByText('Buyer balance')).toContainText('TRX');
	// A deep link that was never opened is answered by the cached fallback page.
	await page.goto(server.url + '/explorer');
	await expect(
		page.getByRole('heading', { level: 1, name: 'Code-host API explorer' })
	).toBeVisible();
	await context.setOffline(false);
});

test('offline after one visit: a Bruno collection folder and a Postman file are imported (the import worker’s parts were saved with the app)', async ({
	page,
	context
}) => {
	const server = await startStaticServer(port());
	await page.goto(server.url + '/explorer');
	await waitForController(page);
	await server.stop();
	await context.setOffline(true);
	await page.reload();
	const collections = page.getByRole('region', { name: 'Collections' });
	const preview = page.getByRole('region', { name: 'Import preview' });
	await collections.getByLabel('Import a Bruno folder').setInputFiles(BRUNO_FOLDER);
	await expect(preview).toContainText('Bruno collection (folder) from “GitLab Bruno”: 10 requests');
	await preview.getByRole('button', { name: 'Cancel' }).click();
	await collections.getByLabel('Import collections').setInputFiles({
		name: 'kurz.postman_collection.json',
		mimeType: 'application/json',
		buffer: Buffer.from(
			JSON.stringify({
				info: {
					name: 'Kurz',
					schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'
				},
				item: [{ name: 'Ich', request: { method: 'GET', url: 'https://h.example/api/v4/user' } }]
			})
		)
	});
	await expect(preview).toContainText('from “kurz.postman_collection.json”');
	await context.setOffline(false);
});

test('a Live area with the network off says so plainly', async ({ page, context }) => {
	await page.goto('/settings');
	// The app's code is saved on the device, so only the Live backend is out of reach.
	await waitForController(page);
	const group = page.getByRole('group', { name: 'Bible' });
	await group.getByRole('textbox', { name: 'Base URL' }).fill('https://bible.example.org');
	await group.getByRole('radio', { name: 'Live' }).check();
	await context.setOffline(true);
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bible' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Bible reader' })).toBeVisible();
	await expect(page.getByRole('alert')).toContainText('You are offline');
	await context.setOffline(false);
});

test('offline before the app was saved: opening an area says so, not "Internal Error"', async ({
	browser,
	baseURL
}) => {
	// No service worker: as on a first visit that goes offline before the worker has installed.
	const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
	const page = await context.newPage();
	await page.goto('/settings');
	await expect(page.getByRole('group', { name: 'Bible' })).toBeVisible();
	await context.setOffline(true);
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bible' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
	await expect(page.getByRole('alert')).toContainText('Reconnect, then try again');
	await expect(page.getByText('Internal Error')).toHaveCount(0);
	// Back online, Try again opens the area.
	await context.setOffline(false);
	await page.getByRole('link', { name: 'Try again' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Bible reader' })).toBeVisible();
	await context.close();
});

test('a new deploy shows "A new version is available"; Reload keeps what was typed, never a secret', async ({
	page
}) => {
	const server = await startStaticServer(port(), { copyOf: 'build' });
	try {
		await page.goto(server.url + '/explorer');
		await waitForController(page);
		await page.getByRole('combobox', { name: 'Path' }).fill('/projects/diaspora%2Fclient-1');
		// Fields the form draws in its later steps, after the first screen.
		await page.getByRole('textbox', { name: 'Query', exact: true }).fill('per_page=5');
		await page.getByRole('textbox', { name: 'Request headers' }).fill('X-Draft: kept');
		// A token shown as text, and one inside a pasted cURL command.
		await page.getByRole('combobox', { name: 'Auth method', exact: true }).selectOption({
			label: 'Personal, project or group access token'
		});
		await page.getByLabel('Token', { exact: true }).fill('glpat-shown-token');
		await page.locator('button[aria-controls="explorer-token"]').click();
		await expect(page.getByLabel('Token', { exact: true })).toHaveAttribute('type', 'text');
		await page.getByRole('button', { name: 'Import cURL' }).click();
		await page
			.getByRole('textbox', { name: 'cURL command' })
			.fill(`curl -H 'PRIVATE-TOKEN: glpat-in-curl-box' https://gitlab.example.com/api/v4/user`);
		// What the reload writes, read as the next page starts (before the app restores and clears it).
		await page.addInitScript(() => {
			(window as unknown as { draft: string | null }).draft = sessionStorage.getItem('form-drafts');
		});
		await expect(page.getByText('A new version is available')).toHaveCount(0);

		// Deploy: a changed service worker is a new version. A deploy writes its compressed copies
		// too, or the host would keep sending the old one.
		const worker = join(server.dir, 'service-worker.js');
		appendFileSync(worker, '\n// next deploy\n');
		writeFileSync(`${worker}.br`, brotliCompressSync(readFileSync(worker)));
		writeFileSync(`${worker}.gz`, gzipSync(readFileSync(worker)));
		await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
		await expect(page.getByText('A new version is available')).toBeVisible();
		const reloaded = page.waitForEvent('load');
		await page.getByRole('button', { name: 'Reload' }).click();
		await reloaded;
		// The URL bar: the path with its query.
		await expect(page.getByRole('combobox', { name: 'Path' })).toHaveValue(
			'/projects/diaspora%2Fclient-1?per_page=5'
		);
		await expect(page.getByRole('textbox', { name: 'Query', exact: true })).toHaveValue(
			'per_page=5'
		);
		await expect(page.getByRole('textbox', { name: 'Request headers' })).toHaveValue(
			'X-Draft: kept'
		);
		const draft = await page.evaluate(() => (window as unknown as { draft: string | null }).draft);
		expect(draft).toContain('/projects/diaspora%2Fclient-1');
		expect(draft).not.toContain('glpat-shown-token');
		expect(draft).not.toContain('glpat-in-curl-box');
		await expect(page.getByText('A new version is available')).toHaveCount(0);
	} finally {
		await server.stop();
	}
});

test('the worker caches files of the build on first use, never another path under /_app/immutable/', async ({
	page
}) => {
	const server = await startStaticServer(port(), { copyOf: 'build' });
	try {
		// Same origin and a hashed-looking path, but not in the build: an API or an upload could answer it.
		const planted = '/_app/immutable/chunks/planted.js';
		writeFileSync(join(server.dir, planted), 'export const planted = 1;\n');
		await page.goto(server.url + '/');
		await waitForController(page);
		// The demo Bible's books are build files that are not precached: each stored when first used.
		await page.goto(server.url + '/bible/KJV/John/3');
		await expect(page.getByText('For God so loved the world')).toBeVisible();
		expect(await page.evaluate((path) => fetch(path).then((r) => r.text()), planted)).toContain(
			'planted'
		);
		const cached = await page.evaluate(async () => {
			const paths: string[] = [];
			for (const name of await caches.keys()) {
				const cache = await caches.open(name);
				for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
			}
			return paths;
		});
		expect(cached).toContainEqual(expect.stringMatching(/\/assets\/John\.[\w-]+\.json$/));
		// Only the book that was read: the rest of the Bible is not downloaded.
		expect(cached).not.toContainEqual(expect.stringMatching(/\/assets\/(Gen|Rev)\.[\w-]+\.json$/));
		expect(cached).toContainEqual(expect.stringMatching(/^\/_app\/immutable\/entry\/app\./));
		expect(cached).not.toContain(planted);
	} finally {
		await server.stop();
	}
});

test('the site works under a sub-path: links, assets, manifest, worker scope, deep links', async ({
	page,
	request
}) => {
	const root = `http://127.0.0.1:${SUBPATH_PORT}${SUBPATH}`;
	await page.goto(root + '/');
	await expect(page.getByRole('heading', { level: 1, name: 'API Workbench' })).toBeVisible();
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Energy' })
		.click();
	await expect(page).toHaveURL(`${root}/energy`);
	await expect(page.getByText('Buyer balance')).toContainText('TRX');
	const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
	expect(scope).toBe(`${root}/`);
	const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
	expect(manifestHref).toBe(`${SUBPATH}/manifest.webmanifest`);
	expect((await request.get(`http://127.0.0.1:${SUBPATH_PORT}${manifestHref}`)).ok()).toBe(true);
	const deep = await page.goto(root + '/bible/KJV/John/3');
	expect(deep?.status()).toBe(200);
	await expect(
		page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bible' })
	).toHaveAttribute('href', `${SUBPATH}/bible`);
});

test('the built pages carry the CSP and the app runs under it with no violation', async ({
	page
}) => {
	for (const file of ['index.html', '200.html', 'settings.html']) {
		const html = readFileSync(join('build', file), 'utf8');
		const csp =
			/<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
		expect(csp, file).toContain("object-src 'none'");
		expect(csp, file).toContain("base-uri 'self'");
		expect(csp, file).toMatch(/script-src 'self' 'sha256-[^']+'/);
		expect(csp, file).not.toContain('unsafe-eval');
		expect(csp, file).toMatch(/connect-src [^;]*https:[^;]*http:\/\/127\.0\.0\.1:\*/);
	}
	const violations: string[] = [];
	page.on('console', (m) => {
		if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
	});
	await page.addInitScript(() =>
		document.addEventListener('securitypolicyviolation', (e) =>
			console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`)
		)
	);
	// The deep-linked chapter runs the fallback page's own inline script (demo-chapter-preload.js).
	for (const path of ['/', '/explorer', '/energy', '/bible', '/settings', '/bible/KJV/John/3']) {
		await page.goto(path);
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	}
	await page.goto('/explorer');
	await page.getByRole('button', { name: 'Send' }).click();
	await expect(page.getByRole('region', { name: 'Response', exact: true })).toBeVisible();
	expect(violations).toEqual([]);
});
