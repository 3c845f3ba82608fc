/**
 * Search that says what it covers (issue 47, found on a 412×823 phone): before a search the field
 * says how much of the translation is stored, following storage as it changes; the results offer
 * the download of the translation while it is not all stored; the query is echoed once quoted.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PHONE = { width: 412, height: 823 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search the Bible' });
const results = (page: Page) => page.getByRole('region', { name: 'Search results' });

test('before searching the field says what it covers; the results offer the translation’s download, which the sentence follows', async ({
	page,
	axe
}) => {
	test.setTimeout(150_000);
	// Reading a chapter keeps it on this device: that one chapter is what a search covers.
	await page.goto('/bible/KJV/John/3');
	await expect(page.locator('#v16')).toContainText('For God so loved the world');
	await page.goto('/bible/KJV');
	await expect(box(page)).toHaveAccessibleDescription(
		/^Searches the 1 of 1,189 chapters stored for King James Version \(KJV\)\./
	);
	await expect(page.getByText('Searches the 1 of 1,189 chapters stored for')).toBeInViewport();

	await box(page).fill('"born again"');
	await page.getByRole('button', { name: 'Search', exact: true }).tap();
	const found = results(page);
	// Once quoted, as typed: not “"born again"”.
	await expect(found.getByRole('status')).toHaveText('2 verses found for “born again”.');
	const download = found.getByRole('button', { name: 'Download translation for offline' });
	await expect(download).toBeVisible();
	const serious = (await axe().analyze()).violations.filter(
		(v) => v.impact === 'serious' || v.impact === 'critical'
	);
	expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);

	// The same download as the library's: the sentence counts the chapters as they are stored
	// (an idle machine may store all 1,189 before a count in between is seen).
	await download.tap();
	await expect(
		page.getByText(/^Searches (the (\d{3,}|[1-9],\d{3}) of|all) 1,189 chapters/)
	).toBeVisible({ timeout: 60_000 });
	await expect(box(page)).toHaveAccessibleDescription(
		/^Searches all 1,189 chapters of King James Version \(KJV\)\./,
		{ timeout: 60_000 }
	);

	// Deleting the translation from the device: the sentence says nothing is left to search.
	await page
		.getByRole('region', { name: 'Storage' })
		.getByRole('button', { name: 'Delete King James Version (KJV) from this device' })
		.tap();
	await expect(box(page)).toHaveAccessibleDescription(
		/^Searches nothing yet: no chapter is stored/
	);
});
