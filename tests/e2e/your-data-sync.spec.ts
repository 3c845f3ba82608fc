/**
 * Sync with a repository, in Live mode against the fakes' code host on loopback (its repository
 * outlives a browser context): push, then pull in a fresh context brings back every saved
 * request, environment and note; a file someone else changed since is never overwritten, and
 * pulling then asks, per item, in "Changed in both places". No byte committed holds a secret.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, FAKE_URLS, setLive, test } from './fixtures';
import { dump, fill, FILLED } from './your-data-helpers';

const TOKEN = 'glpat-demo-token';
const PROJECT = 'diaspora/client-1';

const sync = (page: Page) => page.getByRole('region', { name: 'Sync with a repository' });

/** Every commit body this page sends, to scan for secrets. */
function recordCommits(page: Page, into: string[]) {
	page.on('request', (r) => {
		if (r.method() === 'POST' && r.url().includes('/repository/commits'))
			into.push(r.postData() ?? '');
	});
}

async function openSync(context: BrowserContext, folder: string, committed: string[]) {
	const page = await context.newPage();
	recordCommits(page, committed);
	await setLive(page, 'Code host', FAKE_URLS.codehost);
	const s = sync(page);
	await s.getByRole('textbox', { name: 'Project' }).fill(PROJECT);
	await s.getByRole('textbox', { name: 'Branch' }).fill('main');
	await s.getByRole('textbox', { name: 'Folder' }).fill(folder);
	await s.getByLabel('Token', { exact: true }).fill(TOKEN);
	return page;
}

/** A file of the repository as the fake code host holds it now. */
async function repoFile(folder: string, path: string): Promise<string> {
	const url = `${FAKE_URLS.codehost}/api/v4/projects/${encodeURIComponent(PROJECT)}/repository/files/${encodeURIComponent(`${folder}/${path}`)}/raw?ref=main`;
	const res = await fetch(url, { headers: { 'PRIVATE-TOKEN': TOKEN } });
	return res.text();
}

/** Changes a saved request's query in the store (as an edit in the explorer would). */
async function setQuery(page: Page, query: string) {
	await page.evaluate(
		(query) =>
			new Promise<void>((resolve) => {
				const open = indexedDB.open('codehost-collections');
				open.onsuccess = () => {
					const store = open.result.transaction('kv', 'readwrite').objectStore('kv');
					const order = store.get('order');
					order.onsuccess = () => {
						const first = (order.result as { collections: { id: string }[] }).collections[0]!;
						const get = store.get(`collection:${first.id}`);
						get.onsuccess = () => {
							const record = get.result as {
								rev: number;
								collection: { requests: { query: string }[] };
							};
							record.collection.requests[0]!.query = query;
							record.rev++;
							store.put(record, `collection:${first.id}`).onsuccess = () => resolve();
						};
					};
				};
			}),
		query
	);
}

