/**
 * Your data goes where you go: one backup file restores a filled app into an empty one; a newer or
 * hostile file changes nothing; a snapshot puts back what it was taken of; the browser's answer
 * about keeping the data is shown.
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, nav, test } from './fixtures';
import { savedRequests } from './explorer-helpers';
import { dump, fill, FILLED } from './your-data-helpers';

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });

async function backUp(page: Page, withHistory = false): Promise<string> {
	const region = yourData(page);
	if (withHistory) await region.getByRole('checkbox', { name: 'Include History' }).check();
	const download = page.waitForEvent('download');
	await region.getByRole('button', { name: 'Back up everything' }).click();
	const path = await (await download).path();
	return readFile(path, 'utf8');
}

async function choose(page: Page, text: string, name = 'backup.json') {
	await yourData(page)
		.getByLabel('Restore from backup')
		.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

test('the backup of a filled app restores into an empty one with every item back, and never holds a secret', async ({
	page,
	browser
}) => {
	await page.goto('/settings');
	await fill(page);
	await page.reload();
	const before = await dump(page);
	const text = await backUp(page);
	expect(JSON.parse(text)).toMatchObject({ format: 'api-workbench-backup', version: 1 });
	expect(text).not.toContain(FILLED.secretValue);
	expect(text).toContain('"api_token": ""');

	const fresh = await browser.newContext();
	const other = await fresh.newPage();
	await other.goto('/settings');
	await choose(other, text);
	const preview = yourData(other).getByRole('table', { name: /What restoring/ });
	await expect(preview.getByRole('row', { name: /Saved requests 2 0 0/ })).toBeVisible();
	await expect(
		preview.getByRole('row', { name: /Bible notes, bookmarks and highlights 2 0 0/ })
	).toBeVisible();
	await yourData(other).getByRole('button', { name: 'Restore', exact: true }).click();
	await expect(yourData(other).getByRole('status')).toContainText('Restored from backup.json');
	expect(await dump(other)).toEqual(before);
	await fresh.close();
});

test('a file of a newer version, or a hostile one, is refused whole and changes nothing', async ({
	page
}) => {
	await page.goto('/settings');
	await fill(page);
	await page.reload();
	const before = await dump(page);
	const good = JSON.parse(await backUp(page)) as Record<string, unknown>;
	const alert = yourData(page).getByRole('alert');

	await choose(page, JSON.stringify({ ...good, version: 99 }));
	await expect(alert).toContainText('newer version of this app');
	await expect(yourData(page).getByRole('button', { name: 'Restore', exact: true })).toHaveCount(0);

	const hostile = JSON.stringify(good).replace(
		'"name":"Projects"',
		'"__proto__":{"admin":true},"name":"Projects"'
	);
	await choose(page, hostile);
	await expect(alert).toContainText('__proto__');

	const withSecret = JSON.stringify(good).replace(
		'"api_token":""',
		`"api_token":"${FILLED.secretValue}"`
	);
	await choose(page, withSecret);
	await expect(alert).toContainText('secret');

	const wrongTypes = JSON.stringify({ ...good, codehost: { collections: 'everything' } });
	await choose(page, wrongTypes);
	await expect(alert).toContainText('not a list');
	expect(await dump(page)).toEqual(before);
});

test('a snapshot taken before a restore puts back the state it was taken of', async ({ page }) => {
	await page.goto('/settings');
	await fill(page);
	await page.reload();
	const filled = await dump(page);
	const text = await backUp(page);
	// Change things, then restore the backup: a snapshot of the changed state is kept first.
	await page.evaluate(() => localStorage.setItem('bible.plans', JSON.stringify([])));
	await page.reload();
	const changed = await dump(page);
	await choose(page, text);
	await yourData(page).getByRole('button', { name: 'Restore', exact: true }).click();
	await expect(yourData(page).getByRole('status')).toContainText('Restored');
	expect(await dump(page)).toEqual(filled);

	const snapshots = page.getByRole('region', { name: 'Snapshots' });
	const item = snapshots.getByRole('listitem').filter({ hasText: 'Before restoring a backup' });
	await item.getByRole('button', { name: 'Restore' }).click();
	await expect(snapshots.getByRole('status')).toContainText('Restored the snapshot');
	expect(await dump(page)).toEqual(changed);
	// What was there before that restore is itself a snapshot now.
	await expect(
		snapshots.getByRole('listitem').filter({ hasText: 'Before restoring a snapshot' })
	).toHaveCount(1);
});

test('an import into Collections keeps a snapshot first, and restoring it takes the import out', async ({
	page
}) => {
	await page.goto('/settings');
	await fill(page);
	const filled = await dump(page);
	await page.goto('/explorer');
	const saved = savedRequests(page);
	await saved.importFile.setInputFiles({
		name: 'team.postman_collection.json',
		mimeType: 'application/json',
		buffer: Buffer.from(
			JSON.stringify({
				info: {
					name: 'Team API',
					schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'
				},
				item: [{ name: 'Who am I', request: { method: 'GET', url: '{{baseUrl}}/user' } }]
			})
		)
	});
	await page
		.getByRole('region', { name: 'Import preview' })
		.getByRole('button', { name: 'Import', exact: true })
		.click();
	await expect(saved.status).toContainText('Imported 1 request');
	await expect(saved.status).toContainText('It can be undone from Snapshots in Settings.');
	await expect(saved.region.getByRole('button', { name: 'Who am I', exact: true })).toBeVisible();

	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Settings' })
		.click();
	const snapshots = page.getByRole('region', { name: 'Snapshots' });
	const item = snapshots
		.getByRole('listitem')
		.filter({ hasText: 'Before importing into Collections' });
	await expect(item).toContainText('2 saved requests');
	await item.getByRole('button', { name: 'Restore' }).click();
	await expect(snapshots.getByRole('status')).toContainText('Restored the snapshot');
	expect((await dump(page)).collections).toEqual(filled.collections);
	await page.goto('/explorer');
	await expect(
		saved.region.getByRole('button', { name: 'List projects', exact: true })
	).toBeVisible();
	await expect(saved.region.getByRole('button', { name: 'Who am I', exact: true })).toHaveCount(0);
});

test('energy reminders outlive a reload, go into the backup, and a restore puts them back', async ({
	page
}) => {
	await page.goto('/energy');
	const expiring = page.getByRole('region', { name: 'Expiring soon' });
	const remind = expiring.getByRole('checkbox', {
		name: 'Remind me before the energy is reclaimed'
	});
	const minutes = expiring.getByRole('textbox', { name: 'Minutes before' });
	await remind.check();
	await minutes.fill('25');
	await page.reload();
	await expect(remind).toBeChecked();
	await expect(minutes).toHaveValue('25');

	await nav(page, 'Settings');
	const text = await backUp(page);
	expect((JSON.parse(text) as { energy: { reminders: unknown } }).energy.reminders).toEqual({
		enabled: true,
		minutes: 25
	});
	// Changed on the energy page after the backup…
	await nav(page, 'Energy');
	await remind.uncheck();
	await minutes.fill('40');
	// …then the backup restored: the preview names the choice it replaces.
	await nav(page, 'Settings');
	await choose(page, text);
	const region = yourData(page);
	await expect(region.getByRole('row', { name: /Energy reminders/ }).getByRole('cell')).toHaveText([
		'0',
		'1',
		'0'
	]);
	await expect(region).toContainText(
		'Energy reminders: No reminder before the energy is reclaimed'
	);
	await region.getByRole('button', { name: 'Restore', exact: true }).click();
	await expect(region.getByRole('status')).toContainText('Restored');
	await nav(page, 'Energy');
	await expect(remind).toBeChecked();
	await expect(minutes).toHaveValue('25');
});

test('when the browser may clear the data, the page says so and points to backups and sync', async ({
	page
}) => {
	await page.addInitScript(() => {
		Object.defineProperty(navigator.storage, 'persisted', { value: async () => false });
		Object.defineProperty(navigator.storage, 'persist', { value: async () => false });
	});
	await page.goto('/settings');
	await expect(yourData(page)).toContainText(
		'This browser may clear your data when space runs low'
	);
	await expect(yourData(page)).toContainText('Back up everything or sync with a repository');
	await expect(yourData(page).getByRole('table', { name: /Size of each area/ })).toBeVisible();
});

test('saving a note asks the browser to keep the data', async ({ page }) => {
	await page.addInitScript(() => {
		(window as unknown as { persistAsked: number }).persistAsked = 0;
		Object.defineProperty(navigator.storage, 'persisted', { value: async () => false });
		Object.defineProperty(navigator.storage, 'persist', {
			value: async () => {
				(window as unknown as { persistAsked: number }).persistAsked++;
				return false;
			}
		});
	});
	await page.goto('/bible/KJV/John/3');
	await page.getByRole('link', { name: 'Reading plans' }).click();
	const nt = page.getByRole('region', { name: 'The New Testament in 90 days' });
	await nt.getByRole('button', { name: 'Start' }).click();
	await expect(nt.getByRole('region', { name: "Today's reading" })).toBeVisible();
	await expect
		.poll(() => page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked))
		.toBe(1);
});
