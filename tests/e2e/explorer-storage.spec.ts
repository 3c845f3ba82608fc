/**
 * The explorer when storage misbehaves, in real Chromium with real IndexedDB: refused (a private
 * window), full (a saved request, a 6 MB "Set as variable"), two tabs saving into the same
 * collection, and imports of big files (no long task on the page, progress and Cancel).
 */
import type { Page, TestInfo } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { goLive, request, savedRequests, setAsVariable, ui } from './explorer-helpers';
import { nearlyFullDisk } from './full-disk';
import { watchLongTasks } from './long-tasks';
import { startValueServer, type ValueServer } from './value-server';
import { expect, expectNoSideScroll, SIZES, test } from './fixtures';

const NOTICE = /This browser is not keeping this site's data/;

/** Before any page script: `indexedDB.open` fails as a private window makes it fail. */
async function refuseIndexedDb(page: Page) {
	await page.addInitScript(() => {
		IDBFactory.prototype.open = function () {
			const request = new EventTarget() as IDBOpenDBRequest;
			const error = new DOMException(
				'A mutation operation was attempted on a database that did not allow mutations.',
				'InvalidStateError'
			);
			Object.defineProperties(request, {
				error: { get: () => error },
				result: {
					get: () => {
						throw error;
					}
				},
				readyState: { get: () => 'done' }
			});
			setTimeout(() => {
				const event = new Event('error');
				request.dispatchEvent(event);
				request.onerror?.call(request, event);
			});
			return request;
		};
	});
}

for (const size of SIZES) {
	test.describe(`IndexedDB refused, ${size.name}`, () => {
		test.use({ viewport: size.viewport });

		test('the explorer sends and shows the answer, history and saved requests work for the page, and the app says nothing will be kept', async ({
			page,
			axe
		}) => {
			await refuseIndexedDb(page);
			await page.goto('/explorer');
			const notice = page.getByRole('status').filter({ hasText: NOTICE });
			await expect(notice).toBeVisible();
			await expect(notice).toContainText('last only until this page is closed or reloaded');

			const u = ui(page);
			await request(page, 'GET', '/projects', 'per_page=2');
			await expect(u.status).toContainText('200');
			await expect(u.response).toContainText('diaspora/client-1');
			await request(page, 'GET', '/user');
			await expect(u.status).toContainText('401');
			await expect(u.history.getByRole('listitem')).toHaveCount(2);
			await u.history.getByRole('textbox', { name: 'Search history' }).fill('200');
			await expect(u.history.getByRole('listitem')).toHaveCount(1);
			await u.history.getByRole('textbox', { name: 'Search history' }).fill('');
			// An imported file joins the page's history too.
			await u.history.getByLabel('Import history').setInputFiles({
				name: 'history.json',
				mimeType: 'application/json',
				buffer: historyFile(3, 100)
			});
			await expect(u.history.getByRole('status')).toHaveText('Imported 3 entries.');
			await expect(u.history.getByRole('listitem')).toHaveCount(5);

			const s = savedRequests(page);
			await s.name.fill('Two projects');
			await s.save.click();
			await expect(s.status).toHaveText('Saved “Two projects” in “My requests”.');
			await expect(s.item('Two projects')).toBeVisible();

			// Once only, whichever store found it out.
			await expect(page.getByText(NOTICE)).toHaveCount(1);
			await expectNoSideScroll(page);
			const results = await axe().analyze();
			expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);

			// As said: a reload keeps nothing.
			await page.reload();
			await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
			await expect(u.history).toContainText('No exchanges yet.');
		});
	});
}

test('where IndexedDB works, no notice is shown', async ({ page }) => {
	await page.goto('/explorer');
	await request(page, 'GET', '/projects', 'per_page=2');
	await expect(ui(page).status).toContainText('200');
	await expect(ui(page).history.getByRole('listitem')).toHaveCount(1);
	await expect(page.getByText(NOTICE)).toHaveCount(0);
});

