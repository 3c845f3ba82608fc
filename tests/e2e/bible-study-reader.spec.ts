/**
 * The study tools in the reader: "Strong's numbers" on the KJV turns words into their entries,
 * "Find every verse" finds the number offline, and the commentary shows the chapter by verse range.
 */
import { expect, expectNoSideScroll, test } from './fixtures';

// axe checks each of a chapter's Strong's words (a button each, about 900 in John 3): on the slower
// CI machine under load that alone took 15 s, and these tests ran past 30.
test.describe.configure({ timeout: 90_000 });

test("Strong's numbers open a word's entry and every verse with it; the commentary shows the chapter's ranges", async ({
	page,
	axe
}) => {
	await page.goto('/bible/KJV/John/3');
	await page.getByRole('checkbox', { name: "Strong's numbers" }).check();
	await page.getByRole('button', { name: 'loved G25', exact: true }).first().click();
	const panel = page.getByRole('region', { name: "Strong's" });
	await expect(panel.getByRole('heading', { name: "Strong's G25" })).toBeFocused();
	await panel.getByRole('button', { name: 'Find every verse' }).press('Enter');
	// The button goes once pressed: the focus goes to what it opened, not back to the page.
	const every = panel.getByRole('region', { name: 'Every verse with G25' });
	await expect(every).toBeFocused();
	await expect(every.getByRole('link', { name: 'John 3:16' })).toHaveAttribute(
		'href',
		/\/bible\/KJV\/John\/3#v16$/
	);
	await page.getByRole('checkbox', { name: 'Show commentary' }).check();
	const commentary = page.getByRole('region', { name: 'Commentary' });
	await expect(commentary.getByRole('heading', { name: 'Verses 1–21' })).toBeVisible();
	// Only the works that comment on John are offered: the Treasury of David is for the Psalms.
	const works = commentary.getByRole('combobox', { name: 'Work' });
	await expect(
		works.getByRole('option', { name: "Matthew Henry's Concise Commentary" })
	).toHaveCount(1);
	await expect(works.getByRole('option', { name: "Spurgeon's Treasury of David" })).toHaveCount(0);
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
});

test("Spurgeon's Treasury of David is offered for the Psalms and shows Psalm 23 whole; Storage has its line", async ({
	page,
	axe
}) => {
	await page.goto('/bible/KJV/Ps/23');
	await page.getByRole('checkbox', { name: 'Show commentary' }).check();
	const commentary = page.getByRole('region', { name: 'Commentary' });
	await commentary.getByRole('combobox', { name: 'Work' }).selectOption({
		label: "Spurgeon's Treasury of David"
	});
	const psalm = commentary.getByRole('article', { name: 'Verses 1–6 of Psalms 23' });
	await expect(psalm.getByText('Psalm 23 OVERVIEW', { exact: true })).toBeVisible();
	await expect(psalm).toContainText("It is David's Heavenly Pastoral");
	await expect(commentary).toContainText("Spurgeon's Treasury of David, public domain.");
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
	await page.goto('/bible');
	await expect(
		page
			.getByRole('region', { name: 'Study data' })
			.getByRole('button', { name: "Download Spurgeon's Treasury of David (Psalms) for offline" })
	).toBeVisible();
});

test('a study download by keyboard keeps the focus in its line: Download gives way to Stop, then Delete', async ({
	page
}) => {
	await page.goto('/bible');
	const line = page
		.getByRole('region', { name: 'Study data' })
		.getByRole('listitem')
		.filter({ hasText: 'Scofield Reference Notes' });
	await line.getByRole('button', { name: 'Download Scofield Reference Notes for offline' }).focus();
	await page.keyboard.press('Enter');
	await expect(line).toContainText('Downloaded for offline');
	await expect(line.getByRole('button', { name: 'Delete Scofield Reference Notes' })).toBeFocused();
	// A screen reader hears how it ended (the line's own words change silently).
	const study = page.getByRole('region', { name: 'Study data' });
	await expect(study.getByRole('status')).toHaveText(
		'Scofield Reference Notes is downloaded for offline use.'
	);
	await page.keyboard.press('Enter');
	await expect(study.getByRole('status')).toHaveText(
		'Scofield Reference Notes is deleted from this device.'
	);
	await expect(line).toContainText('Not downloaded');
	await expect(
		line.getByRole('button', { name: 'Download Scofield Reference Notes for offline' })
	).toBeFocused();
});

