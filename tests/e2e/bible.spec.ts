import type { Page } from '@playwright/test';
import { APP_PORT } from '../../playwright.config';
import { goLiveBible } from './bible-helpers';
import { expect, expectNoSideScroll, FAKE_URLS, nav, tabTo, test } from './fixtures';
import { startStaticServer } from './static-server';

// Offline reading after a reload needs the service worker; the describe below turns it off again.
test.use({ serviceWorkers: 'allow' });

/** Live on the loopback fake, then the reader. */
async function goLive(page: Page) {
	await goLiveBible(page);
	await nav(page, 'Bible');
	await expect(page.getByLabel('Bible connection')).toContainText('Live');
}

async function readJohn3(page: Page) {
	await page.getByRole('link', { name: 'King James Version (KJV)', exact: true }).click();
	await page.getByRole('link', { name: 'John', exact: true }).click();
	await page.getByRole('link', { name: '3', exact: true }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();
	await expect(page.getByText('For God so loved the world')).toBeVisible();
	// The verse number is shown beside its verse.
	await expect(page.locator('#v16')).toContainText('16');
}

/** The demo's chapter database (each API root has its own). */
const DEMO_DB = 'bible-chapters https://bible.demo/api/v1';

/** Chapters of a translation stored in IndexedDB, read in the page. */
function storedChapters(page: Page, bibleRef: string, bookRef: string, db = DEMO_DB) {
	return page.evaluate(
		([bible, book, name]) =>
			new Promise<number>((resolve, reject) => {
				const open = indexedDB.open(name!);
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const req = db
						.transaction('chapters')
						.objectStore('chapters')
						.count(IDBKeyRange.bound([bible, book], [bible, book, []]));
					req.onsuccess = () => {
						db.close();
						resolve(req.result);
					};
				};
			}),
		[bibleRef, bookRef, db]
	);
}

/** When each stored chapter of a book was written, by chapter number. */
function storedTimes(page: Page, bibleRef: string, bookRef: string, db = DEMO_DB) {
	return page.evaluate(
		([bible, book, name]) =>
			new Promise<Record<number, number>>((resolve, reject) => {
				const open = indexedDB.open(name!);
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const req = db
						.transaction('chapters')
						.objectStore('chapters')
						.getAll(IDBKeyRange.bound([bible, book], [bible, book, []]));
					req.onsuccess = () => {
						db.close();
						const times: Record<number, number> = {};
						for (const r of req.result as { chapter: number; storedAt: number }[])
							times[r.chapter] = r.storedAt;
						resolve(times);
					};
				};
			}),
		[bibleRef, bookRef, db]
	);
}

/** Deletes chapter records behind the app's back, as a browser evicting data would. */
function evict(page: Page, keys: [string, string, number][], db = DEMO_DB) {
	return page.evaluate(
		([keys, name]) =>
			new Promise<void>((resolve) => {
				const open = indexedDB.open(name);
				open.onsuccess = () => {
					const tx = open.result.transaction('chapters', 'readwrite');
					for (const key of keys) tx.objectStore('chapters').delete(key);
					tx.oncomplete = () => {
						open.result.close();
						resolve();
					};
				};
			}),
		[keys, db] as const
	);
}