for (const told of [true, false])
	test(`two tabs saving into the same collection: neither save is lost (${told ? 'the other tab is told at once' : 'a tab that is not told still keeps both'})`, async ({
		context
	}) => {
		const a = await context.newPage();
		const b = await context.newPage();
		// Without BroadcastChannel, tab B hears nothing of A: only the save itself can keep A's.
		if (!told) await b.addInitScript(() => Reflect.deleteProperty(window, 'BroadcastChannel'));
		await a.goto('/explorer');
		await b.goto('/explorer');
		await expect(savedRequests(b).save).toBeVisible();

		await ui(a).path.fill('/projects');
		await savedRequests(a).name.fill('From tab A');
		await savedRequests(a).collection.fill('Shared');
		await savedRequests(a).save.click();
		await expect(savedRequests(a).item('From tab A')).toBeVisible();

		// Tab B was opened before A saved; its save must not write over A's.
		await ui(b).path.fill('/user');
		await savedRequests(b).name.fill('From tab B');
		await savedRequests(b).collection.fill('Shared');
		await savedRequests(b).save.click();
		const both = (page: Page) =>
			expect(
				savedRequests(page)
					.region.getByRole('list', { name: 'Shared' })
					.getByRole('button', { name: /^From tab/ })
			).toHaveText(['From tab A', 'From tab B']);
		await both(b);
		if (told) await both(a);
		await a.reload();
		await both(a);
	});

test('storage full while saving a request: a clear error with what to do, and the saved requests stay', async ({
	page
}) => {
	// A disk that fills up once the page says so: writes to the collections' database then fail
	// the way a full disk makes them fail (the transaction aborts after the put).
	const disk = await nearlyFullDisk(page, 'codehost-collections');
	await page.goto('/explorer');
	const s = savedRequests(page);
	await ui(page).path.fill('/projects');
	await s.name.fill('Kept');
	await s.save.click();
	await expect(s.status).toHaveText('Saved “Kept” in “My requests”.');

	await disk.setRoom(0);
	await s.name.fill('One too many');
	await s.save.click();
	await expect(s.status).toContainText("Not saved: this browser's storage for this site is full.");
	await expect(s.status).toContainText('Your saved requests from before are kept as they were.');
	await expect(s.status).toContainText('Free some space');
	await expect(s.item('One too many')).toHaveCount(0);
	await expect(s.item('Kept')).toBeVisible();
	// Not the "nothing will be kept" notice: what was kept is kept.
	await expect(page.getByText(NOTICE)).toHaveCount(0);

	await page.reload();
	await expect(s.item('Kept')).toBeVisible();
	await expect(s.item('One too many')).toHaveCount(0);
});

test.describe('"Set as variable" of a 6 MB value', () => {
	let server: ValueServer;
	test.beforeAll(async () => {
		server = await startValueServer();
	});
	test.afterAll(async () => {
		await server.close();
	});

	/** Sends GET /value with a `key` of `chars` characters; the answer's tree is shown. */
	async function answer(page: Page, key: string, chars: number) {
		await request(page, 'GET', '/value', `key=${key}&chars=${chars}`);
		await expect(ui(page).status).toHaveText('200 OK');
		await expect(ui(page).response.getByRole('tree', { name: 'Response tree' })).toBeVisible();
	}
	const setAs = (page: Page, path: string) => setAsVariable(page, path.replace(/^\$\./, ''));
	const variables = (page: Page) => page.getByRole('group', { name: 'Variables' });

	test('on a disk with 1 MB left: said where it was pressed, with what to do; what was saved stays, and the next change that fits is saved with the rest', async ({
		page
	}) => {
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(error.message));
		const disk = await nearlyFullDisk(page, 'codehost-environments');
		await goLive(page, server.apiRoot);
		await answer(page, 'description', 6_000_000);
		const said = ui(page).response.getByRole('status').filter({ hasText: 'Set {{' });
		await setAs(page, '$.id');
		await expect(said).toContainText('Set {{id}} to 7 (from $.id)');

		await disk.setRoom(1_000_000);
		await setAs(page, '$.description');
		await expect(said).toContainText(
			"Set {{description}} for this page only. Not saved: this browser's storage for this site is full."
		);
		await expect(said).toContainText('Empty {{description}} (6.0 MB) or free some space');
		// Shown under Variables too, where the value can be emptied.
		const status = variables(page).getByRole('status').filter({ hasText: 'Not saved' });
		await expect(status).toContainText('Your variables as they were last saved are kept');
		// A change made meanwhile is not kept yet, and not lost.
		await setAs(page, '$.name');
		await expect(said).toContainText('Set {{name}} for this page only.');

		await variables(page).getByLabel('description', { exact: true }).fill('');
		await expect(variables(page).getByRole('status').first()).toHaveText(
			'Saved: your variables are kept on this device again.'
		);
		expect(errors).toEqual([]);

		await page.reload();
		await expect(variables(page).getByLabel('id', { exact: true })).toHaveValue('7');
		await expect(variables(page).getByLabel('name', { exact: true })).toHaveValue('Release notes');
		await expect(variables(page).getByLabel('description', { exact: true })).toHaveValue('');
	});

	test("a secret value over the tab's real 5 MB storage: nothing thrown, said with what to do, and emptying it is saved", async ({
		page
	}) => {
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(error.message));
		await goLive(page, server.apiRoot);
		await answer(page, 'token', 6_000_000);
		await setAs(page, '$.id');
		const said = ui(page).response.getByRole('status').filter({ hasText: 'Set {{' });
		await expect(said).toContainText('Set {{id}} to 7');

		// Named like a secret: kept for this tab only, in session storage, whose quota it passes.
		await setAs(page, '$.token');
		await expect(said).toContainText(
			"Set {{token}} for this page only. Not saved: this browser's storage for this site is full."
		);
		await expect(said).toContainText('Empty {{token}} (6.0 MB)');
		expect(errors).toEqual([]);
		const token = variables(page).getByLabel('token', { exact: true });
		await expect(token).toHaveAttribute('type', 'password');
		await token.fill('');
		await expect(variables(page).getByRole('status').first()).toHaveText(
			'Saved: your variables are kept on this device again.'
		);
		await page.reload();
		await expect(variables(page).getByLabel('id', { exact: true })).toHaveValue('7');
		await expect(variables(page).getByLabel('token', { exact: true })).toHaveValue('');
	});
});

