/**
 * What the previous landed build kept on this device (its own stores wrote the fixture: see
 * tests/unit/upgrade/fixtures/README.md) is all there under this build: every environment, verse
 * note, bookmark and highlight, reading plan, followed order, connection setting, History entry
 * and snapshot, each area shows its items, and what they keep is then format 2.
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { putRecords, storeRecords } from './indexed-db';
import { expect, test } from './fixtures';

interface Dump {
	indexedDB: Record<string, Record<string, Record<string, unknown>>>;
	localStorage: Record<string, string>;
}

interface OldNote {
	book: string;
	chapter: number;
	verse: number;
	note: string;
}

const previousBuild = async (): Promise<Dump> =>
	JSON.parse(
		await readFile(new URL('../unit/upgrade/fixtures/build-140a16e.json', import.meta.url), 'utf8')
	) as Dump;

/** Puts what the build kept in place, as it left it (before this build's code reads it). */
async function putKept(page: Page, dump: Dump) {
	for (const [db, stores] of Object.entries(dump.indexedDB))
		for (const [store, records] of Object.entries(stores))
			await putRecords(page, db, store, Object.entries(records));
	await page.evaluate((items) => {
		for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
	}, dump.localStorage);
}

test('what the previous build kept is all there under this one, and is then kept as format 2', async ({
	page
}) => {
	const dump = await previousBuild();
	const old = {
		environments: dump.indexedDB['codehost-environments']!.kv!.environments as {
			environments: { name: string }[];
		},
		notes: Object.values(dump.indexedDB['bible-notes']!.notes!) as OldNote[],
		plans: JSON.parse(dump.localStorage['bible.plans']!) as { id: string; done: number[] }[],
		tracked: dump.indexedDB['energy-client']!.orders!,
		connections: dump.indexedDB['client-settings']!.kv!.connections as object,
		history: dump.indexedDB['codehost-history']!.kv!.entries as { id: string; path: string }[]
	};
	expect(old.notes).toHaveLength(6);
	// Opened an hour after the previous build kept its last snapshot, by the page's clock: from a
	// day on, opening "Your data" rightly adds the daily snapshot, and the list below would depend
	// on the day the test runs (it did from 2026-12-04 18:58 UTC on, a day after the fixture).
	const snapshotsKept = dump.indexedDB['your-data-snapshots']!.kv!.meta as { at: number }[];
	await page.clock.setFixedTime(Math.max(...snapshotsKept.map((s) => s.at)) + 3_600_000);
	await page.goto('/settings');
	await putKept(page, dump);
	await page.reload();

	// The connection settings.
	const codehost = page.getByRole('group', { name: 'Code host' });
	await expect(codehost.getByRole('radio', { name: 'Live' })).toBeChecked();
	await expect(codehost.getByRole('textbox', { name: 'Base URL' })).toHaveValue(
		'https://gitlab.example.com'
	);

	// Every item is read: a backup of this browser holds each one.
	const region = page.getByRole('region', { name: 'Your data' });
	const download = page.waitForEvent('download');
	await region.getByRole('button', { name: 'Back up everything' }).click();
	const file = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
		codehost: { environments: unknown[] };
		bible: { notes: { notes: unknown[]; plans: { id: string; done: number[] }[] } };
		energy: { followedOrders: Record<string, unknown[]> };
	};
	expect(file.codehost.environments).toEqual(old.environments.environments);
	expect(file.bible.notes.notes).toHaveLength(old.notes.length);
	expect(file.bible.notes.plans.map((p) => [p.id, p.done])).toEqual(
		old.plans.map((p) => [p.id, p.done])
	);
	expect(file.energy.followedOrders).toEqual(
		Object.fromEntries(
			Object.entries(old.tracked).map(([key, orders]) => [
				key.slice('tracked:'.length),
				Object.values(orders as object)
			])
		)
	);

	// The snapshot it took (before clearing History) is listed, and restores.
	const snapshots = page.getByRole('region', { name: 'Snapshots' });
	const snapshot = snapshots.getByRole('listitem').filter({ hasText: 'Before clearing History' });
	await expect(snapshot).toHaveCount(1);
	await snapshot.getByRole('button', { name: 'Restore' }).click();
	await expect(snapshots.getByRole('status')).toContainText('Restored the snapshot.');

	// Each area shows its items.
	await page.goto('/bible/notes');
	const notes = page
		.getByRole('listitem')
		.filter({ has: page.getByRole('button', { name: /^Delete/ }) });
	await expect(notes).toHaveCount(6);
	for (const name of [
		'Genesis 1:1',
		'Psalms 23:1',
		'Isaiah 40:31',
		'Matthew 5:9',
		'John 3:16',
		'Romans 8:28'
	])
		await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
	await expect(page.getByText('For God so loved the world')).toBeVisible();

	await page.goto('/bible/plans');
	await expect(
		page.getByRole('region', { name: 'The Bible in a year' }).getByText(/^5 of 365 days read/)
	).toBeVisible();
	await expect(
		page
			.getByRole('region', { name: 'The New Testament in 90 days' })
			.getByText(/^1 of 90 days read/)
	).toBeVisible();

	await page.goto('/explorer');
	const select = page.getByRole('combobox', { name: 'Environment', exact: true });
	await expect(select.locator('option')).toHaveText(['Default', 'Staging', 'CI jobs']);
	await expect(select.locator('option:checked')).toHaveText('Staging');

	// History: the requests it recorded, newest first, the Fetch all pages run as one row.
	const history = page.getByRole('region', { name: 'History' });
	const rows = history.getByRole('listitem');
	await expect(rows).toHaveCount(4);
	await expect(rows.nth(0)).toContainText('/projects/7/pipelines?per_page=2');
	await expect(rows.nth(0)).toContainText('Fetch all pages: 2 pages');
	await expect(rows.nth(1)).toContainText('/projects/404');
	await expect(rows.nth(1)).toContainText('network');
	await expect(rows.nth(2)).toContainText('POST');
	await expect(rows.nth(3)).toContainText('/projects?private_token=[redacted]&per_page=20');
	await rows
		.nth(2)
		.getByRole('button', { name: /^Open response/ })
		.click();
	await expect(page.getByText('Shown in Response: the stored answer to POST')).toBeVisible();

	// What they keep is now format 2, holding what it held.
	const environments = (await storeRecords(page, 'codehost-environments', 'kv')).environments;
	expect(environments).toEqual({ format: 2, ...old.environments });
	const kept = await storeRecords(page, 'bible-notes', 'notes');
	expect(Object.values(kept)).toEqual(old.notes.map((n) => ({ ...n, format: 2 })));
	const plans = await page.evaluate(() => localStorage.getItem('bible.plans'));
	expect(JSON.parse(plans!)).toEqual({ format: 2, plans: old.plans });
	const settings = await storeRecords(page, 'client-settings', 'kv');
	expect(settings.connections).toEqual({ format: 2, ...old.connections });
	const snapshotList = (await storeRecords(page, 'your-data-snapshots', 'kv')).meta as {
		format: number;
		snapshots: { reason: string }[];
	};
	expect(snapshotList.format).toBe(2);
	expect(snapshotList.snapshots.map((s) => s.reason)).toEqual(['snapshot', 'clear-history']);
	const historyKept = await storeRecords(page, 'codehost-history', 'kv');
	expect(historyKept).not.toHaveProperty('entries');
	expect(historyKept.format).toEqual({ format: 2 });
	const entries = Object.entries(historyKept)
		.filter(([key]) => key.startsWith('entry '))
		.map(([, value]) => value)
		.reverse();
	expect(entries).toEqual(old.history.map((e) => ({ ...e, format: 2 })));
});
