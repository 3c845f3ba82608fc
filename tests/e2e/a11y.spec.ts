import { expect, test } from './fixtures';

for (const path of ['/', '/explorer', '/energy', '/bible', '/settings']) {
	test(`axe finds no serious or critical violation on ${path}`, async ({ page, axe }) => {
		await page.goto(path);
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
		if (path === '/explorer') {
			await page.getByRole('button', { name: 'Send' }).click();
			await expect(page.getByRole('region', { name: 'Response', exact: true })).toBeVisible();
		}
		await page.waitForLoadState('networkidle');
		const results = await axe().analyze();
		const serious = results.violations.filter(
			(v) => v.impact === 'serious' || v.impact === 'critical'
		);
		expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
	});
}

test('the main journeys start with the keyboard alone', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await page.keyboard.press('Tab');
	await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
	// Tab to the Explorer link and follow it.
	for (let i = 0; i < 10; i++) {
		await page.keyboard.press('Tab');
		const name = await page.evaluate(() => document.activeElement?.textContent?.trim());
		if (name === 'Explorer') break;
	}
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/explorer$/);
	await page.getByRole('combobox', { name: 'Path' }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('200');
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
	for (const path of ['/bible/KJV', '/bible/KJV/John']) {
		test(`every link and button on ${path} is a finger's size, with nothing lying over it`, async ({
			page,
			axe
		}) => {
			await page.goto(path);
			await expect(page.getByRole('link', { name: 'Revelation' })).toBeVisible();
			await expect(page.getByRole('heading', { name: 'Storage' })).toBeVisible();
			const results = await axe().withRules(['target-size']).analyze();
			const small = results.violations.flatMap((v) =>
				v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
			);
			expect(small).toEqual([]);
		});
	}
});