test('Demo: read a chapter, move across books with buttons and arrow keys', async ({ page }) => {
	await page.goto('/bible');
	await expect(page.getByLabel('Bible connection')).toContainText('Demo');
	await readJohn3(page);
	await expect(page.getByText('Read from the server; kept on this device.')).toBeVisible();

	await page.getByRole('button', { name: 'Next chapter' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'John 4' })).toBeVisible();
	await page.keyboard.press('ArrowLeft');
	await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();
	await expect(page.getByText('Read from this device.')).toBeVisible();

	// Across a book boundary: Matthew 1 ← Malachi 4.
	await page.goto('/bible/KJV/Matt/1');
	await expect(page.getByRole('heading', { level: 1, name: 'Matthew 1' })).toBeVisible();
	await page.getByRole('button', { name: 'Previous chapter' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Malachi 4' })).toBeVisible();
	await page.keyboard.press('ArrowRight');
	await expect(page.getByRole('heading', { level: 1, name: 'Matthew 1' })).toBeVisible();

	// The last position is remembered per translation.
	await page.goto('/bible/KJV');
	await expect(page.getByRole('link', { name: 'Continue reading Matthew 1' })).toBeVisible();
});

test('Demo: a deep link with a verse anchor highlights the verse; font size changes', async ({
	page
}) => {
	await page.goto('/bible/KJV/Ps/23#v4');
	await expect(page.getByRole('heading', { level: 1, name: 'Psalms 23' })).toBeVisible();
	await expect(page.locator('#v4')).toHaveClass(/highlight/);
	await expect(page.locator('#v3')).not.toHaveClass(/highlight/);
	const size = () => page.locator('article').evaluate((el) => getComputedStyle(el).fontSize);
	const before = await size();
	const larger = page.getByRole('button', { name: 'Larger text' });
	await larger.click();
	expect(parseFloat(await size())).toBeGreaterThan(parseFloat(before));
	// At the largest size the button says so, as Smaller text does at the smallest.
	for (let i = 0; i < 10 && (await larger.isEnabled()); i++) await larger.click();
	await expect(larger).toBeDisabled();
	expect(parseFloat(await size())).toBe(32);
});

test.describe('with the page not controlled by the service worker', () => {
	// Requests that pass through a service worker are not seen by page.route, so a test
	// that changes what the network answers runs without one (pwa.spec tests the worker).
	test.use({ serviceWorkers: 'block' });

	test('Demo: a deep link names the book in full from the first frame and says the demo Bible is loading while its book arrives', async ({
		page,
		context
	}) => {
		await page.addInitScript(() => {
			const w = window as unknown as { h1s: string[] };
			w.h1s = [];
			new MutationObserver(() => {
				const text = document.querySelector('h1')?.textContent;
				if (text && text !== w.h1s.at(-1)) w.h1s.push(text);
			}).observe(document, { subtree: true, childList: true, characterData: true });
		});
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		await context.route(/\/assets\/Gen\.[\w-]+\.json$/, async (route) => {
			await held;
			await route.continue();
		});
		await page.goto('/bible/KJV/Gen/1');
		const loading = page.getByRole('status').filter({ hasText: 'Loading the demo Bible…' });
		await expect(loading).toBeVisible();
		// Genesis is a large book: how much of it has arrived is shown.
		await expect(page.getByRole('progressbar', { name: 'Demo Bible loaded' })).toBeVisible();
		release();
		await expect(
			page.getByText('In the beginning God created the heaven and the earth.')
		).toBeVisible();
		await expect(loading).toHaveCount(0);
		expect(await page.evaluate(() => (window as unknown as { h1s: string[] }).h1s)).toEqual([
			'Genesis 1'
		]);
	});

	test('Live: a chapter opened from a link downloads none of the demo Bible', async ({ page }) => {
		await goLive(page);
		const demoBooks: string[] = [];
		page.on('request', (r) => {
			if (/\/assets\/[\w.-]+\.json$/.test(new URL(r.url()).pathname)) demoBooks.push(r.url());
		});
		await page.goto('/bible/KJV/John/3');
		await expect(page.getByText('For God so loved the world')).toBeVisible();
		expect(demoBooks).toEqual([]);
	});

	test('Demo: when the demo Bible cannot be loaded the reader says so, blames no server, and Try again reads the chapter', async ({
		page,
		context
	}) => {
		await context.route(/\/assets\/John\.[\w-]+\.json$/, (route) => route.abort('failed'));
		await page.goto('/bible/KJV/John/3');
		const problem = page.getByRole('alert', { name: 'Problem' });
		await expect(problem).toContainText('The demo Bible text could not be loaded');
		await expect(problem).not.toContainText(/server/i);
		await context.unrouteAll();
		await problem.getByRole('button', { name: 'Try again' }).click();
		await expect(page.getByText('For God so loved the world')).toBeVisible();
	});
});

test('Demo: follow references; one that does not exist says so', async ({ page }) => {
	await page.goto('/bible/KJV');
	const reference = page.getByRole('textbox', { name: 'Reference' });
	await reference.fill('Jn 3:16-18');
	await page.getByRole('button', { name: 'Go' }).click();
	const passage = page.getByRole('region', { name: 'John 3:16–18' });
	await expect(passage).toContainText('For God so loved the world');
	await expect(passage).toContainText('he that believeth not is condemned already');

	await reference.fill('John 3:36-4:2');
	await page.getByRole('button', { name: 'Go' }).click();
	const across = page.getByRole('region', { name: 'John 3:36–4:2' });
	await expect(across).toContainText('3:36');
	await expect(across).toContainText('4:2');

	await reference.fill('John 99');
	await page.getByRole('button', { name: 'Go' }).click();
	await expect(page.getByText('John 99 does not exist')).toBeVisible();

	await reference.fill('Gen 1');
	await page.getByRole('button', { name: 'Go' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Genesis 1' })).toBeVisible();
});

test('Demo: download a book, go offline, read it; an undownloaded chapter says so', async ({
	page,
	context
}) => {
	await page.goto('/bible/KJV/Jude');
	await page.getByRole('button', { name: 'Download Jude for offline' }).click();
	await expect(page.getByText('Jude is downloaded: 1 chapters, checked')).toBeVisible();
	await page.goto('/bible/KJV/Ruth');
	await page.getByRole('button', { name: 'Download Ruth for offline' }).click();
	await expect(page.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute(
		'value',
		'4'
	);
	await expect(page.getByText('Ruth is downloaded: 4 chapters, checked')).toBeVisible();
	await expect(page.getByRole('region', { name: 'Storage' })).toContainText(
		'King James Version (KJV)'
	);

	// In-app navigation offline (a full offline reload is the next test).
	await context.setOffline(true);
	await page.getByRole('link', { name: '2', exact: true }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Ruth 2' })).toBeVisible();
	await expect(page.getByText('Read from this device.')).toBeVisible();
	await page.getByRole('button', { name: 'Next chapter' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Ruth 3' })).toBeVisible();
	await expect(page.getByText('Read from this device.')).toBeVisible();

	await page
		.getByRole('navigation', { name: 'Breadcrumb' })
		.getByRole('link', { name: 'Ruth' })
		.click();
	await page.getByRole('link', { name: 'Esther', exact: true }).click();
	await page.getByRole('link', { name: '1', exact: true }).click();
	await expect(page.getByRole('alert')).toContainText('Esther 1 is not downloaded');
	await expect(page.getByRole('button', { name: 'Download Esther for offline' })).toBeDisabled();
	await context.setOffline(false);
	await expect(page.getByRole('button', { name: 'Download Esther for offline' })).toBeEnabled();
});

test('Demo: download a book, turn the network off for the page and the worker, reload, read it', async ({
	page,
	context
}) => {
	const server = await startStaticServer(APP_PORT + 40);
	try {
		await page.goto(server.url + '/bible/KJV/Jude');
		await page.evaluate(async () => {
			await navigator.serviceWorker.ready;
		});
		await page.getByRole('button', { name: 'Download Jude for offline' }).click();
		await expect(page.getByText('Jude is downloaded: 1 chapters, checked')).toBeVisible();
	} finally {
		// The host is gone and the context is offline: only the service worker and IndexedDB remain.
		await server.stop();
	}
	await context.setOffline(true);
	await page.goto(server.url + '/bible/KJV/Jude/1');
	await expect(page.getByRole('heading', { level: 1, name: 'Jude 1' })).toBeVisible();
	await expect(page.getByText('Read from this device.')).toBeVisible();
	await expect(page.getByText('Jude, the servant of Jesus Christ')).toBeVisible();
	await context.setOffline(false);
});

test('Demo: eviction is noticed and a new download is offered; delete a translation', async ({
	page
}) => {
	await page.goto('/bible/KJV/Jonah');
	await page.getByRole('button', { name: 'Download Jonah for offline' }).click();
	await expect(page.getByText('Jonah is downloaded: 4 chapters, checked')).toBeVisible();
	expect(await storedChapters(page, 'KJV', 'Jonah')).toBe(4);

	// The browser evicts records behind the app's back.
	await page.evaluate(
		(name) =>
			new Promise<void>((resolve) => {
				const open = indexedDB.open(name);
				open.onsuccess = () => {
					const tx = open.result.transaction('chapters', 'readwrite');
					tx.objectStore('chapters').delete(['KJV', 'Jonah', 2]);
					tx.objectStore('chapters').delete(['KJV', 'Jonah', 3]);
					tx.oncomplete = () => {
						open.result.close();
						resolve();
					};
				};
			}),
		DEMO_DB
	);
	await page.reload();
	await expect(
		page.getByText('Jonah was downloaded, but 2 of its 4 chapters are no longer')
	).toBeVisible();
	await page.getByRole('button', { name: 'Download Jonah for offline' }).first().click();
	await expect(page.getByText('Jonah is downloaded: 4 chapters, checked')).toBeVisible();
	expect(await storedChapters(page, 'KJV', 'Jonah')).toBe(4);
	await expect(page.getByText('are no longer on this device')).toHaveCount(0);

	const storage = page.getByRole('region', { name: 'Storage' });
	await storage
		.getByRole('button', { name: 'Delete King James Version (KJV) from this device' })
		.click();
	await expect(storage).toContainText('No chapters are stored');
	expect(await storedChapters(page, 'KJV', 'Jonah')).toBe(0);
});

test('Demo, then Live in Settings without a reload: the Bible asks the new server and shows nothing the demo loaded', async ({
	page
}) => {
	await page.goto('/bible');
	await expect(page.getByRole('link', { name: 'King James Version (KJV)' })).toBeVisible();
	const main = page.getByRole('navigation', { name: 'Main' });
	await main.getByRole('link', { name: 'Settings' }).click();
	const fieldset = page.getByRole('group', { name: 'Bible' });
	await fieldset.getByRole('textbox', { name: 'Base URL' }).fill('http://127.0.0.1:9');
	await fieldset.getByRole('radio', { name: 'Live' }).check();
	await expect(fieldset.getByRole('status')).toHaveText('Saved.');
	await main.getByRole('link', { name: 'Bible' }).click();
	await expect(page.getByLabel('Bible connection')).toContainText('Live');
	await expect(page.getByRole('alert')).toContainText(
		"The Bible server could not be reached The list of translations could not be read: the server did not answer. Check that you are online and that the server's address in Settings is right"
	);
	await expect(page.getByRole('link', { name: 'King James Version (KJV)' })).toHaveCount(0);
});

test('Live over loopback HTTP: read a chapter, follow a reference, download a book, read offline', async ({
	page,
	context
}) => {
	await goLive(page);
	await readJohn3(page);
	await page.getByRole('textbox', { name: 'Reference' }).fill('John 3:16');
	await page.getByRole('button', { name: 'Go' }).click();
	await expect(page.getByRole('region', { name: 'John 3:16' })).toContainText(
		'For God so loved the world'
	);
	await page.getByRole('button', { name: 'Download John for offline' }).click();
	await expect(page.getByText('John is downloaded: 21 chapters, checked')).toBeVisible();
	// Stored apart from the demo's chapters.
	expect(
		await storedChapters(page, 'KJV', 'John', `bible-chapters ${FAKE_URLS.bible}/api/v1`)
	).toBe(21);
	await context.setOffline(true);
	await page.getByRole('button', { name: 'Next chapter' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'John 4' })).toBeVisible();
	await expect(page.getByText('Read from this device.')).toBeVisible();
	await page.getByRole('link', { name: 'John', exact: true }).click();
	await page.getByRole('link', { name: '21', exact: true }).click();
	await expect(page.getByText('Read from this device.')).toBeVisible();
	await context.setOffline(false);
});

test('Live: XML and YAML answers are shown raw', async ({ page }) => {
	await goLive(page);
	await page.goto('/bible/KJV/Jude/1');
	await expect(page.getByRole('heading', { level: 1, name: 'Jude 1' })).toBeVisible();
	await page.getByText('The chapter as the server sends it').click();
	await page.getByRole('button', { name: 'Show XML' }).click();
	await expect(page.locator('.raw pre')).toContainText('<?xml');
	await page.getByRole('button', { name: 'Show YAML' }).click();
	await expect(page.locator('.raw pre')).toContainText('verses:');
});

test('axe finds no serious or critical violation on the reader', async ({ page, axe }) => {
	await page.goto('/bible/KJV/John/3#v16');
	await expect(page.getByText('For God so loved the world')).toBeVisible();
	const results = await axe().analyze();
	const serious = results.violations.filter(
		(v) => v.impact === 'serious' || v.impact === 'critical'
	);
	expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test('the reader and the library with storage fit 360 px', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto('/bible/KJV/Obad');
	await page.getByRole('button', { name: 'Download Obadiah for offline' }).click();
	await expect(page.getByText('Obadiah is downloaded: 1 chapters, checked')).toBeVisible();
	await expect(
		page.getByRole('region', { name: 'Storage' }).getByRole('button', { name: /^Delete/ })
	).toBeVisible();
	const overflow = () =>
		page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(await overflow()).toBeLessThanOrEqual(0);
	await page.goto('/bible/KJV/Obad/1');
	await expect(page.getByRole('heading', { level: 1, name: 'Obadiah 1' })).toBeVisible();
	expect(await overflow()).toBeLessThanOrEqual(0);
});

test('Demo: cancel a download; downloading again fetches only the missing chapters', async ({
	page
}) => {
	// Slow the page's demo Bible service (only this page), so there is time to cancel.
	await page.goto('/settings');
	const faults = page.getByRole('group', { name: 'Demo failures' });
	await faults.getByRole('combobox', { name: 'Service' }).selectOption('bible');
	await faults.getByRole('spinbutton', { name: 'Added latency (ms)' }).fill('300');
	await faults.getByRole('button', { name: 'Apply' }).click();
	await expect(faults.getByRole('status')).toHaveText('Bible demo: None, 300 ms added.');
	// In-app navigation keeps the switches (a reload resets them).
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bible' }).click();
	await page.getByRole('link', { name: 'King James Version (KJV)', exact: true }).click();
	await page.getByRole('link', { name: 'Genesis', exact: true }).click();

	await page.getByRole('button', { name: 'Download Genesis for offline' }).click();
	const bar = page.getByRole('progressbar', { name: 'Download progress' });
	await expect(bar).toHaveAttribute('max', '50');
	await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
	await page.getByRole('button', { name: 'Cancel download' }).click();
	const cancelled = page.getByText(/^Download cancelled\. \d+ of 50 chapters are kept/);
	await expect(cancelled).toBeVisible();
	const kept = Number((await cancelled.textContent())!.match(/(\d+) of 50/)![1]);
	expect(kept).toBeGreaterThan(0);
	expect(kept).toBeLessThan(50);
	await expect(page.getByRole('button', { name: 'Cancel download' })).toHaveCount(0);
	// What the message says is what is stored, and nothing is marked complete.
	const before = await storedTimes(page, 'KJV', 'Gen');
	expect(Object.keys(before)).toHaveLength(kept);
	await expect(page.getByText(/^Downloaded.*: Genesis, available offline/)).toHaveCount(0);

	await page.getByRole('button', { name: 'Download Genesis for offline' }).click();
	await expect(page.getByText('Genesis is downloaded: 50 chapters, checked')).toBeVisible({
		timeout: 20_000
	});
	await expect(page.getByText(/^Downloaded.*: Genesis, available offline/)).toBeVisible();
	const after = await storedTimes(page, 'KJV', 'Gen');
	expect(Object.keys(after)).toHaveLength(50);
	// The chapters kept from the cancelled run were not fetched and written again.
	for (const [chapter, storedAt] of Object.entries(before)) expect(after[+chapter]).toBe(storedAt);

	// The whole translation starts from what is already stored, and can be cancelled too.
	await page.getByRole('button', { name: 'Download translation for offline' }).click();
	await expect(bar).toHaveAttribute('max', '1189');
	await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(50);
	await page.getByRole('button', { name: 'Cancel download' }).click();
	await expect(page.getByText(/^Download cancelled\. \d+ of 1189 chapters are kept/)).toBeVisible();
	await expect(
		page.getByText(/^Downloaded.*: the whole translation, available offline/)
	).toHaveCount(0);
});

test('Keyboard only: choose a translation, a book and a chapter; arrows and buttons turn chapters; look up a reference', async ({
	page
}) => {
	// A long journey (about 20 s on two busy cores): the default 30 s left no margin.
	test.setTimeout(60_000);
	await page.goto('/bible');
	await tabTo(page, page.getByRole('link', { name: 'King James Version (KJV)', exact: true }));
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/bible\/KJV$/);
	await tabTo(page, page.getByRole('link', { name: 'John', exact: true }));
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/bible\/KJV\/John$/);
	await tabTo(page, page.getByRole('link', { name: '3', exact: true }));
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();
	await expect(page.getByText('For God so loved the world')).toBeVisible();

	await page.keyboard.press('ArrowRight');
	await expect(page.getByRole('heading', { level: 1, name: 'John 4' })).toBeVisible();
	await page.keyboard.press('ArrowLeft');
	await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();

	await tabTo(page, page.getByRole('button', { name: 'Next chapter' }));
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'John 4' })).toBeVisible();
	await tabTo(page, page.getByRole('button', { name: 'Previous chapter' }));
	await page.keyboard.press('Space');
	await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();

	// Arrow keys inside the Reference field move the caret, not the chapter.
	await page.goto('/bible/KJV');
	const reference = page.getByRole('textbox', { name: 'Reference' });
	await tabTo(page, reference);
	await page.keyboard.type('Jude 5');
	await page.keyboard.press('ArrowLeft');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('region', { name: 'Jude 1:5' })).toContainText(
		'I will therefore put you in remembrance'
	);
	await reference.fill('');
	await page.keyboard.type('xyzzy');
	await page.keyboard.press('Enter');
	await expect(
		page.getByText('xyzzy is not a reference this reader understands. Try for example John 3:16.')
	).toBeVisible();
});

test('Live over loopback HTTP: eviction is noticed and a new download is offered', async ({
	page
}) => {
	const liveDb = `bible-chapters ${FAKE_URLS.bible}/api/v1`;
	await goLive(page);
	await page.goto('/bible/KJV/Jonah');
	await page.getByRole('button', { name: 'Download Jonah for offline' }).click();
	await expect(page.getByText('Jonah is downloaded: 4 chapters, checked')).toBeVisible();
	expect(await storedChapters(page, 'KJV', 'Jonah', liveDb)).toBe(4);

	await evict(page, [['KJV', 'Jonah', 1]], liveDb);
	await page.reload();
	await expect(page.getByLabel('Bible connection')).toContainText('Live');
	await expect(
		page.getByText('Jonah was downloaded, but 1 of its 4 chapters are no longer')
	).toBeVisible();
	await expect(page.getByText(/^Downloaded.*: Jonah, available offline/)).toHaveCount(0);
	await page.getByRole('button', { name: 'Download Jonah for offline' }).first().click();
	await expect(page.getByText('Jonah is downloaded: 4 chapters, checked')).toBeVisible();
	expect(await storedChapters(page, 'KJV', 'Jonah', liveDb)).toBe(4);
	await expect(page.getByText('are no longer on this device')).toHaveCount(0);
});

test('axe finds no serious or critical violation on a book with a download and storage', async ({
	page,
	axe
}) => {
	await page.goto('/bible/KJV/Jude');
	await page.getByRole('button', { name: 'Download Jude for offline' }).click();
	await expect(page.getByText('Jude is downloaded: 1 chapters, checked')).toBeVisible();
	await expect(page.getByRole('region', { name: 'Storage' })).toContainText(
		'King James Version (KJV)'
	);
	const results = await axe().analyze();
	const serious = results.violations.filter(
		(v) => v.impact === 'serious' || v.impact === 'critical'
	);
	expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test('Demo: a deep link to a chapter, book or translation that does not exist says so and what to do', async ({
	page
}) => {
	await page.goto('/bible/KJV/John/22');
	await expect(page.getByRole('heading', { level: 1, name: 'John 22' })).toBeVisible();
	await expect(page.getByRole('alert')).toHaveText(
		'John 22 does not exist in this translation. John has 21 chapters: choose a chapter of John.'
	);
	await page.getByRole('link', { name: 'choose a chapter of John' }).click();
	await expect(page.getByRole('link', { name: '21', exact: true })).toBeVisible();

	await page.goto('/bible/KJV/John/abc');
	await expect(page.getByRole('alert')).toContainText(
		'John abc does not exist in this translation.'
	);

	await page.goto('/bible/KJV/Nope/1');
	await expect(page.getByRole('alert')).toHaveText(
		'Nope 1 does not exist in this translation. Choose a book from the list.'
	);
	await page.getByRole('link', { name: 'Choose a book' }).click();
	await expect(page.getByRole('link', { name: 'Genesis', exact: true })).toBeVisible();

	for (const path of ['/bible/NOPE/John/1', '/bible/NOPE']) {
		await page.goto(path);
		await expect(page.getByRole('alert')).toHaveText(
			'There is no translation “NOPE” on this server: choose a translation from the list.'
		);
	}
	await page.getByRole('link', { name: 'choose a translation from the list' }).click();
	await expect(
		page.getByRole('link', { name: 'King James Version (KJV)', exact: true })
	).toBeVisible();
});

test('Demo: the dark theme is kept; the storage view shows the quota and asks the browser to keep the data', async ({
	page
}) => {
	await page.goto('/bible/KJV/Jude/1');
	await expect(page.getByText('Jude, the servant of Jesus Christ')).toBeVisible();
	await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
	const text = page.locator('article.text');
	await expect(text).toHaveClass(/theme-dark/);
	await page.reload();
	await expect(page.getByText('Jude, the servant of Jesus Christ')).toBeVisible();
	await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
	await expect(text).toHaveClass(/theme-dark/);
	await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Light' });
	await expect(text).toHaveClass(/theme-light/);

	await page.goto('/bible/KJV');
	const storage = page.getByRole('region', { name: 'Storage' });
	await expect(storage).toContainText('King James Version (KJV)');
	await expect(storage).toContainText(/This site uses .+ of the .+ the browser allows it\./);
	const keep = storage.getByRole('button', { name: 'Ask the browser to keep it' });
	if (await keep.isVisible()) {
		await keep.click();
		await expect(storage.getByRole('status')).toHaveText(
			/^(The browser will keep the downloaded chapters\.|The browser declined for now)/
		);
	} else {
		await expect(storage).toContainText('The browser keeps this data even when space runs low.');
	}
});

test('Demo: a server failure the demo simulates reads in plain words on a phone, without the request or its address', async ({
	page,
	axe
}) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto('/bible/KJV/John/3');
	await expect(page.getByText('For God so loved the world')).toBeVisible();
	// In-app navigation keeps the switches (a reload resets them).
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Settings' })
		.click();
	const faults = page.getByRole('group', { name: 'Demo failures' });
	await faults.getByRole('combobox', { name: 'Service' }).selectOption('bible');
	await faults
		.getByRole('combobox', { name: 'Failure' })
		.selectOption({ label: '500 Internal Server Error' });
	await faults.getByRole('button', { name: 'Apply' }).click();
	await page.goBack();
	await page.getByRole('link', { name: 'Next chapter' }).last().click();
	const problem = page.getByRole('alert').filter({ hasText: 'The Bible server had a problem' });
	await expect(problem).toContainText('The server failed while sending John 4 (error 500).');
	await expect(problem).not.toContainText('bible.demo');
	await expect(problem).not.toContainText('GET');
	await expectNoSideScroll(page);
	expect((await axe().analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
	// Try again takes the box away: the focus goes to the chapter's heading, not the page's top.
	await problem.getByRole('button', { name: 'Try again' }).press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'John 4' })).toBeFocused();
	await expect(page.getByText('When therefore the Lord knew')).toBeVisible();
});

test('Demo: the list of translations failing reads in plain words, and Try again brings it', async ({
	page
}) => {
	await page.goto('/settings');
	const faults = page.getByRole('group', { name: 'Demo failures' });
	await faults.getByRole('combobox', { name: 'Service' }).selectOption('bible');
	await faults.getByRole('combobox', { name: 'Failure' }).selectOption({ label: 'Malformed JSON' });
	await faults.getByRole('button', { name: 'Apply' }).click();
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bible' }).click();
	const problem = page
		.getByRole('alert')
		.filter({ hasText: 'The Bible server sent something unreadable' });
	await expect(problem).toContainText(
		'The answer for the list of translations is not a Bible text this reader understands.'
	);
	await expect(problem).not.toContainText('Base URL');
	await expect(problem).not.toContainText('200');
	// The remedy is the switch that made it fail: the demo has no other server to choose.
	await expect(problem).toContainText(
		'The demo is simulating this failure (Settings, Demo failures)'
	);
	await expect(problem).not.toContainText('another server');
	await problem.getByRole('button', { name: 'Try again' }).press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'Bible' })).toBeFocused();
	await expect(
		page.getByRole('link', { name: 'King James Version (KJV)', exact: true })
	).toBeVisible();
});
