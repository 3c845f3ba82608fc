import type { Page } from '@playwright/test';
import { startFakeServers, type RunningFake } from '../../scripts/fake-servers';
import { POLL_TIMING } from '../../src/lib/energy/orders/poller';
import { DEFAULT_STEP_MS } from '../../src/lib/fakes/energy/service';
import type { BenchContext, Benchmark } from './harness';

/**
 * Polling cost, measured in Chromium against the built site in Live mode, over real HTTP to the
 * energy fake (so every request is visible on the network): the order/get requests one order
 * needs from creation until the page shows "Delegated", and the requests made while hidden.
 */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The fake's delegation time: three steps (0 → 5 → 2 → 3). */
const DELEGATION_MS = 3 * DEFAULT_STEP_MS;
const REQUEST_BUDGET = DELEGATION_MS / POLL_TIMING.baseMs + 2;

async function withLiveEnergy<T>(
	context: BenchContext,
	fn: (page: Page, energyUrl: string) => Promise<T>
): Promise<T> {
	const appPort = Number(new URL(context.appUrl).port);
	const fakes: RunningFake[] = await startFakeServers({
		portBase: Number(process.env.BENCH_FAKES_PORT_BASE ?? appPort + 4400)
	});
	const energyUrl = fakes.find((f) => f.service === 'energy')!.url;
	const browserContext = await context.browser.newContext();
	try {
		const page = await browserContext.newPage();
		await page.goto(context.appUrl + '/settings');
		const group = page.getByRole('group', { name: 'Energy rental' });
		await group.getByRole('textbox', { name: 'Base URL' }).fill(energyUrl);
		await group.getByRole('radio', { name: 'Live' }).check();
		await group.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
		await group.getByLabel('API token').fill('demo-energy-token');
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Energy' })
			.click();
		await page.getByRole('region', { name: 'Balances' }).getByText('Buyer balance').waitFor();
		return await fn(page, energyUrl);
	} finally {
		await browserContext.close();
		await Promise.all(fakes.map((f) => f.close()));
	}
}

/** Buys one order through the form; resolves with its guid. */
async function buy(page: Page): Promise<string> {
	const form = page.getByRole('form', { name: 'Buy energy' });
	await form.getByLabel('Recipient address', { exact: true }).fill(ADDRESS);
	await form.getByLabel('Energy amount').fill('65000');
	await form.getByRole('button', { name: 'Review order' }).click();
	await form.getByRole('button', { name: 'Confirm purchase' }).click();
	const heading = form.getByRole('heading', { name: /^Order \d+ placed$/ });
	await heading.waitFor({ timeout: 15_000 });
	return /\d+/.exec((await heading.textContent()) ?? '')![0];
}

function delegatedRow(page: Page, guid: string) {
	return page
		.getByRole('region', { name: 'Orders' })
		.getByRole('row', { name: new RegExp(guid) })
		.filter({ hasText: 'Delegated' });
}

/** Makes the page hidden or shown as far as the Page Visibility API tells the app. */
async function setHidden(page: Page, hidden: boolean) {
	// A string, so the bench's TypeScript loader adds no helpers to code that runs in the page.
	await page.evaluate(`(() => {
		const hidden = ${hidden};
		Object.defineProperty(document, 'visibilityState', {
			configurable: true,
			get() { return hidden ? 'hidden' : 'visible'; }
		});
		Object.defineProperty(document, 'hidden', { configurable: true, get() { return hidden; } });
		document.dispatchEvent(new Event('visibilitychange'));
	})()`);
}

export const energyRequestsPerOrder: Benchmark = {
	name: 'Energy: order/get requests per order, creation → Delegated',
	unit: 'requests',
	budget: `≤ ${REQUEST_BUDGET} (${DELEGATION_MS / 1000} s delegation / ${POLL_TIMING.baseMs / 1000} s base interval + 2)`,
	clock:
		'no clock: order/get requests counted from the purchase’s answer (the order’s guid known) → its row in Orders showing “Delegated”',
	samples: 3,
	withinBudget: (median) => median <= REQUEST_BUDGET,
	run: (context) =>
		withLiveEnergy(context, async (page) => {
			const polls: string[] = [];
			let guid = '';
			page.on('request', (r) => {
				if (r.method() === 'POST' && guid && r.url().endsWith(`/order/get/${guid}`))
					polls.push(r.url());
			});
			const started = Date.now();
			guid = await buy(page);
			await delegatedRow(page, guid).waitFor({ timeout: 60_000 });
			const seconds = (Date.now() - started) / 1000;
			const times = (context.scratch.seconds as number[] | undefined) ?? [];
			context.scratch.seconds = [...times, seconds];
			return polls.length;
		}),
	notes: ({ scratch }) =>
		`Live over loopback HTTP, fake step ${DEFAULT_STEP_MS / 1000} s; "Delegated" shown after ${(
			(scratch.seconds as number[]) ?? []
		)
			.map((s) => `${s.toFixed(1)} s`)
			.join(', ')}`
};

export const energyRequestsWhileHidden: Benchmark = {
	name: 'Energy: requests while the tab is hidden',
	unit: 'requests',
	budget: '0',
	clock:
		'no clock: requests to the energy service counted from the tab hidden (Page Visibility API) right after buying → shown again 13 s later',
	samples: 2,
	withinBudget: (median) => median === 0,
	run: (context) =>
		withLiveEnergy(context, async (page, energyUrl) => {
			const guid = await buy(page);
			await setHidden(page, true);
			let hiddenRequests = 0;
			let hidden = true;
			page.on('request', (r) => {
				if (hidden && r.url().startsWith(energyUrl)) {
					hiddenRequests++;
					const seen = (context.scratch.hiddenUrls ??= []) as string[];
					seen.push(`${r.method()} ${new URL(r.url()).pathname}`);
				}
			});
			// Longer than the whole delegation: a visible page would poll several times.
			await page.waitForTimeout(DELEGATION_MS + 4000);
			hidden = false;
			await setHidden(page, false);
			// Shown again: polling resumes and finds the order delegated.
			await delegatedRow(page, guid).waitFor({ timeout: 30_000 });
			return hiddenRequests;
		}),
	notes: ({ scratch }) =>
		`hidden for ${(DELEGATION_MS + 4000) / 1000} s right after buying (Page Visibility API); polling resumed and reached "Delegated" once shown${
			(scratch.hiddenUrls as string[] | undefined)?.length
				? `; sent while hidden: ${(scratch.hiddenUrls as string[]).join(', ')}`
				: ''
		}`
};
