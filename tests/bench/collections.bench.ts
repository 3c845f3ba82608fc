/**
 * The explorer's saved requests (Collections), in Chromium against the built site, Demo mode:
 * - 500 saved requests open: from navigation start, and from the click that opens the explorer
 *   from another page, to the first saved request painted;
 * - the search, each keypress to the list painted;
 * - importing a collections file: the longest main-thread task, for a 2 MB and a 5 MB file
 *   (imported; the limit is 50 MB).
 *
 * "Painted" for the first saved request is Chromium's own paint timing: the Element Timing API's
 * `renderTime` for the row's name (an `elementtiming` attribute set on it, by an observer of the
 * page, as soon as it is added). The frame after the row is in the page (requestAnimationFrame,
 * then a task) is recorded beside it as a check.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { median, statusSays, type BenchContext, type Benchmark } from './harness';

const FIRST_ROW = 'ul.requests li button.open';
const OPEN_FROM_NAVIGATION_MS = 300;
const OPEN_FROM_CLICK_MS = 100;
const KEYPRESS_MS = 100;
const IMPORT_TASK_MS = 200;

type Win = Window & {
	/** The first saved request: when it was added to the page and when it was painted. */
	rowAddedAt?: number;
	rowFrameAt?: number;
	rowPaintedAt?: number;
	/** The click on the main navigation's Explorer link (its event time). */
	clickedAt?: number;
	/** When IndexedDB answered the first read of the saved requests (their database's `getAll`). */
	readAt?: number;
	longTasks: { start: number; duration: number }[];
};

/**
 * Before any page script: marks the first saved request for Element Timing as soon as it is added,
 * records its paint, and records the click on the main navigation's Explorer link and long tasks.
 * The marks are reset by `forgetRow` (a client-side navigation keeps the page's script running).
 */
function watchFirstRow(selector: string) {
	const w = window as unknown as Win;
	w.longTasks = [];
	new PerformanceObserver((list) => {
		for (const e of list.getEntries())
			w.longTasks.push({ start: e.startTime, duration: e.duration });
	}).observe({ type: 'longtask', buffered: true });
	new PerformanceObserver((list) => {
		for (const e of list.getEntries() as (PerformanceEntry & {
			identifier: string;
			renderTime: number;
		})[])
			if (e.identifier === 'first-saved-request' && w.rowPaintedAt === undefined)
				w.rowPaintedAt = e.renderTime || e.startTime;
	}).observe({ type: 'element', buffered: true });
	addEventListener(
		'click',
		(e) => {
			const link = (e.target as Element | null)?.closest?.('nav a');
			if (link?.textContent?.trim() === 'Explorer') w.clickedAt = e.timeStamp;
		},
		{ capture: true }
	);
	// Where the time goes: when the saved requests' database answers with their records (read,
	// not changed): the store reads them all at once (getAll).
	const getAll = IDBObjectStore.prototype.getAll;
	IDBObjectStore.prototype.getAll = function (this: IDBObjectStore, ...args: []) {
		const request = getAll.apply(this, args);
		if (this.transaction.db.name === 'codehost-collections' && w.readAt === undefined)
			request.addEventListener('success', () => (w.readAt ??= performance.now()));
		return request;
	};
	new MutationObserver(() => {
		if (w.rowAddedAt !== undefined) return;
		const row = document.querySelector(selector);
		if (!row) return;
		w.rowAddedAt = performance.now();
		row.setAttribute('elementtiming', 'first-saved-request');
		requestAnimationFrame(() => setTimeout(() => (w.rowFrameAt = performance.now()), 0));
	}).observe(document, { subtree: true, childList: true });
}

const forgetRow = (page: Page) =>
	page.evaluate(() => {
		const w = window as unknown as Win;
		w.rowAddedAt = w.rowFrameAt = w.rowPaintedAt = w.clickedAt = w.readAt = undefined;
		w.longTasks = [];
	});

const rowTimes = async (page: Page) => {
	await page.waitForFunction(
		() => {
			const w = window as unknown as Win;
			return w.rowPaintedAt !== undefined && w.rowFrameAt !== undefined;
		},
		null,
		{ timeout: 30_000 }
	);
	return page.evaluate(() => {
		const w = window as unknown as Win;
		return {
			read: w.readAt ?? NaN,
			added: w.rowAddedAt!,
			frame: w.rowFrameAt!,
			painted: w.rowPaintedAt!,
			clicked: w.clickedAt
		};
	});
};