test('push then pull in a fresh browser brings back every saved request, environment and note; a file changed by someone else is never overwritten', async ({
	browser
}) => {
	test.slow();
	const folder = `e2e-${Date.now()}`;
	const committed: string[] = [];

	const a = await browser.newContext();
	const pageA = await openSync(a, folder, committed);
	await fill(pageA);
	await pageA.reload();
	// The fields are kept as typed (the token in this tab's session storage).
	await expect(sync(pageA).getByRole('textbox', { name: 'Project' })).toHaveValue(PROJECT);
	await expect(sync(pageA).getByLabel('Token', { exact: true })).toHaveValue(TOKEN);
	const before = await dump(pageA);
	await sync(pageA).getByRole('button', { name: 'Push' }).click();
	await expect(sync(pageA).getByRole('status')).toContainText('in one commit');
	expect(committed).toHaveLength(1);

	// A fresh browser: nothing of this data, then Pull.
	const b = await browser.newContext();
	const pageB = await openSync(b, folder, committed);
	await sync(pageB).getByRole('button', { name: 'Pull' }).click();
	await expect(sync(pageB).getByRole('status')).toContainText('Pulled');
	const pulled = await dump(pageB);
	const withoutIds = (d: typeof before) => ({
		collections: (d.collections as { name: string; requests: { id?: string }[] }[]).map((c) => ({
			name: c.name,
			requests: c.requests.map(({ id: _id, ...r }) => r)
		})),
		environments: (d.environments as { id?: string }[]).map(({ id: _id, ...e }) => e),
		notes: d.notes,
		plans: d.plans
	});
	expect(withoutIds(pulled)).toEqual(withoutIds(before));

	// B changes a request and pushes; A changes the same one and pushes without pulling.
	await setQuery(pageB, 'per_page=99');
	await sync(pageB).getByRole('button', { name: 'Push' }).click();
	await expect(sync(pageB).getByRole('status')).toContainText('Pushed 1 file');
	await setQuery(pageA, 'per_page=1');
	await sync(pageA).getByRole('button', { name: 'Push' }).click();
	await expect(sync(pageA).getByRole('alert')).toContainText('Someone changed your data');
	expect(await repoFile(folder, 'requests/projects/list-projects.json')).toContain('per_page=99');

	// Pulling asks: the request changed in both places, with both versions shown.
	await sync(pageA).getByRole('button', { name: 'Pull' }).click();
	const dialog = pageA.getByRole('dialog', { name: 'Changed in both places' });
	await expect(dialog).toBeVisible();
	await expect(dialog.getByRole('group', { name: 'Projects › List projects' })).toBeVisible();
	await expect(dialog).toContainText('per_page=1');
	await expect(dialog).toContainText('per_page=99');
	await dialog.getByRole('radio', { name: 'Keep both' }).check();
	await dialog.getByRole('button', { name: 'Apply' }).click();
	await expect(sync(pageA).getByRole('status')).toContainText('Pulled');
	const names = (
		(await dump(pageA)).collections as { requests: { name: string }[] }[]
	)[0]!.requests.map((r) => r.name);
	expect(names).toEqual(
		expect.arrayContaining(['List projects', 'List projects (from the repository)'])
	);
	// And a push after the pull goes through.
	await sync(pageA).getByRole('button', { name: 'Push' }).click();
	await expect(sync(pageA).getByRole('status')).toContainText('in one commit');

	// No byte committed holds the token or a secret variable's value.
	expect(committed.length).toBeGreaterThanOrEqual(3);
	for (const body of committed) {
		expect(body).not.toContain(TOKEN);
		expect(body).not.toContain(FILLED.secretValue);
		for (const file of (JSON.parse(body) as { actions: { content?: string }[] }).actions) {
			expect(file.content ?? '').not.toContain(TOKEN);
			expect(file.content ?? '').not.toContain(FILLED.secretValue);
		}
	}
	await a.close();
	await b.close();
});

test('Demo: push and pull work on first open, with no network; a wrong project is said plainly', async ({
	page
}) => {
	await page.goto('/settings');
	await fill(page);
	await page.reload();
	const s = sync(page);
	await s.getByRole('textbox', { name: 'Project' }).fill('999999');
	await s.getByRole('button', { name: 'Push' }).click();
	await expect(s.getByRole('alert')).toContainText('was not found');
	await s.getByRole('textbox', { name: 'Project' }).fill('42');
	await s.getByRole('button', { name: 'Push' }).click();
	await expect(s.getByRole('status')).toContainText('in one commit');
	await s.getByRole('button', { name: 'Pull' }).click();
	await expect(s.getByRole('status')).toContainText('Pulled: nothing new');
});

test('CH-AUTH-0, CH-ERR-4: a token the code host refuses (401) says what to do on Push and on Pull, and nothing is lost', async ({
	browser
}) => {
	const folder = `e2e-401-${Date.now()}`;
	const committed: string[] = [];
	const context = await browser.newContext();
	const page = await openSync(context, folder, committed);
	await fill(page);
	await page.reload();
	const before = await dump(page);
	const s = sync(page);
	await s.getByLabel('Token', { exact: true }).fill('glpat-revoked-long-ago');

	await s.getByRole('button', { name: 'Push' }).click();
	await expect(s.getByRole('alert')).toHaveText(
		'The code host did not accept the token (401): it is wrong, has expired or was revoked. Create a personal access token with the api scope on the code host, enter it in Token, and press Push again. Nothing was pushed, and your data here is as it was.'
	);
	await expect(s.getByRole('status')).toHaveText('');
	expect(committed).toHaveLength(0);
	expect(await repoFile(folder, 'requests/projects/list-projects.json')).toContain('404');

	await s.getByRole('button', { name: 'Pull' }).click();
	await expect(s.getByRole('alert')).toContainText(
		'press Pull again. Your data here is as it was.'
	);
	expect(await dump(page)).toEqual(before);
	await expect(
		page.getByRole('region', { name: 'Snapshots' }).getByText('Before a pull from the repository')
	).toHaveCount(0);

	// The right token: the same push goes through.
	await s.getByLabel('Token', { exact: true }).fill(TOKEN);
	await s.getByRole('button', { name: 'Push' }).click();
	await expect(s.getByRole('status')).toContainText('in one commit');
	await context.close();
});
