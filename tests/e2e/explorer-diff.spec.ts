/** Compare with…: two pages of /projects side by side in status, headers and body, by keyboard. */
import { goLive, openTab, request, ui } from './explorer-helpers';
import { expect, FAKE_URLS, RUNS, test } from './fixtures';

for (const { mode, size } of RUNS) {
	test.describe(`${mode}, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
		test.use({ viewport: size.viewport });

		test.beforeEach(async ({ page }) => {
			if (mode === 'Live') await goLive(page, FAKE_URLS.codehost);
			else await page.goto('/explorer');
		});

		test('page 2 of /projects compared with page 1: the pages’ projects by id, the page header changed, from the keyboard', async ({
			page
		}) => {
			const u = ui(page);
			await request(page, 'GET', '/projects', 'per_page=5');
			await expect(u.status).toHaveText('200 OK');
			await openTab(page, 'Pagination');
			await u.pagination.getByRole('button', { name: 'Next page' }).click();
			await expect(u.query).toHaveValue(/page=2/);
			await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(
				2
			);

			const compare = u.response.getByRole('button', { name: 'Compare with…' });
			await compare.focus();
			await page.keyboard.press('Enter');
			const picker = u.response.getByRole('combobox', { name: 'Earlier response' });
			await expect(picker).toBeFocused();
			// The newest entry is this page; the one before it is page 1.
			await page.keyboard.press('ArrowDown');
			await page.keyboard.press('ArrowDown');
			await expect(picker.locator('option:checked')).toHaveText(/GET \/projects\?per_page=5 · 200/);
			const diff = u.response.getByRole('region', { name: 'Differences' });
			await expect(diff).toContainText('Status: the same (200)');
			const headers = diff.getByRole('list', { name: 'Header differences' });
			await expect(headers.getByRole('listitem').filter({ hasText: 'x-page' })).toHaveText(
				/Changed x-page: 1\s*→ 2/
			);
			const body = diff.getByRole('list', { name: 'Body differences' });
			await expect(body.getByRole('listitem')).toHaveCount(10);
			await expect(body.getByRole('listitem').first()).toHaveText(/^Removed \[id=1\]/);
			await expect(body.getByRole('listitem').last()).toHaveText(/^Added \[id=10\]/);
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth
			);
			expect(overflow).toBeLessThanOrEqual(0);
		});
	});
}
