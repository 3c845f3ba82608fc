import type { Page } from '@playwright/test';
import { SUBPATH, SUBPATH_PORT } from '../../playwright.config';
import { goLiveBible } from './bible-helpers';
import { expect, test } from './fixtures';

// These journeys search offline after a reload, which the service worker makes possible.
test.use({ serviceWorkers: 'allow' });

const results = (page: Page) => page.getByRole('region', { name: 'Search results' });

async function search(page: Page, text: string) {
	await page.getByRole('searchbox', { name: 'Search the Bible' }).fill(text);
	await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('Demo: download the whole KJV, go offline and reload; search "in the beginning" and love* in 1 John; open a result at its verse', async ({
	page,
	context
}) => {
	test.setTimeout(240_000);
	await page.goto('/bible/KJV');
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.getByRole('button', { name: 'Download translation for offline' }).click();
	await expect(
		page.getByText('King James Version (KJV) is downloaded: 1189 chapters, checked')
	).toBeVisible({ timeout: 180_000 });

	// Network off for the page and its workers: the app, its search worker and the index come
	// from the service worker's cache and IndexedDB.
	await context.setOffline(true);
	await page.reload();
	await search(page, '"in the beginning"');
	const found = results(page);
	// The first search after a cold start loads the whole index (its speed is for the benchmarks;
	// a busy CI machine may take longer than the default 5 s).
	await expect(found.getByRole('status')).toHaveText('17 verses found for “in the beginning”.', {
		timeout: 20_000
	});
	const links = found.getByRole('link');
	await expect(links.first()).toHaveText('Genesis 1:1');
	await expect(found.getByRole('link', { name: 'John 1:1', exact: true })).toBeVisible();
	const genesis = found.getByRole('listitem').first();
	await expect(genesis).toContainText('In the beginning God created the heaven and the earth.');
	await expect(genesis.locator('mark')).toHaveText(['In the beginning']);
	// The whole translation is stored: nothing is said about coverage.
	await expect(found).not.toContainText('Searched');

	await page.getByRole('combobox', { name: 'Book', exact: true }).selectOption({ label: '1 John' });
	await search(page, 'love*');
	await expect(found.getByRole('status')).toContainText('verses found for “love*”');
	const names = await links.allTextContents();
	expect(names.length).toBeGreaterThan(10);
	expect(names.every((n) => n.startsWith('1 John '))).toBe(true);
	const verse8 = found
		.getByRole('listitem')
		.filter({ has: page.getByRole('link', { name: '1 John 4:8', exact: true }) });
	await expect(verse8).toContainText('He that loveth not knoweth not God; for God is love.');
	await expect(verse8.locator('mark')).toHaveText(['loveth', 'love']);

	await found.getByRole('link', { name: '1 John 4:8', exact: true }).click();
	await expect(page.getByRole('heading', { level: 1, name: '1 John 4' })).toBeVisible();
	await expect(page).toHaveURL(/\/bible\/KJV\/1John\/4#v8$/);
	await expect(page.locator('#v8')).toHaveClass(/highlight/);
	await expect(page.locator('#v8')).toBeInViewport();
	// The keyboard goes on from the verse: it has the focus, and Tab reaches its actions.
	await expect(page.locator('#v8')).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(page.getByRole('button', { name: 'Verse actions, 1 John 4:8' })).toBeFocused();
	await context.setOffline(false);
});

test('Live over loopback HTTP: search covers the chapters stored from the server; a result opens at its verse, focused', async ({
	page
}) => {
	await goLiveBible(page);
	await page.goto('/bible/KJV/Jude');
	await expect(page.getByLabel('Bible connection')).toContainText('Live');
	await page.getByRole('button', { name: 'Download Jude for offline' }).click();
	await expect(page.getByText('Jude is downloaded: 1 chapters, checked')).toBeVisible();

	await search(page, 'Michael');
	const found = results(page);
	await expect(found.getByRole('status')).toHaveText('1 verse found for “Michael”.');
	await expect(found).toContainText(
		'Searched 1 of 1,189 chapters of King James Version (KJV) (0%): download the whole translation to search all of it.'
	);
	// Obadiah was never stored from this server: its Edom is not found.
	await search(page, 'Edom');
	await expect(found.getByRole('status')).toHaveText('No verses found for “Edom”.');

	await search(page, 'Michael');
	await found.getByRole('link', { name: 'Jude 1:9', exact: true }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Jude 1' })).toBeVisible();
	await expect(page).toHaveURL(/\/bible\/KJV\/Jude\/1#v9$/);
	await expect(page.locator('#v9')).toBeFocused();
	await expect(page.locator('#v9')).toBeInViewport();
	await expect(page.getByLabel('Bible connection')).toContainText('Live');
});

test('Demo: a search over part of a translation says how much it covered; deleting the translation drops its index', async ({
	page,
	axe
}) => {
	await page.goto('/bible/KJV/Jude');
	await page.getByRole('button', { name: 'Download Jude for offline' }).click();
	await expect(page.getByText('Jude is downloaded: 1 chapters, checked')).toBeVisible();

	// Keyboard: type and press Enter; the focus stays in the field.
	const box = page.getByRole('searchbox', { name: 'Search the Bible' });
	await box.fill('Michael');
	await box.press('Enter');
	const found = results(page);
	await expect(found.getByRole('status')).toHaveText('1 verse found for “Michael”.');
	await expect(found.getByRole('link', { name: 'Jude 1:9', exact: true })).toBeVisible();
	await expect(found).toContainText(
		'Searched 1 of 1,189 chapters of King James Version (KJV) (0%): download the whole translation to search all of it.'
	);
	await expect(box).toBeFocused();

	// A mistake is explained, and what to do.
	await box.fill('m*');
	await box.press('Enter');
	await expect(page.getByRole('alert').filter({ hasText: 'letters before' })).toHaveText(
		'Write at least 2 letters before * (for example lov*).'
	);

	const serious = (await axe().analyze()).violations.filter(
		(v) => v.impact === 'serious' || v.impact === 'critical'
	);
	expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);

	await page
		.getByRole('region', { name: 'Storage' })
		.getByRole('button', { name: 'Delete King James Version (KJV) from this device' })
		.click();
	await expect(page.getByRole('region', { name: 'Storage' })).toContainText(
		'No chapters are stored'
	);
	await search(page, 'Michael');
	await expect(found.getByRole('status')).toHaveText('No verses found for “Michael”.');
	await expect(found).toContainText('Nothing is stored on this device yet');
});

test('Sub-path build at 360 px: the search worker starts under the base path and results fit', async ({
	page
}) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto(`http://127.0.0.1:${SUBPATH_PORT}${SUBPATH}/bible/KJV/Obad`);
	await page.getByRole('button', { name: 'Download Obadiah for offline' }).click();
	await expect(page.getByText('Obadiah is downloaded: 1 chapters, checked')).toBeVisible();
	await search(page, 'Edom');
	const link = results(page).getByRole('link', { name: 'Obadiah 1:1', exact: true });
	await expect(link).toHaveAttribute('href', `${SUBPATH}/bible/KJV/Obad/1#v1`);
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - window.innerWidth
	);
	expect(overflow, await widest(page)).toBeLessThanOrEqual(0);
});

/** The element sticking out furthest to the right, to say what overflows. */
function widest(page: Page) {
	return page.evaluate(() => {
		let worst = '';
		let right = window.innerWidth;
		for (const el of document.querySelectorAll('body *')) {
			const r = el.getBoundingClientRect().right;
			if (r > right) {
				right = r;
				worst = `${el.tagName}.${el.className} ${Math.round(r)}px`;
			}
		}
		return worst;
	});
}
