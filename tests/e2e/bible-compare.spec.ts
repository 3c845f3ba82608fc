/**
 * Parallel translations: "Compare with" shows a second translation's chapter beside the first,
 * aligned by verse number; side by side on a wide screen, verse by verse on a phone; both move
 * together and both are kept on the device like any chapter.
 */
import { expect, expectNoSideScroll, RUNS, SIZES, test } from './fixtures';
import { goLiveBible } from './bible-helpers';

// Compared chapters are read offline afterwards, as a user would, with the service worker.
test.use({ serviceWorkers: 'allow' });

for (const { mode, size } of RUNS) {
	test.describe(`${mode}, ${size.name}`, () => {
		test.use({ viewport: size.viewport });

		test('compare KJV and WEB at John 3, aligned by verse; Next chapter moves both; both read offline after', async ({
			page,
			context
		}) => {
			if (mode === 'Live') await goLiveBible(page);
			await page.goto('/bible/KJV/John/3');
			await expect(page.getByLabel('Bible connection')).toContainText(mode);
			await expect(page.getByText('For God so loved the world').first()).toBeVisible();
			const compare = page.getByRole('combobox', { name: 'Compare with' });
			await expect(compare.getByRole('option')).toHaveText([
				'No other translation',
				'World English Bible (WEB)',
				'Reina-Valera 1909 (RV1909)',
				'SBL Greek New Testament',
				'Westminster Leningrad Codex'
			]);
			await compare.selectOption({ label: 'World English Bible (WEB)' });

			const table = page.getByRole('table', {
				name: 'King James Version (KJV) and World English Bible (WEB), verse by verse'
			});
			const v16 = table.locator('#v16').getByRole('cell');
			await expect(v16.nth(0)).toContainText('whosoever believeth in him');
			await expect(v16.nth(1)).toContainText('that whoever believes in him');
			const [kjv, web] = [await v16.nth(0).boundingBox(), await v16.nth(1).boundingBox()];
			if (size.name === 'wide') {
				// Side by side: level, WEB to the right.
				expect(Math.abs(kjv!.y - web!.y)).toBeLessThan(2);
				expect(web!.x).toBeGreaterThan(kjv!.x + kjv!.width - 1);
			} else {
				// Interleaved: the WEB's verse 16 right under the KJV's.
				expect(web!.y).toBeGreaterThanOrEqual(kjv!.y + kjv!.height - 1);
				expect(Math.abs(web!.x - kjv!.x)).toBeLessThan(2);
				const overflow = await page.evaluate(
					() => document.documentElement.scrollWidth - document.documentElement.clientWidth
				);
				expect(overflow).toBeLessThanOrEqual(0);
			}
			// Verses stay level after the verse: row 17 holds both translations' verse 17.
			await expect(page.locator('#v17').getByRole('cell').nth(1)).toContainText(
				'For God didn’t send his Son into the world'
			);

			await page.getByRole('button', { name: 'Next chapter' }).click();
			await expect(page.getByRole('heading', { level: 1, name: 'John 4' })).toBeFocused();
			await expect(page.locator('#v1').getByRole('cell').nth(1)).toContainText(
				'Therefore when the Lord knew that the Pharisees had heard'
			);

			// Both sides were kept on the device like any chapter.
			await context.setOffline(true);
			await page.getByRole('button', { name: 'Previous chapter' }).click();
			await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();
			await expect(page.locator('#v16').getByRole('cell').nth(1)).toContainText(
				'that whoever believes in him'
			);
			await context.setOffline(false);
		});
	});
}

test.describe('on a phone', () => {
	test.use({ viewport: SIZES[1].viewport });

	test("in Compare, the reading translation's verse numbers open Verse actions; a bookmark made there shows in both views", async ({
		page
	}) => {
		await page.goto('/bible/KJV/John/3');
		await page
			.getByRole('combobox', { name: 'Compare with' })
			.selectOption({ label: 'World English Bible (WEB)' });
		const table = page.getByRole('table', {
			name: 'King James Version (KJV) and World English Bible (WEB), verse by verse'
		});
		const cells = table.locator('#v16').getByRole('cell');
		await expect(cells.nth(1)).toContainText('that whoever believes in him');
		// The KJV's verse has the actions; the WEB's (shown for comparison) does not.
		const v16 = cells.nth(0).getByRole('button', { name: 'Verse actions, John 3:16' });
		await expect(cells.nth(1).getByRole('button')).toHaveCount(0);
		await v16.focus();
		await page.keyboard.press('Enter');
		const dialog = page.getByRole('dialog', { name: 'John 3:16' });
		await expect(dialog.getByRole('button', { name: 'Bookmark' })).toBeFocused();
		await page.keyboard.press('Enter');
		await expect(dialog.getByRole('status')).toHaveText('John 3:16 bookmarked.');
		await expectNoSideScroll(page);
		await page.keyboard.press('Escape');
		await expect(v16).toBeFocused();
		await expect(v16).toHaveAccessibleName('Verse actions, John 3:16 (bookmarked)');
		// One anchor per verse: the row's, which links to the verse land on.
		await expect(page.locator('#v16')).toHaveCount(1);

		await page
			.getByRole('combobox', { name: 'Compare with' })
			.selectOption({ label: 'No other translation' });
		await expect(
			page.getByRole('button', { name: 'Verse actions, John 3:16 (bookmarked)' })
		).toBeVisible();
	});
});

