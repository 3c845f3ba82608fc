import { Gitlab } from '@gitbeaker/rest';
import { startFakeServers, type RunningFake } from '../../scripts/fake-servers';
import { median, type Benchmark } from './harness';

const FAKES_PORT_BASE = Number(process.env.BENCH_FAKES_PORT_BASE ?? 8971);
const PAGES = 100;
/** The browser's walk against gitbeaker's from Node, both medians of 3 in one run. */
const MAX_RATIO = 2;

/**
 * Walking 10,000 projects (100 pages of 100) by keyset from the loopback fake server, in the
 * browser, with the explorer showing progress. Budget (issue 29): the median at most twice the
 * median of @gitbeaker/rest walking the same server from Node in the same run; the DOM stays bounded.
 */
export const explorerKeyset: Benchmark = {
	name: 'Explorer keyset walk, 10,000 projects (100 × 100) over loopback',
	unit: 'ms',
	budget: `≤ ${MAX_RATIO}× @gitbeaker/rest from Node in the same run, DOM bounded`,
	samples: 3,
	withinBudget: (median, { scratch }) => {
		const gitbeaker = scratch.gitbeakerMs as number | undefined;
		return !!gitbeaker && median <= MAX_RATIO * gitbeaker && scratch.domBounded === true;
	},
	async run({ browser, appUrl, scratch }) {
		let fakes = scratch.fakes as RunningFake[] | undefined;
		if (!fakes) {
			fakes = await startFakeServers({ portBase: FAKES_PORT_BASE });
			scratch.fakes = fakes;
		}
		const context = await browser.newContext();
		const page = await context.newPage();
		try {
			await page.goto(`${appUrl}/settings`);
			const group = page.getByRole('group', { name: 'Code host' });
			await group.getByRole('textbox', { name: 'Base URL' }).fill(fakes[0]!.url);
			await group.getByRole('radio', { name: 'Live' }).check();
			await group.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
			await page
				.getByRole('navigation', { name: 'Main' })
				.getByRole('link', { name: 'Explorer' })
				.click();
			await page.getByRole('combobox', { name: 'Path', exact: true }).fill('/projects');
			await page
				.getByRole('textbox', { name: 'Query', exact: true })
				.fill('pagination=keyset&per_page=100&order_by=id&sort=asc');
			await page.getByRole('button', { name: 'Send', exact: true }).click();
			// The pagination panel is a tab of the response.
			await page.getByRole('tab', { name: 'Pagination' }).click();
			const pagination = page.getByRole('region', { name: 'Pagination' });
			await pagination.getByRole('button', { name: 'Fetch all pages' }).waitFor();
			await pagination.getByRole('spinbutton', { name: 'Page cap' }).fill(String(PAGES));
			const domBefore = await page.evaluate(() => document.getElementsByTagName('*').length);

			// The end is watched from inside the page, as the floor below is timed: Playwright's own
			// wait polls the page's accessibility tree every frame, which took a third of the walk's
			// main-thread time and slowed the page it measured.
			const done = `Fetched: ${PAGES} pages, ${(PAGES * 100).toLocaleString('en-US')} items.`;
			const finished = page.evaluate(
				(text) =>
					new Promise<void>((resolve) => {
						const watch = new MutationObserver(() => {
							const statuses = document.querySelectorAll('[role="status"]');
							if (![...statuses].some((s) => s.textContent?.includes(text))) return;
							watch.disconnect();
							resolve();
						});
						watch.observe(document.body, { subtree: true, childList: true, characterData: true });
					}),
				done
			);
			const started = Date.now();
			await pagination.getByRole('button', { name: 'Fetch all pages' }).click();
			await finished;
			const elapsed = Date.now() - started;
			await pagination.getByRole('status').filter({ hasText: done }).waitFor();
			((scratch.times ??= []) as number[]).push(elapsed);

			// The browser's own floor, same page and server: a bare fetch loop over the same 100 pages
			// (no app code), warmed once, then timed.
			const floorWalk = () =>
				page.evaluate(
					async ({ first, pages }) => {
						const t = performance.now();
						let url: string | undefined = first;
						let n = 0;
						for (; url && n < pages; n++) {
							const r: Response = await fetch(url);
							await r.json();
							url = /<([^>]+)>;\s*rel="next"/.exec(r.headers.get('link') ?? '')?.[1];
						}
						if (n !== pages) throw new Error(`the bare walk stopped after ${n} pages`);
						return performance.now() - t;
					},
					{
						first: `${fakes[0]!.url.replace(/\/+$/, '')}/api/v4/projects?pagination=keyset&per_page=100&order_by=id&sort=asc`,
						pages: PAGES
					}
				);
			await floorWalk();
			((scratch.floor ??= []) as number[]).push(Math.round(await floorWalk()));

			const domAfter = await page.evaluate(() => document.getElementsByTagName('*').length);
			const cdp = await context.newCDPSession(page);
			await cdp.send('HeapProfiler.collectGarbage');
			const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
			scratch.domBefore = domBefore;
			scratch.domAfter = domAfter;
			// Bounded: the walk adds at most the 50 history rows the panel shows, not 10,000 items.
			scratch.domBounded = domAfter - domBefore < 1500;
			scratch.heapMb = Math.round((heap.usedSize / 2 ** 20) * 10) / 10;
			return elapsed;
		} finally {
			await context.close();
		}
	},
	/** The same walk by @gitbeaker/rest from Node, against the same server: the budget's yardstick. */
	async after({ scratch }) {
		const fakes = scratch.fakes as RunningFake[] | undefined;
		if (!fakes) return;
		try {
			const api = new Gitlab({ host: fakes[0]!.url, token: 'glpat-demo-token' });
			const times: number[] = [];
			for (let i = 0; i < 3; i++) {
				const started = performance.now();
				const projects = await api.Projects.all({
					pagination: 'keyset',
					orderBy: 'id',
					sort: 'asc',
					perPage: 100,
					maxPages: PAGES
				});
				times.push(performance.now() - started);
				if (projects.length !== PAGES * 100)
					throw new Error(`@gitbeaker/rest walked ${projects.length} projects`);
			}
			scratch.gitbeakerMs = Math.round(median(times));
		} finally {
			await Promise.all(fakes.map((f) => f.close()));
			scratch.fakes = undefined;
		}
	},
	notes: ({ scratch }) => {
		const gitbeaker = scratch.gitbeakerMs as number | undefined;
		const app = median((scratch.times as number[] | undefined) ?? []);
		const ratio =
			gitbeaker && app
				? ` (this app in the browser ÷ gitbeaker = ${(app / gitbeaker).toFixed(2)}×)`
				: '';
		const floor = median((scratch.floor as number[] | undefined) ?? []);
		const floorNote = floor
			? `; the browser's floor, a bare fetch loop over the same pages in the same page: median ${Math.round(floor)} ms${gitbeaker ? ` (${(floor / gitbeaker).toFixed(2)}× gitbeaker)` : ''}, this app ${(app / floor).toFixed(2)}× that floor`
			: '';
		return `DOM elements ${scratch.domBefore} → ${scratch.domAfter} (bounded: ${scratch.domBounded ? 'yes' : 'no'}); JS heap after walk (after GC) ${scratch.heapMb} MB; @gitbeaker/rest 43 walking the same server from Node: median ${gitbeaker ?? '?'} ms${ratio}${floorNote}`;
	}
};