/** A collections file of one collection of `count` requests. */
function collectionsFile(count: number): string {
	const requests = Array.from({ length: count }, (_, i) => ({
		name: `Request ${i + 1} ${['projects', 'issues', 'merge requests', 'users', 'groups'][i % 5]}`,
		method: 'GET',
		path: `/projects/${i + 1}/${['issues', 'merge_requests', 'members', 'labels', 'jobs'][i % 5]}`,
		pathParams: {},
		query: 'per_page=20',
		params: '',
		bodyKind: 'query',
		headers: '',
		auth: { method: 'token', way: 'header' }
	}));
	return JSON.stringify({
		format: 'api-workbench-collections',
		version: 1,
		exportedAt: new Date().toISOString(),
		collections: [{ name: 'Five hundred', requests }],
		environments: []
	});
}

/**
 * The file the e2e test imports (tests/e2e/explorer-storage.spec.ts): 20 collections of
 * `perCollection` POST requests with `bodyChars`-character bodies; 50 of 1,700 each is 2 MB.
 */
function bigCollectionsFile(perCollection: number, bodyChars = 1_700): string {
	return JSON.stringify({
		format: 'api-workbench-collections',
		version: 1,
		exportedAt: '2026-01-01T00:00:00.000Z',
		collections: Array.from({ length: 20 }, (_, c) => ({
			name: `Imported ${c}`,
			requests: Array.from({ length: perCollection }, (_, r) => ({
				name: `Request ${c}.${r}`,
				method: 'POST',
				path: `/projects/{id}/issues`,
				pathParams: { id: String(r) },
				query: 'per_page=5',
				params: JSON.stringify({ title: 'x'.repeat(bodyChars), labels: 'bug' }),
				bodyKind: 'json',
				headers: 'X-Trace: 1',
				auth: { method: 'personal', way: 'private-token-header' }
			}))
		})),
		environments: []
	});
}

async function onDisk(name: string, text: string): Promise<string> {
	const path = join(await mkdtemp(join(tmpdir(), 'bench-collections-')), name);
	await writeFile(path, text);
	return path;
}

const collections = (page: Page) => page.getByRole('region', { name: 'Collections' });

/** A new browser context with the 500 saved requests imported, on the explorer. */
async function withFiveHundred(ctx: BenchContext): Promise<Page> {
	const context = await ctx.browser.newContext();
	const page = await context.newPage();
	// tsx keeps function names with a helper, __name, that page.evaluate's functions then call.
	await page.addInitScript('globalThis.__name = (f) => f');
	await page.addInitScript(watchFirstRow, FIRST_ROW);
	await page.goto(`${ctx.appUrl}/explorer`);
	await collections(page)
		.getByLabel('Import collections')
		.setInputFiles(await onDisk('c.json', collectionsFile(500)));
	await statusSays(collections(page).getByRole('status'), 'Imported 500 requests', 60_000);
	return page;
}

interface OpenScratch {
	page?: Page;
	/** Per sample: when IndexedDB answered the read of the saved requests, from the clock's start. */
	read?: number[];
	/** Per sample: when the row was added and when its frame ended, from the clock's start. */
	added?: number[];
	frame?: number[];
	longest?: number[];
}

const pushTo = (list: number[] | undefined, value: number) => [...(list ?? []), value];
const ms = (values: number[] | undefined) => (values ?? []).map((v) => Math.round(v)).join(', ');

export const collectionsOpenFromNavigation: Benchmark = {
	name: 'Explorer collections, 500 saved requests: navigation to the first one painted',
	unit: 'ms',
	budget: `≤ ${OPEN_FROM_NAVIGATION_MS} ms`,
	clock:
		'the reload’s navigation start (the page’s time origin) → the first saved request painted (Element Timing renderTime)',
	samples: 5,
	withinBudget: (m) => m <= OPEN_FROM_NAVIGATION_MS,
	async run(ctx) {
		const s = ctx.scratch as OpenScratch;
		s.page ??= await withFiveHundred(ctx);
		await s.page.reload();
		const t = await rowTimes(s.page);
		s.read = pushTo(s.read, t.read);
		s.added = pushTo(s.added, t.added);
		s.frame = pushTo(s.frame, t.frame);
		return t.painted;
	},
	async after(ctx) {
		await (ctx.scratch as OpenScratch).page?.context().close();
	},
	notes: (ctx) => {
		const s = ctx.scratch as OpenScratch;
		return `a returning visit (the service worker serves the app); IndexedDB answered the read of the saved requests at ${ms(s.read)} ms, the first row added to the page at ${ms(s.added)} ms, the frame after it ended at ${ms(s.frame)} ms; 100 rows drawn of 500, a screenful first`;
	}
};

