// The README's screenshots, one per area, taken again with `npm run build && npm run screenshots`.
// It serves build/ as a static host does (scripts/serve.js), opens each area in Demo mode in
// Debian's Chromium at a laptop's size (1280×800), waits for what a person would look at, and
// writes a lossy WebP (Chromium's own encoder, from the PNG Playwright takes) to docs/screenshots/.
// `--port` picks the server's port (4181 by default).
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { E2E_CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from '../tests/chromium';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4181' } } });
const origin = `http://127.0.0.1:${values.port}`;
const OUT = 'docs/screenshots';
/** WebP quality: text stays sharp, each picture stays far under 150 KB. */
const QUALITY = 0.85;

type Shot = { file: string; path: string; ready: (page: Page) => Promise<void> };

const SHOTS: Shot[] = [
	{
		file: 'explorer.webp',
		path: '/explorer',
		ready: async (page) => {
			await page.getByRole('combobox', { name: 'Method', exact: true }).selectOption('GET');
			await page.getByRole('combobox', { name: 'Path', exact: true }).fill('/projects');
			await page.getByRole('textbox', { name: 'Query', exact: true }).fill('per_page=5');
			await page.getByRole('button', { name: 'Send', exact: true }).click();
			const response = page.getByRole('region', { name: 'Response', exact: true });
			await response.getByRole('heading', { level: 2, name: /200/ }).waitFor();
		}
	},
	{
		file: 'energy.webp',
		path: '/energy',
		ready: async (page) => {
			await page
				.getByRole('region', { name: 'Balances' })
				.getByText('Buyer balance', { exact: false })
				.first()
				.waitFor();
			await page.getByRole('region', { name: 'Orders' }).getByRole('row').nth(1).waitFor();
		}
	},
	{
		file: 'bible.webp',
		path: '/bible/KJV/John/3',
		ready: async (page) => {
			await page
				.getByRole('article', { name: 'John 3 text' })
				.getByText('For God so loved the world')
				.waitFor();
		}
	}
];

/** Re-encodes a PNG as WebP in the page itself: no image library to install. */
async function toWebp(page: Page, png: Buffer): Promise<Buffer> {
	const dataUrl = await page.evaluate(
		async ({ src, quality }) => {
			const image = new Image();
			image.src = src;
			await image.decode();
			const canvas = document.createElement('canvas');
			canvas.width = image.naturalWidth;
			canvas.height = image.naturalHeight;
			canvas.getContext('2d')!.drawImage(image, 0, 0);
			return canvas.toDataURL('image/webp', quality);
		},
		{ src: `data:image/png;base64,${png.toString('base64')}`, quality: QUALITY }
	);
	if (!dataUrl.startsWith('data:image/webp')) throw new Error('This Chromium cannot write WebP');
	return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function waitForServer(): Promise<void> {
	for (let i = 0; i < 100; i++) {
		try {
			if ((await fetch(`${origin}/`)).ok) return;
		} catch {
			// Not listening yet.
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`scripts/serve.js did not answer at ${origin}; run npm run build first`);
}

const server = spawn(process.execPath, ['scripts/serve.js', '--port', values.port], {
	stdio: 'inherit'
});
try {
	await waitForServer();
	mkdirSync(OUT, { recursive: true });
	const browser = await chromium.launch({
		executablePath: E2E_CHROMIUM_PATH,
		args: E2E_CHROMIUM_ARGS
	});
	try {
		for (const shot of SHOTS) {
			// A new context for each: a first visit, in Demo mode, with no service worker.
			const context = await browser.newContext({
				baseURL: origin,
				viewport: { width: 1280, height: 800 },
				serviceWorkers: 'block',
				colorScheme: 'light',
				reducedMotion: 'reduce'
			});
			const page = await context.newPage();
			await page.goto(shot.path);
			await shot.ready(page);
			// Let the page draw what comes a task after the first screen.
			await page.waitForLoadState('networkidle');
			// Send puts focus on the answer, which scrolls the window: show the page from its top.
			await page.evaluate(async () => {
				await document.fonts.ready;
				window.scrollTo(0, 0);
			});
			const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
			const file = `${OUT}/${shot.file}`;
			writeFileSync(file, await toWebp(page, png));
			console.log(`${file}: ${Math.round(statSync(file).size / 1024)} KB`);
			await context.close();
		}
	} finally {
		await browser.close();
	}
} finally {
	server.kill();
}