test('a verse one translation does not have shows as missing, and the verses after it stay level', async ({
	page
}) => {
	await page.goto('/bible/KJV/Luke/17');
	await page
		.getByRole('combobox', { name: 'Compare with' })
		.selectOption({ label: 'World English Bible (WEB)' });
	const row = (n: number) => page.locator(`#v${n}`).getByRole('cell');
	await expect(row(36).nth(0)).toContainText('Two men shall be in the field');
	await expect(row(36).nth(1)).toHaveText(/Not in WEB/);
	await expect(row(37).nth(0)).toContainText('Where, Lord?');
	await expect(row(37).nth(1)).toContainText('Where, Lord?');
	// "No other translation" goes back to the one text.
	await page
		.getByRole('combobox', { name: 'Compare with' })
		.selectOption({ label: 'No other translation' });
	await expect(page.getByRole('table')).toHaveCount(0);
	await expect(page.locator('#v36')).toContainText('Two men shall be in the field');
});

test('axe finds no violation on a compared chapter with its marks shown as sent, and in the dark theme', async ({
	page,
	axe
}) => {
	// Two full analyses of a long page: more than the default 30 s on a busy machine.
	test.setTimeout(120_000);
	await page.goto('/bible/KJV/John/3');
	await page
		.getByRole('combobox', { name: 'Compare with' })
		.selectOption({ label: 'Reina-Valera 1909 (RV1909)' });
	await expect(page.locator('#v16').getByRole('cell').nth(1)).toContainText(
		'Porque de tal manera amó Dios al mundo'
	);
	// The Spanish side says it is Spanish.
	await expect(page.locator('#v16').getByRole('cell').nth(1)).toHaveAttribute('lang', 'es');
	expect((await axe().analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
	await page.getByRole('checkbox', { name: 'Show marks as sent' }).check();
	await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
	await expect(page.locator('#v16').getByRole('cell').nth(0)).toContainText('# For God so loved');
	expect((await axe().analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("Strong's numbers stay on the reading translation's words while comparing, and open their entry", async ({
	page
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/bible/KJV/John/3');
	await page.getByRole('checkbox', { name: "Strong's numbers" }).check();
	await expect(page.getByRole('button', { name: 'loved G25', exact: true }).first()).toBeVisible();
	await page
		.getByRole('combobox', { name: 'Compare with' })
		.selectOption({ label: 'World English Bible (WEB)' });
	const v16 = page.locator('#v16').getByRole('cell');
	await expect(v16.nth(1)).toContainText('that whoever believes in him');
	const word = v16.nth(0).getByRole('button', { name: 'loved G25', exact: true });
	await word.click();
	await expect(
		page.getByRole('region', { name: "Strong's" }).getByRole('heading', { name: "Strong's G25" })
	).toBeFocused();
});

test('on a 360 px phone the compare menus show the translations’ names whole', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto('/bible/KJV/John/3');
	const compare = page.getByRole('combobox', { name: 'Compare with' });
	await compare.selectOption({ label: 'World English Bible (WEB)' });
	await expect(page.locator('#v16').getByRole('cell').nth(1)).toContainText('whoever believes');
	// The closed menu shows the chosen name: as wide as the name, at the least.
	const fits = await compare.evaluate((select: HTMLSelectElement) => {
		const probe = document.createElement('span');
		probe.style.font = getComputedStyle(select).font;
		probe.textContent = 'World English Bible';
		document.body.append(probe);
		const need = probe.getBoundingClientRect().width;
		probe.remove();
		return select.clientWidth - need;
	});
	expect(fits).toBeGreaterThan(0);
	await expectNoSideScroll(page);
});
