/**
 * The reader reads like a printed King James Bible: paragraphs where the text marks them, supplied
 * words in italics, the marks as sent on request; the reading theme is the whole page's; focus
 * follows the reader's moves; what is downloaded says when, and can be checked for changes.
 * Demo wide and narrow (the layout is what changes); Live at one size (the transport is what
 * changes, not the layout).
 */
import type { Page } from '@playwright/test';
import { goLiveBible, openReadingOptions } from './bible-helpers';
import { expect, RUNS, test } from './fixtures';

/** The verse element's paragraph: the first verse number in it. */
const paragraphStart = (page: Page, verse: number) =>
	page.locator(`#v${verse}`).evaluate((el) => el.closest('p')?.querySelector('.verse')?.id ?? '');

for (const { mode, size } of RUNS) {
	test.describe(`${mode}, ${size.name}`, () => {
		test.use({ viewport: size.viewport });
		test.beforeEach(async ({ page }) => {
			if (mode === 'Live') await goLiveBible(page);
		});

		test('a chapter reads as printed ([was] in italics, # starts a paragraph) or as sent on request; the Reference field stands above it; Next chapter puts the focus on the new heading; the theme is the whole page', async ({
			page
		}) => {
			await page.goto('/bible/KJV/Gen/1');
			await expect(page.getByLabel('Bible connection')).toContainText(mode);
			const v2 = page.locator('#v2');
			await expect(v2).toContainText('and darkness was upon the face of the deep');
			await expect(v2).not.toContainText('[');
			const supplied = v2.locator('i');
			await expect(supplied).toHaveText('was');
			expect(await supplied.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');
			// Genesis 1:6 is "# And God said…": it opens a paragraph; 1:2–5 run on after 1:1.
			await expect(page.locator('#v6')).not.toContainText('#');
			expect(await paragraphStart(page, 6)).toBe('v6');
			expect(await paragraphStart(page, 5)).toBe('v1');
			expect(await paragraphStart(page, 7)).toBe('v6');

			await openReadingOptions(page);
			await page.getByRole('checkbox', { name: 'Show marks as sent' }).check();
			await expect(v2).toContainText('and darkness [was] upon the face');
			await expect(v2.locator('i')).toHaveCount(0);
			await expect(page.locator('#v6')).toContainText('# And God said');
			await page.getByRole('checkbox', { name: 'Show marks as sent' }).uncheck();
			await expect(v2).not.toContainText('[');

			await page.goto('/bible/KJV/John/3');
			await expect(page.getByText('For God so loved the world')).toBeVisible();
			const field = await page.getByRole('textbox', { name: 'Reference' }).boundingBox();
			const text = await page.getByRole('article', { name: 'John 3 text' }).boundingBox();
			expect(field!.y + field!.height).toBeLessThanOrEqual(text!.y);

			await page.getByRole('button', { name: 'Next chapter' }).click();
			const heading = page.getByRole('heading', { level: 1, name: 'John 4' });
			await expect(heading).toBeFocused();
			await expect(heading).toBeInViewport();

			const pageBackground = () =>
				page.evaluate(() => getComputedStyle(document.body).backgroundColor);
			await page.emulateMedia({ colorScheme: 'light' });
			await openReadingOptions(page);
			await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
			await expect.poll(pageBackground).toBe('rgb(13, 17, 23)');
			await page.emulateMedia({ colorScheme: 'dark' });
			await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Light' });
			await expect.poll(pageBackground).toBe('rgb(255, 255, 255)');
			// Only the reader's: the rest of the app follows the system again.
			await page
				.getByRole('navigation', { name: 'Main' })
				.getByRole('link', { name: 'Bible' })
				.click();
			await expect.poll(pageBackground).toBe('rgb(13, 17, 23)');
		});

		test('choosing a book moves focus and view to its chapters; a downloaded book says when and offers Check for changes', async ({
			page
		}) => {
			await page.goto('/bible/KJV');
			await page.getByRole('link', { name: 'Obadiah', exact: true }).click();
			const chapters = page.getByRole('heading', { level: 3, name: 'Obadiah' });
			await expect(chapters).toBeFocused();
			await expect(chapters).toBeInViewport();
			// At the top of the view, not at its bottom edge, and still there once the page has drawn.
			const headingTop = () => chapters.evaluate((el) => el.getBoundingClientRect().top);
			await expect.poll(headingTop).toBeLessThan(64);
			await page.evaluate(
				() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
			);
			expect(await headingTop()).toBeLessThan(64);
			await page.keyboard.press('Tab');
			await expect(page.getByRole('link', { name: '1', exact: true })).toBeFocused();

			await page.getByRole('button', { name: 'Download Obadiah for offline' }).click();
			await expect(page.getByText('Obadiah is downloaded: 1 chapters, checked')).toBeVisible();
			await expect(page.getByText(/^Downloaded .+: Obadiah, available offline$/)).toBeVisible();
			await expect(page.getByRole('button', { name: 'Download Obadiah for offline' })).toHaveCount(
				0
			);
			await page.getByRole('button', { name: 'Check for changes to Obadiah' }).click();
			await expect(
				page.getByText('Obadiah: no changes. All 1 chapters on this device are the same')
			).toBeVisible();

			// The reader says the same of the book it shows.
			await page.getByRole('link', { name: '1', exact: true }).click();
			await expect(page.getByRole('heading', { level: 1, name: 'Obadiah 1' })).toBeVisible();
			await expect(page.getByText(/^Downloaded .+: Obadiah, available offline$/)).toBeVisible();
			await expect(
				page.getByRole('button', { name: 'Check for changes to Obadiah' })
			).toBeEnabled();
		});
	});
}
