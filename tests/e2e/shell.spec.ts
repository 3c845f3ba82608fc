import { expect, FAKE_URLS, test } from './fixtures';
import { goLive, request } from './explorer-helpers';

test('the app opens in Demo mode and each area shows its demo data', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1, name: 'API Workbench' })).toBeVisible();
	const nav = page.getByRole('navigation', { name: 'Main' });

	await nav.getByRole('link', { name: 'Explorer' }).click();
	await expect(page).toHaveURL(/\/explorer$/);
	await expect(page.getByLabel('Code host connection')).toContainText('Demo');
	await page.getByRole('button', { name: 'Send' }).click();
	const response = page.getByRole('region', { name: 'Response', exact: true });
	await expect(response.getByRole('heading', { level: 2 })).toContainText('200');
	await response.getByRole('tab', { name: 'Pagination', exact: true }).click();
	await expect(page.getByRole('region', { name: 'Pagination' })).toContainText('x-total');

	await nav.getByRole('link', { name: 'Energy' }).click();
	await expect(page.getByLabel('Energy rental connection')).toContainText('Demo');
	await expect(page.getByText('Buyer balance')).toContainText('250.00 TRX');

	await nav.getByRole('link', { name: 'Bible' }).click();
	await expect(page.getByLabel('Bible connection')).toContainText('Demo');
	await expect(page.getByRole('heading', { name: 'King James Version (KJV)' })).toBeVisible();

	await nav.getByRole('link', { name: 'Settings' }).click();
	for (const group of ['Code host', 'Energy rental', 'Bible']) {
		await expect(
			page.getByRole('group', { name: group }).getByRole('radio', { name: 'Demo' })
		).toBeChecked();
	}
});

test('a deep link is answered by the SPA fallback', async ({ page }) => {
	const response = await page.goto('/bible/KJV/John/3');
	expect(response?.status()).toBe(200);
	await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the shell is usable at 360 px wide', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	for (const path of ['/', '/explorer', '/energy', '/bible', '/settings']) {
		await page.goto(path);
		await expect(
			page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })
		).toBeVisible();
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - window.innerWidth
		);
		expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
	}
});

test('the offline indicator shows when the network goes away', async ({ page, context }) => {
	await page.goto('/');
	await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
	await context.setOffline(true);
	await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
	await context.setOffline(false);
	await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
});

test('demo failure switches make a demo backend fail, and the area explains it', async ({
	page
}) => {
	await page.goto('/settings');
	const faults = page.getByRole('group', { name: 'Demo failures' });
	await faults.getByLabel('Service').selectOption({ label: 'Energy rental' });
	await faults.getByLabel('Failure').selectOption({ label: 'Malformed JSON' });
	await faults.getByRole('button', { name: 'Apply' }).click();
	await expect(faults.getByRole('status')).toContainText('for the next 1 request(s)');
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Energy' })
		.click();
	const alert = page.getByRole('alert');
	await expect(alert).toContainText('Unreadable answer');
	await expect(alert).toContainText('{"data": [{"broken": tru');
	// The switch was for one request: trying again works.
	await alert.getByRole('button', { name: 'Try again' }).click();
	await expect(page.getByText('Buyer balance')).toContainText('250.00 TRX');
});

test("the home page shows each area's mode (Live with its host) and what was last done there", async ({
	page
}) => {
	await page.goto('/');
	const card = (name: string) =>
		page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
	const explorer = card('Code-host API explorer');
	await expect(explorer).toContainText('Demo');
	await expect(explorer).toContainText('Nothing done here yet');
	await expect(card('Offline Bible reader')).toContainText('Demo');

	await goLive(page, FAKE_URLS.codehost);
	await request(page, 'GET', '/projects', 'per_page=2&private_token=never-shown');
	await expect(page.getByRole('region', { name: 'Response', exact: true })).toBeVisible();
	await page.getByRole('link', { name: 'API Workbench' }).click();
	const host = new URL(FAKE_URLS.codehost).host;
	await expect(explorer).toContainText(`Live · ${host}`);
	await expect(explorer).toContainText('Last: GET /api/v4/projects, just now');
	await expect(explorer).not.toContainText('never-shown');

	await page.goto('/bible/KJV/John/3');
	await expect(page.getByRole('heading', { level: 1, name: /John 3/ })).toBeVisible();
	await page.getByRole('link', { name: 'API Workbench' }).click();
	await expect(card('Offline Bible reader')).toContainText('Last: Read John 3 (KJV), just now');
});