/** A history export of `count` entries with `bodyChars` of answer each. */
function historyFile(count: number, bodyChars: number): Buffer {
	const body = JSON.stringify(
		Array.from({ length: Math.ceil(bodyChars / 20) }, (_, i) => ({ id: i, name: `project ${i}` }))
	).slice(0, bodyChars);
	const entries = Array.from({ length: count }, (_, i) => ({
		id: `imported-${i}`,
		at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
		method: 'GET',
		path: `/projects/${i}`,
		url: `https://codehost.demo/api/v4/projects/${i}?private_token=glpat-in-file`,
		status: 200,
		durationMs: 12,
		sizeBytes: bodyChars,
		requestHeaders: { accept: 'application/json' },
		responseHeaders: { 'content-type': 'application/json', 'x-total': '10000' },
		responseBody: body,
		request: { method: 'GET', path: `/projects/${i}`, query: '', params: '', bodyKind: 'query' }
	}));
	return Buffer.from(
		JSON.stringify({ format: 'codehost-explorer-history', version: 1, entries }, null, 2)
	);
}

/**
 * The file on disk, for setInputFiles: a file given as a buffer is rebuilt by script in the page
 * (a long task of its own, not the app's), one given by path is handed to the input as a real file.
 */
async function onDisk(info: TestInfo, name: string, buffer: Buffer): Promise<string> {
	const path = info.outputPath(name);
	await writeFile(path, buffer);
	return path;
}

test.describe('history import', () => {
	// A service worker would answer the worker's script itself, past page.route.
	test.use({ serviceWorkers: 'block' });

	test("a 5 MB history file is imported off the page's thread; a cancelled one changes nothing", async ({
		page
	}, info) => {
		const tasks = await watchLongTasks(page);
		// The worker's script is held back until Cancel is pressed, so Cancel always meets a running
		// import, however fast this machine reads the file.
		let release = () => {};
		const held = new Promise<void>((resolve) => (release = resolve));
		await page.route(/import\.worker/, async (route) => {
			await held;
			await route.continue().catch(() => {});
		});
		await page.goto('/explorer');
		const u = ui(page);
		await request(page, 'GET', '/projects', 'per_page=2');
		await expect(u.history.getByRole('listitem')).toHaveCount(1);
		const file = historyFile(500, 9_000);
		expect(file.length).toBeGreaterThan(5_000_000);

		// Cancel first: a file six times as big, so Cancel is there to press while it is read.
		await u.history
			.getByLabel('Import history')
			.setInputFiles(await onDisk(info, 'big.json', historyFile(3000, 9_000)));
		await expect(
			u.history.getByRole('progressbar', { name: 'History import progress' })
		).toBeVisible();
		await expect(u.history.getByRole('status')).toContainText('Importing “big.json”');
		await u.history.getByRole('button', { name: 'Cancel import' }).click();
		release();
		await expect(u.history.getByRole('status')).toHaveText('Import cancelled; nothing changed.');
		await expect(u.history.getByLabel('Import history')).toBeFocused();
		await page.waitForTimeout(1500);
		await expect(u.history.getByRole('listitem')).toHaveCount(1);
		await expect(u.history.getByRole('status')).toHaveText('Import cancelled; nothing changed.');

		await tasks.reset();
		const workers: string[] = [];
		page.on('worker', (worker) => workers.push(worker.url()));
		const started = Date.now();
		await u.history
			.getByLabel('Import history')
			.setInputFiles(await onDisk(info, 'history.json', file));
		await expect(u.history.getByRole('status')).toHaveText('Imported 500 entries.', {
			timeout: 20_000
		});
		const took = Date.now() - started;
		const longest = await tasks.longest();
		info.annotations.push({
			type: 'measured',
			description: `history import of ${(file.length / 1e6).toFixed(2)} MB: longest main-thread task ${longest.toFixed(0)} ms, ${took} ms to "Imported"`
		});
		console.log(info.annotations.at(-1)!.description);
		// The 200 ms budget is the benchmark's (History import, npm run bench); here a frozen tab fails.
		expect(longest).toBeLessThan(1_000);
		// Read and checked off the page's thread.
		expect(workers.filter((url) => url.includes('import.worker'))).toHaveLength(1);
		// What the page lists is the newest 500: the imported ones are older than today's request.
		await expect(u.history.getByText('450 more; search to narrow.')).toBeVisible();
		await expect(u.history).not.toContainText('glpat-in-file');
	});
});