test("on a wide screen a word's Strong's entry opens next to the word; Escape puts the focus back on the word", async ({
	page,
	axe
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/bible/KJV/John/3');
	await page.getByRole('checkbox', { name: "Strong's numbers" }).check();
	const word = page.getByRole('button', { name: 'loved G25', exact: true }).first();
	await word.click();
	const panel = page.getByRole('region', { name: "Strong's" });
	await expect(panel.getByRole('heading', { name: "Strong's G25" })).toBeFocused();
	const w = (await word.boundingBox())!;
	const p = (await panel.boundingBox())!;
	const text = (await page.getByRole('article').boundingBox())!;
	// Just below the word (never over it), and within the chapter, not after its end.
	expect(p.y).toBeGreaterThanOrEqual(w.y + w.height);
	expect(p.y - (w.y + w.height)).toBeLessThan(24);
	expect(p.y).toBeLessThan(text.y + text.height);
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
	// In the Tab order the entry comes right after its word, though it is drawn at the page's end.
	await page.keyboard.press('Shift+Tab');
	await expect(word).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(panel).toBeHidden();
	await expect(word).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(panel.getByRole('heading', { name: "Strong's G25" })).toBeFocused();
});

test.describe('on a 412×823 phone', () => {
	test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });

	test("a word's Strong's entry opens as a sheet that does not cover the word", async ({
		page,
		axe
	}) => {
		await page.goto('/bible/KJV/John/3');
		await page.getByRole('button', { name: 'Reading options' }).tap();
		await page.getByRole('checkbox', { name: "Strong's numbers" }).check();
		const word = page.getByRole('button', { name: 'loved G25', exact: true }).first();
		await word.tap();
		const panel = page.getByRole('region', { name: "Strong's" });
		await expect(panel.getByRole('heading', { name: "Strong's G25" })).toBeFocused();
		const sheet = (await panel.boundingBox())!;
		const w = (await word.boundingBox())!;
		expect(sheet.y + sheet.height).toBeGreaterThan(823 - 2);
		expect(w.y).toBeGreaterThanOrEqual(0);
		expect(w.y + w.height).toBeLessThanOrEqual(sheet.y);
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
		await panel.getByRole('button', { name: 'Close' }).tap();
		await expect(word).toBeFocused();
	});
});

test("a verse found by Find every verse opens in its chapter with the word's entry closed, not over it", async ({
	page
}) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto('/bible/KJV/John/3');
	await page.getByRole('button', { name: 'Reading options' }).click();
	await page.getByRole('checkbox', { name: "Strong's numbers" }).check();
	await page.getByRole('button', { name: 'loved G25', exact: true }).first().click();
	const panel = page.getByRole('region', { name: "Strong's" });
	await panel.getByRole('button', { name: 'Find every verse' }).click();
	await panel
		.getByRole('region', { name: 'Every verse with G25' })
		.getByRole('link', { name: 'Matthew 5:44' })
		.click();
	await expect(page).toHaveURL(/\/bible\/KJV\/Matt\/5#v44$/);
	await expect(page.locator('#v44')).toBeFocused();
	await expect(page.getByRole('region', { name: "Strong's" })).toHaveCount(0);
});

test("at 360 px the commentary's choice of work fits the screen: the page does not scroll sideways", async ({
	page
}) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await page.goto('/bible/KJV/Ps/23');
	await page.getByRole('button', { name: 'Reading options' }).click();
	await page.getByRole('checkbox', { name: 'Show commentary' }).check();
	const works = page.getByRole('region', { name: 'Commentary' }).getByRole('combobox', {
		name: 'Work'
	});
	await works.selectOption({ label: "Spurgeon's Treasury of David" });
	await expectNoSideScroll(page);
});

test.describe('phone (412×823, touch)', () => {
	test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });

	test('the commentary on a verse opens in its actions, by the verse, which is marked behind the sheet; closing goes back to the verse', async ({
		page,
		axe
	}) => {
		await page.goto('/bible/KJV/John/3');
		await page.getByRole('button', { name: 'Reading options' }).click();
		await page.getByRole('checkbox', { name: 'Show commentary' }).check();
		// Ticked on a phone, it says where the comments are: the chapter's is far below.
		await expect(page.getByText('Choose a verse number for the comment on it')).toBeVisible();
		await page.keyboard.press('Escape');
		const opener = page.getByRole('button', { name: 'Verse actions, John 3:16' });
		await opener.tap();
		const sheet = page.getByRole('dialog', { name: 'John 3:16' });
		await expect(sheet).toBeVisible();
		const background = (ref: string) =>
			page.locator(`[data-verse="${ref}"]`).evaluate((el) => getComputedStyle(el).backgroundColor);
		// The verse the sheet is about is marked; its neighbours are not.
		expect(await background('16')).not.toBe(await background('15'));

		const button = sheet.getByRole('button', { name: 'Commentary' });
		await expect(button).toHaveAttribute('aria-expanded', 'false');
		await button.tap();
		await expect(button).toHaveAttribute('aria-expanded', 'true');
		// Only the comment on the range that holds verse 16, with headings under the sheet's.
		await expect(sheet.getByRole('heading', { level: 3, name: 'Commentary' })).toBeVisible();
		const comment = sheet.getByRole('article');
		await expect(comment).toHaveCount(1);
		const range = comment.getByRole('heading', { level: 4 });
		await expect(range).toHaveText(/^Verses? \d+(–\d+)?$/);
		const [from, to] = ((await range.textContent()) ?? '').match(/\d+/g)!.map(Number);
		expect(from).toBeLessThanOrEqual(16);
		expect(to ?? from).toBeGreaterThanOrEqual(16);
		await expect(sheet).toContainText('public domain');
		// Opened where the person is: in the sheet on screen, not 3,000 px down the page.
		await comment.scrollIntoViewIfNeeded();
		const box = (await comment.boundingBox())!;
		expect(box.y).toBeGreaterThanOrEqual(0);
		expect(box.y).toBeLessThan(823);
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

		await sheet.getByRole('button', { name: 'Close' }).tap();
		await expect(sheet).toBeHidden();
		await expect(opener).toBeFocused();
		expect(await background('16')).toBe(await background('15'));
	});
});
