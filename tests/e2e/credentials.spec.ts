/**
 * Credentials stay with their origin (issue: a token reached other origins). A hostile code host
 * redirects to another port and points every Link there; nothing of the user's may arrive.
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { FAKES_PORT_BASE } from '../../playwright.config';
import { expect, test } from './fixtures';
import { goLive, openTab, ui } from './explorer-helpers';
import { credentialsIn, startHostile, type Hostile } from './hostile-codehost';

const TOKEN = 'glpat-e2e-secret-token';

async function send(page: Page, path: string, query = '') {
	const u = ui(page);
	await u.method.selectOption('GET');
	await u.path.fill(path);
	await u.query.fill(query);
	await u.send.click();
	await expect(u.response).toBeVisible();
	await expect(u.send).toBeEnabled();
}

let hostile: Hostile;
test.beforeAll(async () => {
	const port = FAKES_PORT_BASE + 20 + 2 * test.info().parallelIndex;
	hostile = await startHostile(port, port + 1);
});
test.afterAll(async () => hostile.close());
test.beforeEach(() => {
	hostile.otherLog.length = 0;
	hostile.apiLog.length = 0;
});

const WAYS = [
	['Personal, project or group access token', 'PRIVATE-TOKEN header', 'header'],
	['Personal, project or group access token', 'Authorization: Bearer header', 'header'],
	['Personal, project or group access token', 'private_token query parameter', 'query'],
	['OAuth 2.0 token', 'access_token query parameter', 'query'],
	['Job token', 'JOB-TOKEN header', 'header'],
	['Job token', 'job_token query parameter', 'query']
] as const;

for (const [method, way, sudoWay] of WAYS)
	test(`CH-AUTH-1..3, CH-SUDO-2, CH-REDIR-1, CH-OFF-3, CH-KEY-2 (Live): ${method} as ${way} never reaches the other origin`, async ({
		page
	}) => {
		test.setTimeout(90_000);
		const u = ui(page);
		await goLive(page, hostile.apiUrl);
		await u.authMethod.selectOption({ label: method });
		await u.sentAs.selectOption({ label: way });
		await u.token.fill(TOKEN);
		await u.sudo.fill('alice');
		await u.sudoWay.selectOption(sudoWay);

		// Redirects to the other origin are not followed with the token.
		for (const status of [301, 302, 307, 308]) {
			await send(page, `/moved/${status}`);
			await expect(u.response.getByRole('note')).toContainText(
				'Not followed with your credentials'
			);
		}
		// Every page button, with "Keep the base URL" off: sent to the other origin, bare.
		for (const button of ['Next page', 'Previous page', 'First page', 'Last page']) {
			await send(page, '/projects', 'per_page=2');
			await openTab(page, 'Pagination');
			const keep = u.pagination.getByRole('checkbox', {
				name: 'Keep the base URL when following links'
			});
			await keep.uncheck();
			await u.pagination.getByRole('button', { name: button }).click();
			await expect(u.response).toContainText(hostile.otherUrl);
		}
		// Fetch all pages and the keyset Next.
		await send(page, '/projects', 'per_page=2');
		await openTab(page, 'Pagination');
		await u.pagination
			.getByRole('checkbox', { name: 'Keep the base URL when following links' })
			.uncheck();
		await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
		await expect(u.pagination.getByRole('status')).toContainText('Fetched: 2 pages');
		await send(page, '/projects', 'pagination=keyset&per_page=2&order_by=id&sort=asc');
		await openTab(page, 'Pagination');
		await u.pagination
			.getByRole('checkbox', { name: 'Keep the base URL when following links' })
			.uncheck();
		await u.pagination.getByRole('button', { name: 'Next page' }).click();
		await expect(u.response).toContainText('id_after=2');
		// Run again of an entry that went to the other origin.
		const row = u.history.getByRole('listitem').filter({ hasText: 'Another server' }).first();
		await row.getByRole('button', { name: 'Run again' }).click();
		// 4 redirect targets learnt bare, 4 page buttons, a page of the walk, keyset Next, Run again.
		await expect.poll(() => hostile.otherLog.length).toBe(11);

		expect(credentialsIn(hostile.otherLog, [TOKEN])).toEqual([]);
		// The token did travel to its own origin, the way chosen.
		expect(JSON.stringify(hostile.apiLog)).toContain(TOKEN);
	});

test('CH-AUTH-2 (Live): an imported history entry pointing elsewhere is flagged and runs bare; re-targeted, it goes to the base URL with the token', async ({
	page
}) => {
	const u = ui(page);
	await goLive(page, hostile.apiUrl);
	await u.authMethod.selectOption({ label: 'Personal, project or group access token' });
	await u.token.fill(TOKEN);
	const file = {
		name: 'history.json',
		mimeType: 'application/json',
		buffer: Buffer.from(
			JSON.stringify({
				format: 'codehost-explorer-history',
				version: 1,
				entries: [
					{
						id: 'planted',
						at: new Date().toISOString(),
						method: 'GET',
						path: '/projects',
						url: `${hostile.otherUrl}/api/v4/projects?per_page=2&private_token=[redacted]`,
						durationMs: 1,
						sizeBytes: 1,
						requestHeaders: {},
						responseHeaders: {}
					}
				]
			})
		)
	};
	await u.history.getByLabel('Import history').setInputFiles(file);
	await expect(u.history.getByRole('status')).toContainText('Imported 1 entries.');
	// The planted entry is the oldest: the last row, below what its runs add.
	const row = u.history.getByRole('listitem').filter({ hasText: 'Another server' }).last();
	await expect(row).toContainText('runs again without your credentials');
	await row.getByRole('button', { name: 'Run again' }).click();
	await expect.poll(() => hostile.otherLog.length).toBe(1);
	expect(hostile.otherLog[0]!.url).toBe('/api/v4/projects?per_page=2');
	expect(credentialsIn(hostile.otherLog, [TOKEN])).toEqual([]);
	await row.getByRole('button', { name: 'Send to the current base URL' }).click();
	await expect.poll(() => hostile.apiLog.length).toBe(1);
	expect(hostile.apiLog[0]!.url).toBe('/api/v4/projects?per_page=2');
	expect(hostile.apiLog[0]!.headers['private-token']).toBe(TOKEN);
	expect(hostile.otherLog).toHaveLength(1);
});

/** Everything the app keeps in this origin's storage, as text. */
async function everythingStored(page: Page) {
	return page.evaluate(async () => {
		const idb: string[] = [];
		for (const { name } of await indexedDB.databases()) {
			if (!name) continue;
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(name);
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			for (const store of Array.from(db.objectStoreNames)) {
				const all = await new Promise<unknown[]>((resolve) => {
					const get = db.transaction(store).objectStore(store).getAll();
					get.onsuccess = () => resolve(get.result);
				});
				idb.push(JSON.stringify(all));
			}
			db.close();
		}
		const caches_: string[] = [];
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			for (const request of await cache.keys()) {
				caches_.push(request.url);
				const answer = await cache.match(request);
				const type = answer?.headers.get('content-type') ?? '';
				// The app's own code is left out: the demo's sign-in password is part of it.
				if (answer && /json|text\/(plain|html)/.test(type)) caches_.push(await answer.text());
			}
		}
		return {
			idb: idb.join('\n'),
			local: JSON.stringify(localStorage),
			session: JSON.stringify(sessionStorage),
			caches: caches_.join('\n')
		};
	});
}

