import type { Page } from '@playwright/test';
import type { Benchmark } from './harness';
import { median } from './harness';
import { downloadTranslation, goLive, startBibleFake, storedBytes } from './bible-fake';

const CHAPTERS = 1189;
const CONNECTIONS = 6;
/** Chapters fetched one at a time for the sequential baseline (extrapolated to 1,189). */
const SEQUENTIAL_SAMPLE = 120;
/** The demo servers take three ports from here; the storage benchmark's, the next three. */
const PORT_BASE = Number(process.env.BIBLE_BENCH_FAKES_PORT_BASE ?? 8961);

interface Scratch {
	fake?: Awaited<ReturnType<typeof startBibleFake>>;
	rtt?: number[];
	sequential?: number;
	/** All chapters with plain fetch, six at a time, no app code: what the network allows here. */
	rawParallel?: number;
	maxGap?: number[];
	updates?: number[];
	bytes?: number;
	median?: number;
}

/**
 * Downloading the whole KJV from the Bible fake over loopback HTTP, 50 ms added per answer, in
 * Chromium, through the app's "Download translation for offline" button (validated, stored in
 * IndexedDB, verified complete).
 */
export const bibleDownload: Benchmark = {
	name: 'Bible: download whole KJV (1,189 chapters, 50 ms latency)',
	unit: 'ms',
	budget:
		'≤ 1.15 × ceil(1189/6) × round trip; ≥ 5× faster than one at a time; progress ≤ 500 ms apart',
	clock:
		'just before the click on Download translation for offline, in the page → the status saying every chapter is downloaded and checked added to the page (not waited to be painted)',
	samples: 5,
	async run(ctx) {
		const s = ctx.scratch as Scratch;
		s.fake ??= await startBibleFake(PORT_BASE, 50);
		const context = await ctx.browser.newContext();
		const page = await context.newPage();
		try {
			await goLive(page, ctx.appUrl, s.fake.url);
			const chapterUrl = (book: string, c: number) =>
				`${s.fake!.url}/api/v1/bibles/KJV/books/${book}/chapters/${c}`;
			if (!s.rtt) {
				// One round trip, warm connection: median of sequential fetches of one chapter.
				s.rtt = await page.evaluate(
					async (url) => {
						const times: number[] = [];
						for (let i = 0; i < 12; i++) {
							const t0 = performance.now();
							await (await fetch(url, { cache: 'no-store' })).json();
							times.push(performance.now() - t0);
						}
						return times.slice(2);
					},
					chapterUrl('Gen', 1)
				);
				// One at a time: the first chapters of the KJV, fetched and parsed sequentially.
				const perChapter = await page.evaluate(
					async ({ base, n }) => {
						const books = (
							(await (await fetch(`${base}/api/v1/bibles/KJV`)).json()) as {
								data: { books: { ref: string; chaptersCount: number }[] };
							}
						).data.books;
						const urls: string[] = [];
						for (const b of books)
							for (let c = 1; c <= b.chaptersCount && urls.length < n; c++)
								urls.push(`${base}/api/v1/bibles/KJV/books/${b.ref}/chapters/${c}`);
						const t0 = performance.now();
						for (const url of urls) await (await fetch(url, { cache: 'no-store' })).json();
						return (performance.now() - t0) / urls.length;
					},
					{ base: s.fake.url, n: SEQUENTIAL_SAMPLE }
				);
				s.sequential = perChapter * CHAPTERS;
				s.rawParallel = await page.evaluate(async (base) => {
					const books = (
						(await (await fetch(`${base}/api/v1/bibles/KJV`)).json()) as {
							data: { books: { ref: string; chaptersCount: number }[] };
						}
					).data.books;
					const urls: string[] = [];
					for (const b of books)
						for (let c = 1; c <= b.chaptersCount; c++)
							urls.push(`${base}/api/v1/bibles/KJV/books/${b.ref}/chapters/${c}`);
					let next = 0;
					const t0 = performance.now();
					await Promise.all(
						Array.from({ length: 6 }, async () => {
							while (next < urls.length)
								await (await fetch(urls[next++]!, { cache: 'no-store' })).json();
						})
					);
					return performance.now() - t0;
				}, s.fake.url);
			}
			await page.goto(`${ctx.appUrl}/bible/KJV`);
			const result = await downloadTranslation(page);
			const stored = await storedBytes(page, `${s.fake.url}/api/v1`, 'KJV');
			if (stored.chapters !== CHAPTERS) throw new Error(`stored ${stored.chapters} chapters`);
			s.bytes = stored.bytes;
			(s.maxGap ??= []).push(result.maxGapMs);
			(s.updates ??= []).push(result.updates);
			return result.ms;
		} finally {
			await context.close();
		}
	},
	withinBudget(m, ctx) {
		const s = ctx.scratch as Scratch;
		const floor = Math.ceil(CHAPTERS / CONNECTIONS) * median(s.rtt ?? [0]);
		return (
			m <= 1.15 * floor && (s.sequential ?? 0) >= 5 * m && Math.max(...(s.maxGap ?? [0])) <= 500
		);
	},
	notes(ctx) {
		const s = ctx.scratch as Scratch;
		const rtt = median(s.rtt ?? [0]);
		const floor = Math.ceil(CHAPTERS / CONNECTIONS) * rtt;
		return [
			`round trip ${rtt.toFixed(1)} ms → floor ${Math.round(floor)} ms (1.15× = ${Math.round(1.15 * floor)} ms)`,
			`one at a time ≈ ${Math.round(s.sequential ?? 0)} ms (${SEQUENTIAL_SAMPLE} chapters measured, scaled to 1,189)`,
			`plain fetch of all chapters six at a time, no app code: ${Math.round(s.rawParallel ?? 0)} ms`,
			`longest gap between progress updates ${Math.round(Math.max(...(s.maxGap ?? [0])))} ms`,
			`${((s.bytes ?? 0) / 1024 ** 2).toFixed(2)} MB of JSON`
		].join('; ');
	},
	async after(ctx) {
		await (ctx.scratch as Scratch).fake?.close();
	}
};

