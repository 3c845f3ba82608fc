import type { Page } from '@playwright/test';
import type { Benchmark } from './harness';

interface Scratch {
	page?: Page;
	close?: () => Promise<void>;
	/** The chapter's Strong's numbers, one searched per sample. */
	numbers?: string[];
	sample?: number;
	chapter?: number;
}

const FIND_SAMPLES = 15;

/** The KJV's John 3 in Demo mode with "Strong's numbers" on, its words tagged. */
async function strongsOn(page: Page, url: string): Promise<void> {
	await page.goto(url);
	await page.getByRole('checkbox', { name: "Strong's numbers" }).check();
	await page.locator('article #v1 button.strongs').first().waitFor();
}

/**
 * "Find every verse": from pressing the button in a word's Strong's panel until the count per
 * book and the first verses' texts are painted (the frame after they are in the DOM). Each sample
 * is another number of John 3 (common ones, "and" or "the", have thousands of verses), so each is
 * a new search; the study data is the build's, read once as the app reads it.
 */
export const bibleStudyFindEvery: Benchmark = {
	name: "Bible study: Find every verse for a Strong's number until painted",
	unit: 'ms',
	budget: '≤ 100 ms',
	clock:
		'just before the click on Find every verse, in the page → the frame after the count and the first verses are in the page (requestAnimationFrame, then a task)',
	samples: FIND_SAMPLES,
	withinBudget: (m) => m <= 100,
	async run(ctx) {
		const s = ctx.scratch as Scratch;
		if (!s.page) {
			const context = await ctx.browser.newContext();
			s.close = () => context.close();
			s.page = await context.newPage();
			await strongsOn(s.page, `${ctx.appUrl}/bible/KJV/John/3`);
			s.numbers = await s.page.$$eval('article button.strongs sup', (sups) => [
				...new Set(sups.map((sup) => sup.textContent?.trim() ?? ''))
			]);
			s.sample = 0;
		}
		const page = s.page;
		const id = s.numbers![s.sample! % s.numbers!.length]!;
		s.sample! += 1;
		const panel = page.getByRole('region', { name: "Strong's" });
		await page
			.locator('article button.strongs')
			.filter({ has: page.locator('sup', { hasText: new RegExp(`^${id}$`) }) })
			.first()
			.click();
		await panel.getByRole('heading', { name: `Strong's ${id}` }).waitFor();
		await panel.getByRole('button', { name: 'Find every verse' }).waitFor();
		const ms = await page.evaluate(async (number) => {
			const painted = new Promise<number>((resolve) => {
				const observer = new MutationObserver(() => {
					const found = document.querySelector(`section[aria-label="Every verse with ${number}"]`);
					const status = found?.querySelector('[role="status"]')?.textContent ?? '';
					const first = found?.querySelector('.verses li .text');
					if (/ is in | has /.test(status) && (first || / has /.test(status))) {
						observer.disconnect();
						requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
					}
				});
				observer.observe(document.body, { subtree: true, childList: true, characterData: true });
			});
			const t0 = performance.now();
			[...document.querySelectorAll('button')]
				.find((b) => b.textContent?.trim() === 'Find every verse')!
				.click();
			return (await painted) - t0;
		}, id);
		await panel.getByRole('button', { name: 'Close' }).click();
		if (s.sample === FIND_SAMPLES) await s.close?.();
		return ms;
	},
	notes: (ctx) =>
		`Demo mode; John 3 with Strong's numbers on; one number per sample (${((ctx.scratch as Scratch).numbers ?? []).length} in the chapter, in the order they appear), from "Find every verse" to the count and the first verses painted`
};

/**
 * A stored chapter with Strong's numbers on: from clicking "Next chapter" until the new chapter's
 * verses are painted with their tagged words. John is downloaded first (Demo mode), so every
 * chapter comes from IndexedDB; the Strong's words come from the study data, read as the app
 * reads it.
 */
export const bibleStudyChapter: Benchmark = {
	name: "Bible study: open a stored chapter with Strong's numbers on until painted",
	unit: 'ms',
	budget: '≤ 50 ms',
	clock:
		'just before the click on Next chapter, in the page → the frame after the new chapter’s verses with their Strong’s words are in the page (requestAnimationFrame, then a task)',
	samples: 20,
	withinBudget: (m) => m <= 50,
	async run(ctx) {
		const s = ctx.scratch as Scratch;
		if (!s.page) {
			const context = await ctx.browser.newContext();
			s.close = () => context.close();
			s.page = await context.newPage();
			await s.page.goto(`${ctx.appUrl}/bible/KJV/John`);
			await s.page.getByRole('button', { name: 'Download John for offline' }).click();
			await s.page
				.getByText('John is downloaded: 21 chapters, checked')
				.waitFor({ timeout: 60_000 });
			await strongsOn(s.page, `${ctx.appUrl}/bible/KJV/John/1`);
			await s.page.getByText('Read from this device.').waitFor();
			s.chapter = 1;
		}
		const next = s.chapter! + 1;
		s.chapter = next;
		const ms = await s.page.evaluate(async (n) => {
			const painted = new Promise<number>((resolve) => {
				const observer = new MutationObserver(() => {
					const title = document.querySelector('h1')?.textContent?.trim();
					const article = document.querySelector('article');
					if (
						title === `John ${n}` &&
						article?.getAttribute('aria-busy') !== 'true' &&
						article?.querySelector('#v1 button.strongs')
					) {
						observer.disconnect();
						requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
					}
				});
				observer.observe(document.body, { subtree: true, childList: true, characterData: true });
			});
			const t0 = performance.now();
			[...document.querySelectorAll('button')]
				.find((b) => b.textContent?.trim().startsWith('Next chapter'))!
				.click();
			return (await painted) - t0;
		}, next);
		await s.page.getByText('Read from this device.').waitFor();
		if (next === 21) await s.close?.();
		return ms;
	},
	notes: () =>
		'Demo mode; John 2–21 opened in turn with "Next chapter" after downloading John, with Strong\'s numbers on'
};