test('CH-AUTH-1: after an OAuth password grant and a refresh, no password or spent token is kept anywhere, nor any token outside this tab’s session', async ({
	page
}) => {
	const u = ui(page);
	await page.goto('/explorer');
	await u.authMethod.selectOption({ label: 'OAuth 2.0 token' });
	await page.getByRole('textbox', { name: 'Username' }).fill('root');
	await page.getByLabel('Password', { exact: true }).fill('demo-password');
	await page.getByRole('button', { name: 'Get tokens' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Signed in' })).toBeVisible();
	const first = {
		access: await u.token.inputValue(),
		refresh: await page.getByLabel('Refresh credential', { exact: true }).inputValue()
	};
	await page.getByRole('button', { name: 'Refresh now' }).click();
	await expect(page.getByText('Refreshes: 1.')).toBeVisible();
	const live = {
		access: await u.token.inputValue(),
		refresh: await page.getByLabel('Refresh credential', { exact: true }).inputValue()
	};
	expect(live.access).not.toBe(first.access);
	await send(page, '/user');
	await expect(u.history.getByRole('listitem').filter({ hasText: '/oauth/token' })).toHaveCount(2);

	const download = page.waitForEvent('download');
	await u.history.getByRole('button', { name: 'Export history' }).click();
	const exported = await readFile(await (await download).path(), 'utf8');
	// History writes are batched: wait until the last exchange has landed.
	await expect.poll(async () => (await everythingStored(page)).idb).toContain('/user');
	const stored = await everythingStored(page);
	const spent = ['demo-password', first.access, first.refresh];
	for (const secret of [...spent, live.access, live.refresh])
		expect(secret.length).toBeGreaterThan(8);
	for (const secret of [...spent, live.access, live.refresh]) {
		expect(exported).not.toContain(secret);
		expect(stored.idb).not.toContain(secret);
		expect(stored.local).not.toContain(secret);
		expect(stored.caches).not.toContain(secret);
	}
	for (const secret of spent) expect(stored.session).not.toContain(secret);
	// The live tokens are this tab's, for this session only.
	expect(stored.session).toContain(live.access);
});

test('Remember on this device, per service, in two tabs: ticked, a new tab has the tokens; unticked, a new tab has none', async ({
	page,
	context
}) => {
	await page.goto('/settings');
	const codehost = page.getByRole('group', { name: 'Code host' });
	const energy = page.getByRole('group', { name: 'Energy rental' });
	await codehost.getByRole('checkbox', { name: 'Remember on this device' }).check();
	await energy.getByRole('checkbox', { name: 'Remember on this device' }).check();
	await energy.getByLabel('API token').fill('energy-remembered-token');
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Explorer' })
		.click();
	await ui(page).authMethod.selectOption({ label: 'Personal, project or group access token' });
	await ui(page).token.fill(TOKEN);
	await expect(ui(page).token).toHaveAttribute('type', 'password');
	await page.getByRole('button', { name: 'Show', exact: true }).click();
	await expect(ui(page).token).toHaveAttribute('type', 'text');

	const second = await context.newPage();
	await second.goto('/explorer');
	await expect(ui(second).token).toHaveValue(TOKEN);
	await second.goto('/settings');
	await expect(
		second.getByRole('group', { name: 'Energy rental' }).getByLabel('API token')
	).toHaveValue('energy-remembered-token');
	await second.close();

	// Unticking one service forgets only its secrets on this device, at once.
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Settings' })
		.click();
	await page
		.getByRole('group', { name: 'Code host' })
		.getByRole('checkbox', { name: 'Remember on this device' })
		.uncheck();
	let local = await page.evaluate(() => JSON.stringify(localStorage));
	expect(local).not.toContain(TOKEN);
	expect(local).toContain('energy-remembered-token');
	await page
		.getByRole('group', { name: 'Energy rental' })
		.getByRole('checkbox', { name: 'Remember on this device' })
		.uncheck();
	local = await page.evaluate(() => JSON.stringify(localStorage));
	expect(local).not.toContain('energy-remembered-token');

	const third = await context.newPage();
	await third.goto('/explorer');
	await ui(third).authMethod.selectOption({ label: 'Personal, project or group access token' });
	await expect(ui(third).token).toHaveValue('');
	await third.goto('/settings');
	await expect(
		third.getByRole('group', { name: 'Energy rental' }).getByLabel('API token')
	).toHaveValue('');
	// This tab keeps its tokens for the session.
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Explorer' })
		.click();
	await expect(ui(page).token).toHaveValue(TOKEN);
});
