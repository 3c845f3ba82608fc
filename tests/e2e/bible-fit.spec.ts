/**
 * Reading that fits (issue 27): on a 412×823 phone the chapter starts within the first screen,
 * the verse itself opens Verse actions as a sheet that never covers it, and the chapter ends with
 * Previous and Next chapter; a looked-up passage reads like the chapter, in its place.
 */
import { goLiveBible } from './bible-helpers';
import { expect, test } from './fixtures';

const PHONE = { width: 412, height: 823 };

test.describe('on a 412×823 phone', () => {
	test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

	test('the first verse is within the first screen; the reading options are one tap away', async ({
		page
	}) => {
		await page.goto('/bible/KJV/John/3');
		const v1 = page.locator('#v1');
		await expect(v1).toContainText('There was a man of the Pharisees');
		const box = (await v1.boundingBox())!;
		expect(box.y + 24).toBeLessThanOrEqual(PHONE.height);
		// Well within: the first lines of the chapter are on the first screen, not just its top.
		expect(box.y).toBeLessThan(PHONE.height / 2);
		expect(await page.evaluate(() => window.scrollY)).toBe(0);
		// The options are behind one button, and work from there.
		await expect(page.getByRole('combobox', { name: 'Theme' })).toBeHidden();
		await page.getByRole('button', { name: 'Reading options' }).tap();
		await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
		await expect(
			page.getByRole('checkbox', { name: 'Show marks as sent' })
		).toHaveAccessibleDescription(/exactly as the server sends it/);
	});

	test('tapping a verse opens Verse actions as a sheet that does not cover the verse', async ({
		page
	}) => {
		await page.goto('/bible/KJV/John/3');
		// A verse low on the screen, and the last verse (nothing below it to scroll into).
		for (const n of [16, 36]) {
			const verse = page.locator(`#v${n}`);
			await verse.scrollIntoViewIfNeeded();
			await verse.locator('.words').tap();
			const dialog = page.getByRole('dialog', { name: `John 3:${n}` });
			await expect(dialog).toBeVisible();
			await expect(dialog.getByRole('button', { name: 'Bookmark' })).toBeFocused();
			const sheet = (await dialog.boundingBox())!;
			const box = (await verse.boundingBox())!;
			// A sheet along the bottom, the verse whole above it and on the screen.
			expect(sheet.y + sheet.height).toBeGreaterThanOrEqual(PHONE.height - 1);
			expect(box.y).toBeGreaterThanOrEqual(0);
			expect(box.y + box.height).toBeLessThanOrEqual(sheet.y);
			await dialog.getByRole('button', { name: 'Close' }).tap();
			await expect(dialog).toBeHidden();
			await expect(verse).toBeFocused();
		}
	});

	test('Next chapter after the last verse opens the next chapter', async ({ page }) => {
		await page.goto('/bible/KJV/John/3');
		const end = page.getByRole('navigation', { name: 'Chapter end' });
		const next = end.getByRole('link', { name: 'Next chapter' });
		await expect(end.getByRole('link', { name: 'Previous chapter' })).toHaveAccessibleDescription(
			'John 2'
		);
		// After the last verse.
		const last = (await page.locator('#v36').boundingBox())!;
		expect((await next.boundingBox())!.y).toBeGreaterThan(last.y + last.height - 1);
		await next.tap();
		await expect(page.getByRole('heading', { level: 1, name: 'John 4' })).toBeVisible();
		await expect(page.locator('#v1')).toContainText('When therefore the Lord knew');
	});
});

test('Enter on a focused verse opens Verse actions; Escape gives the focus back to it', async ({
	page
}) => {
	await page.goto('/bible/KJV/John/3#v16');
	const verse = page.locator('#v16');
	await expect(verse).toBeFocused();
	await page.keyboard.press('Enter');
	const dialog = page.getByRole('dialog', { name: 'John 3:16' });
	await expect(dialog.getByRole('button', { name: 'Bookmark' })).toBeFocused();
	await expect(dialog.getByRole('button', { name: 'Share as image' })).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(verse).toBeFocused();
	// A click on the words opens it too; the verse-number button still does.
	await page.locator('#v17 .words').click();
	await expect(page.getByRole('dialog', { name: 'John 3:17' })).toBeVisible();
	await page.keyboard.press('Escape');
	await page.getByRole('button', { name: /^Verse actions, John 3:18\b/ }).click();
	await expect(page.getByRole('dialog', { name: 'John 3:18' })).toBeVisible();
});

test('a looked-up passage reads like the chapter (italics, no brackets) in place of it', async ({
	page
}) => {
	await page.goto('/bible/KJV/Gen/1');
	await page.getByRole('textbox', { name: 'Reference' }).fill('Genesis 1:2-3');
	await page.getByRole('button', { name: 'Go' }).click();
	const passage = page.getByRole('region', { name: 'Genesis 1:2–3' });
	await expect(passage).toContainText('and darkness was upon the face of the deep');
	await expect(passage).not.toContainText('[');
	await expect(passage.locator('i').first()).toHaveText('was');
	// In place of the chapter: verse 1 is not shown while the passage is, and the text is named
	// for what it shows (a screen reader's list of landmarks).
	await expect(page.getByText('In the beginning God created')).toHaveCount(0);
	await expect(page.getByRole('article', { name: 'Genesis 1:2–3 text' })).toBeVisible();
	await passage.getByRole('button', { name: 'Back to Genesis 1' }).press('Enter');
	await expect(page.getByText('In the beginning God created')).toBeVisible();
	// The button went with the passage: the focus is on the chapter's heading, not lost.
	await expect(page.getByRole('heading', { level: 1, name: 'Genesis 1' })).toBeFocused();
	await expect(page.getByRole('article', { name: 'Genesis 1 text' })).toBeVisible();
});

test('Compare uses the width: three translations in columns, level verse by verse', async ({
	page
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/bible/KJV/John/3');
	await page
		.getByRole('combobox', { name: 'Compare with' })
		.selectOption({ label: 'World English Bible (WEB)' });
	await page
		.getByRole('combobox', { name: 'Third translation' })
		.selectOption({ label: 'Reina-Valera 1909 (RV1909)' });
	const cells = page.locator('#v16').getByRole('cell');
	await expect(cells).toHaveCount(3);
	await expect(cells.nth(2)).toContainText('Porque de tal manera amó Dios al mundo');
	const boxes = await Promise.all([0, 1, 2].map(async (i) => (await cells.nth(i).boundingBox())!));
	for (const b of boxes.slice(1)) expect(Math.abs(b.y - boxes[0]!.y)).toBeLessThan(2);
	// The columns fill the page's width, not a reading column's 42 rem.
	expect(boxes[2]!.x + boxes[2]!.width - boxes[0]!.x).toBeGreaterThan(900);
});

test('Live: a server error reads in plain words, without the API address', async ({
	page,
	context
}) => {
	await goLiveBible(page);
	await context.route(/\/chapters\/3(\?|$)/, (route) =>
		route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
	);
	await page.goto('/bible/KJV/John/3');
	const problem = page.getByRole('alert', { name: 'Problem' });
	await expect(problem).toContainText('The Bible server had a problem');
	await expect(problem).toContainText('error 500');
	await expect(problem).not.toContainText(/https?:|\/api\//);
	await context.unrouteAll();
	await problem.getByRole('button', { name: 'Try again' }).click();
	await expect(page.getByText('There was a man of the Pharisees')).toBeVisible();
});