/**
 * The origin's IndexedDB usage (navigator.storage.estimate()'s usageDetails), once it has stopped
 * changing: the same reading twice, a second apart (LevelDB writes its files a little later).
 */
async function settledIndexedDbUsage(page: Page): Promise<number> {
	const read = () =>
		page.evaluate(async () => {
			const e = (await navigator.storage.estimate()) as StorageEstimate & {
				usageDetails?: { indexedDB?: number };
			};
			return e.usageDetails?.indexedDB ?? 0;
		});
	let last = await read();
	const deadline = Date.now() + 30_000;
	for (;;) {
		await page.waitForTimeout(1000);
		const now = await read();
		if (now === last) return now;
		if (Date.now() > deadline)
			throw new Error(`IndexedDB usage still changing after 30 s (${last} → ${now} bytes)`);
		last = now;
	}
}

/**
 * IndexedDB space used for the whole KJV's text, compared with the JSON received. Only the text:
 * the app's shell cache (its service worker, blocked here) and the saved search index (its worker,
 * not loaded here; measured in "Bible search: index storage vs text storage") would otherwise be
 * counted when they happen to land between the two readings (1.32× one day, 1.58× the next).
 */
export const bibleStorage: Benchmark = {
	name: 'Bible: storage used for whole KJV ÷ JSON received',
	unit: '×',
	budget: '≤ 1.5×',
	clock:
		'no clock: IndexedDB usage (navigator.storage.estimate(), settled) after the whole KJV is downloaded minus before, ÷ the chapters’ JSON as received; the search worker and the service worker kept out, so neither the search index nor the shell cache is counted',
	samples: 1,
	async run(ctx) {
		const s = ctx.scratch as Scratch & { usage?: number };
		s.fake ??= await startBibleFake(PORT_BASE + 3, 0);
		const context = await ctx.browser.newContext({ serviceWorkers: 'block' });
		await context.route('**/search.worker-*.js', (route) => route.abort());
		const page = await context.newPage();
		try {
			await goLive(page, ctx.appUrl, s.fake.url);
			await page.goto(`${ctx.appUrl}/bible/KJV`);
			await page.waitForLoadState('networkidle');
			const before = await settledIndexedDbUsage(page);
			await downloadTranslation(page);
			const stored = await storedBytes(page, `${s.fake.url}/api/v1`, 'KJV');
			if (stored.chapters !== CHAPTERS) throw new Error(`stored ${stored.chapters} chapters`);
			const searchDb = await page.evaluate(
				async (name) => (await indexedDB.databases()).some((d) => d.name === name),
				`bible-search ${s.fake.url}/api/v1`
			);
			if (searchDb) throw new Error('the search worker ran: its index would be counted');
			const after = await settledIndexedDbUsage(page);
			s.usage = after - before;
			s.bytes = stored.bytes;
			return (after - before) / stored.bytes;
		} finally {
			await context.close();
		}
	},
	withinBudget: (m) => m <= 1.5,
	notes(ctx) {
		const s = ctx.scratch as Scratch & { usage?: number };
		return `IndexedDB grew by ${((s.usage ?? 0) / 1024 ** 2).toFixed(2)} MB for ${((s.bytes ?? 0) / 1024 ** 2).toFixed(2)} MB of JSON (chapters and their marks only)`;
	},
	async after(ctx) {
		await (ctx.scratch as Scratch).fake?.close();
	}
};
