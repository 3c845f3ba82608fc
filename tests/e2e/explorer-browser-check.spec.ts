/** Browser check: before a Live request, what CORS adds and keeps back; after a failure, which wall. */
import { auth, goLive, request, ui } from './explorer-helpers';
import { expect, FAKE_URLS, SIZES, test } from './fixtures';

for (const size of SIZES) {
	test.describe(`${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
		test.use({ viewport: size.viewport });

		test('Live: the preflight and why, the session cookie, the unreadable headers; Demo has no check', async ({
			page
		}) => {
			await page.goto('/explorer');
			const check = page.getByRole('region', { name: 'Browser check' });
			await expect(ui(page).path).toBeVisible();
			await expect(check).toHaveCount(0);

			await goLive(page, FAKE_URLS.codehost);
			await ui(page).path.fill('/projects');
			await ui(page).query.fill('');
			await expect(check).toContainText('No CORS preflight');
			await expect(check.getByRole('list', { name: 'Hidden response headers' })).toContainText(
				'Retry-After'
			);
			await expect(check.getByRole('list', { name: 'Hidden response headers' })).toContainText(
				'Location'
			);
			await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
			await expect(check.getByRole('list', { name: 'Why a preflight' })).toHaveText(
				'The PRIVATE-TOKEN header is not one a browser sends on its own.'
			);
			await auth(page, 'Session cookie');
			await expect(check).toContainText('The session cookie cannot travel to');
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth
			);
			expect(overflow).toBeLessThanOrEqual(0);
		});
	});
}

// What the failure is told as does not depend on the screen size.
test.describe('wide (1280×800)', () => {
	test.use({ viewport: SIZES[0].viewport });
	test('Live: a server that is not there is told as a network failure', async ({ page }) => {
		await goLive(page, 'http://127.0.0.1:9');
		await request(page, 'GET', '/projects');
		await expect(page.getByRole('region', { name: 'Browser check' })).toContainText(
			'Why it failed: Network: no answer came at all.'
		);
	});
});