export const collectionsOpenFromClick: Benchmark = {
	name: 'Explorer collections, 500 saved requests: click on Explorer to the first one painted',
	unit: 'ms',
	budget: `≤ ${OPEN_FROM_CLICK_MS} ms`,
	clock:
		'the click on Explorer in the main navigation, from Settings (its event time) → the first saved request painted (Element Timing renderTime)',
	samples: 5,
	withinBudget: (m) => m <= OPEN_FROM_CLICK_MS,
	async run(ctx) {
		const s = ctx.scratch as OpenScratch;
		s.page ??= await withFiveHundred(ctx);
		const page = s.page;
		// A new page on Settings: the explorer, its state and its saved requests are not open yet.
		await page.goto(`${ctx.appUrl}/settings`);
		await page.getByRole('group', { name: 'Code host' }).waitFor();
		await page.waitForLoadState('networkidle');
		await forgetRow(page);
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Explorer' })
			.click();
		const t = await rowTimes(page);
		if (t.clicked === undefined) throw new Error('The click on Explorer was not seen');
		s.read = pushTo(s.read, t.read - t.clicked);
		s.added = pushTo(s.added, t.added - t.clicked);
		s.frame = pushTo(s.frame, t.frame - t.clicked);
		return t.painted - t.clicked;
	},
	async after(ctx) {
		await (ctx.scratch as OpenScratch).page?.context().close();
	},
	notes: (ctx) => {
		const s = ctx.scratch as OpenScratch;
		return `Settings loaded first (the explorer not opened in that page yet), then Explorer clicked as Playwright clicks (no hover beforehand); after the click: IndexedDB answered the read of the saved requests at ${ms(s.read)} ms (median ${Math.round(median(s.read ?? [NaN]))}), the first row added at ${ms(s.added)} ms, the frame after it ended at ${ms(s.frame)} ms`;
	}
};

interface SearchScratch {
	page?: Page;
	slowest?: number[];
	medians?: number[];
	shown?: number;
}

export const collectionsSearch: Benchmark = {
	name: 'Explorer collections, 500 saved requests: search, keypress to the list painted',
	unit: 'ms',
	budget: `every key ≤ ${KEYPRESS_MS} ms`,
	clock:
		'each key of “merge 4” typed into Search saved requests (its keydown event time) → the frame after the list changed (requestAnimationFrame, then a task); the figure is each run’s slowest key',
	samples: 3,
	withinBudget: (m, ctx) =>
		Math.max(...((ctx.scratch as SearchScratch).slowest ?? [Infinity])) <= KEYPRESS_MS,
	async run(ctx) {
		const s = ctx.scratch as SearchScratch;
		s.page ??= await withFiveHundred(ctx);
		const page = s.page;
		await page.reload();
		const box = collections(page).getByRole('textbox', { name: 'Search saved requests' });
		await collections(page).locator(FIRST_ROW).first().waitFor();
		await box.click();
		await page.waitForLoadState('networkidle');
		const times: number[] = [];
		for (const key of 'merge 4') {
			// Armed and awaited first: the key must not be pressed before the page listens.
			await page.evaluate(() => {
				const w = window as unknown as { key: { pressed?: number; painted?: number } };
				const key: { pressed?: number; painted?: number } = (w.key = {});
				addEventListener('keydown', (e) => (key.pressed = e.timeStamp), {
					capture: true,
					once: true
				});
				addEventListener(
					'input',
					() =>
						// After the app's own input handler and the effects it started (microtasks).
						queueMicrotask(() =>
							requestAnimationFrame(() => setTimeout(() => (key.painted = performance.now()), 0))
						),
					{ once: true }
				);
			});
			await page.keyboard.press(key === ' ' ? 'Space' : key);
			const handle = await page.waitForFunction(
				() => {
					const { key } = window as unknown as { key: { pressed?: number; painted?: number } };
					return key.painted !== undefined && key.pressed !== undefined
						? key.painted - key.pressed
						: false;
				},
				null,
				{ polling: 25 }
			);
			times.push((await handle.jsonValue()) as number);
		}
		s.shown = await collections(page).locator('ul.requests li').count();
		await box.fill('');
		s.slowest = pushTo(s.slowest, Math.max(...times));
		s.medians = pushTo(s.medians, median(times));
		return Math.max(...times);
	},
	async after(ctx) {
		await (ctx.scratch as SearchScratch).page?.context().close();
	},
	notes: (ctx) => {
		const s = ctx.scratch as SearchScratch;
		return `slowest key per run ${ms(s.slowest)} ms, median key per run ${ms(s.medians)} ms; ${s.shown} rows match “merge 4”`;
	}
};