test('a 2 MB collections file is imported without freezing the tab (no task of 1 s or more; the longest is recorded); one over the 50 MB limit is refused and changes nothing', async ({
	page
}, info) => {
	const tasks = await watchLongTasks(page);
	await page.goto('/explorer');
	const s = savedRequests(page);
	await s.name.fill('Mine');
	await s.save.click();
	await expect(s.item('Mine')).toBeVisible();

	const collectionsFile = (requests: number) =>
		Buffer.from(
			JSON.stringify({
				format: 'api-workbench-collections',
				version: 1,
				exportedAt: '2026-01-01T00:00:00.000Z',
				collections: Array.from({ length: 20 }, (_, c) => ({
					name: `Imported ${c}`,
					requests: Array.from({ length: requests }, (_, r) => ({
						name: `Request ${c}.${r}`,
						method: 'POST',
						path: `/projects/{id}/issues`,
						pathParams: { id: String(r) },
						query: 'per_page=5',
						params: JSON.stringify({ title: 'x'.repeat(1_700), labels: 'bug' }),
						bodyKind: 'json',
						headers: 'X-Trace: 1',
						auth: { method: 'personal', way: 'private-token-header' }
					}))
				})),
				environments: []
			})
		);
	const atLimit = collectionsFile(50);
	expect(atLimit.length).toBeGreaterThan(1_900_000);
	expect(atLimit.length).toBeLessThan(2_000_000);
	// The same file, padded with white space past the limit.
	const over = Buffer.concat([atLimit, Buffer.alloc(50_000_001 - atLimit.length, ' ')]);

	await tasks.reset();
	await s.importFile.setInputFiles(await onDisk(info, 'big.json', over));
	await expect(s.status).toHaveText(
		'Not imported, nothing changed: The file is larger than 50 MB; an export is far smaller.'
	);
	await expect(s.region.getByRole('heading', { level: 3 })).toHaveText(['My requests']);
	const refusedLongest = await tasks.longest();

	await tasks.reset();
	await s.importFile.setInputFiles(await onDisk(info, 'ok.json', atLimit));
	await expect(s.status).toHaveText(
		'Imported 1000 requests in 20 collections. It can be undone from Snapshots in Settings.',
		{
			timeout: 20_000
		}
	);
	const longest = await tasks.longest();
	info.annotations.push({
		type: 'measured',
		description: `collections: ${(over.length / 1e6).toFixed(2)} MB refused, longest task ${refusedLongest.toFixed(0)} ms; ${(atLimit.length / 1e6).toFixed(2)} MB imported, longest task ${longest.toFixed(0)} ms`
	});
	console.log(info.annotations.at(-1)!.description);
	// A frozen tab fails here; the 200 ms figures are recorded above and in the benchmarks.
	expect(refusedLongest).toBeLessThan(1_000);
	expect(longest).toBeLessThan(1_000);
	// A thousand rows are not drawn at once: the first hundred, and search finds the rest.
	await expect(s.region.getByText('901 more saved requests; search to narrow.')).toBeVisible();
	await s.region.getByRole('textbox', { name: 'Search saved requests' }).fill('Request 19.49');
	await expect(s.region.getByRole('heading', { level: 3 })).toHaveText(['Imported 19']);
	await expect(s.item('Request 19.49')).toBeVisible();
});
