/**
 * What hostile files and answers cannot do: a history file cannot put a command into a copied
 * cURL, a secret variable reaches neither IndexedDB nor an export, an answer nested 5,000 deep is
 * shown with a note, and a Link without a scheme is followed on the base URL when asked.
 */
import { readFile } from 'node:fs/promises';
import { FAKES_PORT_BASE } from '../../playwright.config';
import { expect, test } from './fixtures';
import { goLive, openTab, ui } from './explorer-helpers';
import { startHostile, type Hostile } from './hostile-codehost';

let hostile: Hostile;
test.beforeAll(async () => {
	const port = FAKES_PORT_BASE + 60 + 2 * test.info().parallelIndex;
	hostile = await startHostile(port, port + 1);
});
test.afterAll(async () => hostile.close());

/** The marker-touching method of the attack, in bash's octal escapes. */
const octal = (text: string) =>
	`$'${[...text].map((c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`).join('')}'`;
const HOSTILE_METHOD = `GET;${octal('touch')} ${octal('/tmp/pwned')};#`;

/** Everything the page's IndexedDB databases hold, as text. */
async function indexedDbText(page: import('@playwright/test').Page): Promise<string> {
	return page.evaluate(async () => {
		const out: unknown[] = [];
		for (const { name } of await indexedDB.databases()) {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(name!);
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			for (const store of db.objectStoreNames) {
				const all = db.transaction(store).objectStore(store).getAll();
				out.push(
					await new Promise((resolve) => {
						all.onsuccess = () => resolve(all.result);
					})
				);
			}
			db.close();
		}
		return JSON.stringify(out);
	});
}

test('a history file whose method carries a shell command is refused, and nothing is imported', async ({
	page
}) => {
	await page.goto('/explorer');
	const entry = {
		id: 'x1',
		at: '2026-11-26T10:00:00.000Z',
		method: HOSTILE_METHOD,
		path: '/projects',
		url: 'https://gitlab.example.com/api/v4/projects',
		status: 200,
		durationMs: 1,
		sizeBytes: 2,
		requestHeaders: {},
		responseHeaders: {}
	};
	const file = { format: 'codehost-explorer-history', version: 1, entries: [entry] };
	const history = ui(page).history;
	await history.getByLabel('Import history').setInputFiles({
		name: 'history.json',
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(file))
	});
	await expect(history.getByRole('status')).toContainText(
		'is not an HTTP method (such as GET or POST). Nothing was imported'
	);
	await expect(history.getByRole('button', { name: 'cURL' })).toHaveCount(0);
});

test('a secret variable in a header goes out, and is in neither IndexedDB nor the exports', async ({
	page
}) => {
	const secret = 'glpat-variable-in-header-77';
	await page.goto('/explorer');
	const u = ui(page);
	await page.getByRole('textbox', { name: 'Request headers' }).fill('X-Note: {{token}}');
	await page.getByLabel('token', { exact: true }).fill(secret);
	await expect(page.getByRole('checkbox', { name: 'Secret: token' })).toBeChecked();
	await u.send.click();
	await expect(u.status).toContainText('200');
	await expect(u.history.getByRole('listitem')).toHaveCount(1);
	// Writes are batched: wait until the entry is stored.
	await expect
		.poll(async () => (await indexedDbText(page)).toLowerCase().includes('x-note'))
		.toBe(true);
	expect(await indexedDbText(page)).not.toContain(secret);

	const collections = page.getByRole('region', { name: 'Collections' });
	await page.getByRole('textbox', { name: 'Request name' }).fill('With a note');
	await page.getByRole('combobox', { name: 'Collection', exact: true }).fill('Notes');
	await page.getByRole('button', { name: 'Save request' }).click();
	for (const [region, button] of [
		[u.history, 'Export history'],
		[collections, 'Export collections']
	] as const) {
		const download = page.waitForEvent('download');
		await region.getByRole('button', { name: button }).click();
		const text = await readFile((await (await download).path())!, 'utf8');
		expect(text, button).not.toContain(secret);
	}
	// The value is still there for this tab.
	await page.reload();
	await page.getByRole('textbox', { name: 'Request headers' }).fill('X-Note: {{token}}');
	await expect(page.getByLabel('token', { exact: true })).toHaveValue(secret);
});

test.describe('Live, against a hostile server', () => {
	test.beforeEach(async ({ page }) => {
		await goLive(page, hostile.apiUrl);
	});

	test('an answer nested 5,000 levels deep is shown as text with a note, replacing the last answer', async ({
		page
	}) => {
		const u = ui(page);
		await u.path.fill('/projects');
		await u.query.fill('');
		await u.send.click();
		await expect(u.status).toContainText('200');
		await u.path.fill('/nested');
		await u.send.click();
		await expect(u.response.getByRole('note')).toContainText(
			'nested more than 100 levels deep, deeper than the tree view reads, so it is shown as text'
		);
		await expect(u.response.getByLabel('Response body')).toContainText('{"a":{"a":');
		await expect(u.response).not.toContainText('[{"id":1},{"id":2}]');
	});

	test('Next page on a Link without a scheme asks the base URL with "Keep the base URL" on', async ({
		page
	}) => {
		const u = ui(page);
		await u.path.fill('/schemeless');
		await u.query.fill('');
		await u.send.click();
		await expect(u.status).toContainText('200');
		await openTab(page, 'Pagination');
		const before = hostile.apiLog.length;
		await u.response.getByRole('button', { name: 'Next page' }).click();
		await expect.poll(() => hostile.apiLog.length).toBe(before + 1);
		expect(hostile.apiLog.at(-1)!.url).toBe('/api/v4/schemeless?page=2');
	});
});