interface ImportScratch {
	file?: string;
	bytes?: number;
	took?: number[];
}

/**
 * A fresh explorer page ready for an import: long tasks recorded, and the time the file is chosen
 * (the input's change event) kept. The caller closes the page's context.
 */
async function pageForImport(ctx: BenchContext): Promise<Page> {
	const context = await ctx.browser.newContext();
	const page = await context.newPage();
	await page.addInitScript('globalThis.__name = (f) => f');
	await page.addInitScript(watchFirstRow, FIRST_ROW);
	await page.goto(`${ctx.appUrl}/explorer`);
	await collections(page).getByLabel('Import collections').waitFor();
	await page.waitForLoadState('networkidle');
	await page.evaluate(() => {
		const w = window as unknown as Win & { changedAt?: number };
		w.longTasks = [];
		addEventListener('change', (e) => (w.changedAt = e.timeStamp), { capture: true, once: true });
	});
	return page;
}

/** The longest main-thread task since the file was chosen, and how long ago that was. */
const sinceChosen = (page: Page) =>
	page.evaluate(() => {
		const w = window as unknown as Win & { changedAt: number };
		const during = w.longTasks.filter((t) => t.start + t.duration >= w.changedAt);
		return {
			longest: Math.max(0, ...during.map((t) => t.duration)),
			took: performance.now() - w.changedAt
		};
	});

/** The longest main-thread task from choosing the file to the status saying how it ended. */
function importBenchmark(options: {
	name: string;
	file: () => string;
	outcome: RegExp;
	says: string;
}): Benchmark {
	return {
		name: options.name,
		unit: 'ms',
		budget: `≤ ${IMPORT_TASK_MS} ms`,
		clock: `the file chosen in the real “Import collections” input (its change event) → the status saying ${options.says}; the figure is the longest main-thread task in between (Long Tasks API: none over 50 ms reads as 0)`,
		samples: 3,
		withinBudget: (m) => m <= IMPORT_TASK_MS,
		async run(ctx) {
			const s = ctx.scratch as ImportScratch;
			if (!s.file) {
				const text = options.file();
				s.bytes = Buffer.byteLength(text);
				s.file = await onDisk('collections.json', text);
			}
			const page = await pageForImport(ctx);
			try {
				const region = collections(page);
				await region.getByLabel('Import collections').setInputFiles(s.file);
				await statusSays(region.getByRole('status'), options.outcome, 60_000);
				const r = await sinceChosen(page);
				s.took = pushTo(s.took, r.took);
				return r.longest;
			} finally {
				await page.context().close();
			}
		},
		notes: (ctx) => {
			const s = ctx.scratch as ImportScratch;
			return `${((s.bytes ?? 0) / 1e6).toFixed(2)} MB file; read and checked in the import worker; the status said so ${ms(s.took)} ms after the file was chosen`;
		}
	};
}

export const collectionsImportAtLimit = importBenchmark({
	name: 'Explorer collections import: longest main-thread task, a 2 MB file (1,000 requests)',
	file: () => bigCollectionsFile(50),
	// The sentence goes on to say how to undo it (from Snapshots in Settings).
	outcome: /^Imported 1000 requests in 20 collections\./,
	says: 'what was imported'
});

export const collectionsImportFive = importBenchmark({
	name: 'Explorer collections import: longest main-thread task, a 5 MB file (2,000 requests)',
	file: () => bigCollectionsFile(100, 2_250),
	outcome: /^Imported 2000 requests in 20 collections\./,
	says: 'what was imported'
});

/**
 * A Postman Collection v2.1 of `requests` requests in 20 folders, each with a raw JSON body of
 * about `bodyChars` characters: what a team's big collection with example bodies looks like.
 */
function bigPostmanFile(requests: number, bodyChars: number): string {
	const body = JSON.stringify(
		Array.from({ length: Math.ceil(bodyChars / 40) }, (_, i) => ({ key: `k${i}`, value: `v ${i}` }))
	);
	const folders = Array.from({ length: 20 }, (_, f) => ({
		name: `Folder ${f + 1}`,
		item: Array.from({ length: requests / 20 }, (_, i) => ({
			name: `Request ${f * (requests / 20) + i + 1}`,
			request: {
				method: 'POST',
				header: [
					{ key: 'Content-Type', value: 'application/json' },
					{ key: 'X-Trace', value: '{{trace}}', disabled: true }
				],
				url: {
					raw: `{{baseUrl}}/projects/:id/issues?labels=bug`,
					host: ['{{baseUrl}}'],
					path: ['projects', ':id', 'issues'],
					query: [{ key: 'labels', value: 'bug' }],
					variable: [{ key: 'id', value: String(i + 1) }]
				},
				body: { mode: 'raw', raw: body, options: { raw: { language: 'json' } } }
			}
		}))
	}));
	return JSON.stringify({
		info: {
			name: 'Big team collection',
			schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'
		},
		variable: [{ key: 'baseUrl', value: 'https://gitlab.example.com/api/v4' }],
		item: folders
	});
}

interface ForeignScratch {
	file?: string;
	bytes?: number;
	previewAfter?: number[];
	importedAfter?: number[];
}

/**
 * Another tool's 20 MB export: chosen in “Import collections”, read and checked in the worker, shown
 * in the “Import preview”, then written with “Import”. The longest main-thread task over both
 * steps, the click on Import included.
 */
export const collectionsImportPostman: Benchmark = {
	name: 'Explorer import from another tool: longest main-thread task, a 20 MB Postman collection (1,000 requests)',
	unit: 'ms',
	budget: `≤ ${IMPORT_TASK_MS} ms`,
	clock:
		'the file chosen in the real “Import collections” input (its change event) → the “Import preview” shown → the click on Import → the status saying what was imported; the figure is the longest main-thread task in all of it (Long Tasks API: none over 50 ms reads as 0)',
	samples: 3,
	withinBudget: (m) => m <= IMPORT_TASK_MS,
	async run(ctx) {
		const s = ctx.scratch as ForeignScratch;
		if (!s.file) {
			const text = bigPostmanFile(1_000, 19_500);
			s.bytes = Buffer.byteLength(text);
			s.file = await onDisk('big-team.postman_collection.json', text);
		}
		const page = await pageForImport(ctx);
		try {
			const region = collections(page);
			await region.getByLabel('Import collections').setInputFiles(s.file);
			const preview = page.getByRole('region', { name: 'Import preview' });
			await preview.getByRole('button', { name: 'Import', exact: true }).waitFor({
				timeout: 120_000
			});
			const shownAt = (await sinceChosen(page)).took;
			await preview.getByRole('button', { name: 'Import', exact: true }).click();
			await statusSays(region.getByRole('status'), /^Imported 1000 requests/, 120_000);
			const r = await sinceChosen(page);
			s.previewAfter = pushTo(s.previewAfter, shownAt);
			s.importedAfter = pushTo(s.importedAfter, r.took);
			return r.longest;
		} finally {
			await page.context().close();
		}
	},
	notes: (ctx) => {
		const s = ctx.scratch as ForeignScratch;
		return `${((s.bytes ?? 0) / 1e6).toFixed(2)} MB file; read, recognised and checked in the import worker; the preview showed ${ms(s.previewAfter)} ms after the file was chosen, the status ${ms(s.importedAfter)} ms after (the click on Import in between)`;
	}
};

export const collectionsBenchmarks: Benchmark[] = [
	collectionsOpenFromNavigation,
	collectionsOpenFromClick,
	collectionsSearch,
	collectionsImportAtLimit,
	collectionsImportFive,
	collectionsImportPostman
];
