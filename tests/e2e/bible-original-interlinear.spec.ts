/**
 * The interlinear of the KJV (Demo mode): under each verse the Greek words in order with their
 * glosses; a tap or Enter on an English word or on its Greek word lights both, through the KJV's
 * Strong's numbers; in "Compare with" too. On a laptop and on a 412 px phone, by keyboard.
 */
import { openReadingOptions } from './bible-helpers';
import { expect, expectNoSideScroll, test } from './fixtures';

// John 3 with its interlinear is about 1,500 buttons: slow to check on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const SIZES = [
	{ name: 'laptop', viewport: { width: 1280, height: 800 } },
	{ name: 'phone', viewport: { width: 412, height: 915 } }
] as const;

for (const size of SIZES) {
	test.describe(size.name, () => {
		test.use({ viewport: size.viewport });

		test('John 3 (KJV) with Interlinear on: the Greek of verse 16 with glosses; "loved" and ἠγάπησεν light each other', async ({
			page,
			axe
		}) => {
			await page.goto('/bible/KJV/John/3');
			const text = page.getByRole('article', { name: 'John 3 text' });
			// The demo Bible loads first (seconds on a loaded machine).
			await expect(text).toContainText('For God so loved the world', { timeout: 30_000 });
			await openReadingOptions(page);
			const toggle = page.getByRole('checkbox', { name: 'Interlinear' });
			await toggle.focus();
			await page.keyboard.press('Space');
			await expect(toggle).toBeChecked();

			const verse = text.locator('#v16');
			const greek = verse.getByRole('button', { name: 'ἠγάπησεν I love', exact: true });
			await expect(greek).toBeVisible();
			await expect(greek.locator('[lang="en"]')).toHaveText('I love');
			// The Greek words in the text's order.
			const under = verse.locator('[lang="grc"]');
			await expect(under.getByRole('button').nth(0)).toHaveText(/^Οὕτως/);
			await expect(under.getByRole('button').nth(2)).toHaveText(/^ἠγάπησεν/);
			const loved = verse.getByRole('button', { name: 'loved', exact: true });
			// The English still reads as the KJV prints it.
			await expect(verse).toContainText(
				'For God so loved the world, that he gave his only begotten Son'
			);

			// A tap on the English word lights it and its Greek word.
			await loved.click();
			await expect(loved).toHaveAttribute('aria-pressed', 'true');
			await expect(greek).toHaveAttribute('aria-pressed', 'true');
			const god = verse.getByRole('button', { name: 'God', exact: true });
			await expect(god).toHaveAttribute('aria-pressed', 'false');

			// Enter on a focused Greek word: θεὸς lights "God"; "loved" goes out; focus stays.
			const theos = verse.getByRole('button', { name: /^θεὸς / });
			await theos.focus();
			await page.keyboard.press('Enter');
			await expect(theos).toBeFocused();
			await expect(theos).toHaveAttribute('aria-pressed', 'true');
			await expect(god).toHaveAttribute('aria-pressed', 'true');
			await expect(loved).toHaveAttribute('aria-pressed', 'false');
			await expect(greek).toHaveAttribute('aria-pressed', 'false');
			// Enter again: nothing is lit.
			await page.keyboard.press('Enter');
			await expect(god).toHaveAttribute('aria-pressed', 'false');
			// No verse actions opened for a word.
			await expect(page.getByRole('dialog')).toHaveCount(0);

			// axe on the verse (the whole chapter's 1,500 buttons take it minutes), lit and not.
			await loved.click();
			expect((await axe().include('#v16').analyze()).violations.map((v) => v.id)).toEqual([]);
			await page.setViewportSize({ width: 360, height: 740 });
			await expectNoSideScroll(page);
		});

		test('in Compare with, the KJV keeps its interlinear beside the other translation', async ({
			page
		}) => {
			await page.goto('/bible/KJV/John/3');
			await openReadingOptions(page);
			await page.getByRole('checkbox', { name: 'Interlinear' }).check();
			await page
				.getByRole('combobox', { name: 'Compare with' })
				.selectOption({ label: 'World English Bible (WEB)' });
			const table = page.getByRole('table', {
				name: 'King James Version (KJV) and World English Bible (WEB), verse by verse'
			});
			const v16 = table.locator('#v16').getByRole('cell');
			await expect(v16.nth(1)).toContainText('that whoever believes in him');
			const greek = v16.nth(0).getByRole('button', { name: 'ἠγάπησεν I love', exact: true });
			await greek.click();
			await expect(v16.nth(0).getByRole('button', { name: 'loved', exact: true })).toHaveAttribute(
				'aria-pressed',
				'true'
			);
			await page.setViewportSize({ width: 360, height: 740 });
			await expectNoSideScroll(page);
		});
	});
}

test('Genesis 1 (KJV) with Interlinear on: the Hebrew of verse 1 right to left, "beginning" lit with בְּרֵאשִׁית', async ({
	page
}) => {
	await page.goto('/bible/KJV/Gen/1');
	await page.getByRole('checkbox', { name: 'Interlinear' }).check();
	const verse = page.getByRole('article', { name: 'Genesis 1 text' }).locator('#v1');
	const under = verse.locator('[lang="he"]');
	await expect(under).toHaveAttribute('dir', 'rtl');
	const [first, second] = [under.getByRole('button').nth(0), under.getByRole('button').nth(1)];
	await expect(first).toContainText('beginning');
	expect((await first.boundingBox())!.x).toBeGreaterThan((await second.boundingBox())!.x);
	await verse.getByRole('button', { name: 'beginning', exact: true }).click();
	await expect(first).toHaveAttribute('aria-pressed', 'true');
	await expect(second).toHaveAttribute('aria-pressed', 'false');
});

for (const size of SIZES) {
	test.describe(`${size.name}: Search the originals`, () => {
		test.use({ viewport: size.viewport });

		test('by a Strong’s number and by a parsing, per book; a result opens its verse', async ({
			page,
			axe
		}) => {
			await page.goto('/bible');
			const region = page.getByRole('region', { name: 'Search the originals' });
			const box = region.getByRole('searchbox', { name: 'Original words' });
			await box.fill('G25');
			await box.press('Enter');
			const status = region.getByRole('status');
			await expect(status).toContainText('ἀγαπάω');
			await expect(status).toContainText('stands 143 times');
			const books = region.getByRole('list', { name: 'Places per book' });
			await expect(books.getByRole('button', { name: 'John (37)' })).toBeVisible();
			const places = region.getByRole('list', { name: 'Places', exact: true });
			await books.getByRole('button', { name: 'John (37)' }).click();
			await expect(books.getByRole('button', { name: 'John (37)' })).toHaveAttribute(
				'aria-pressed',
				'true'
			);
			await expect(places.getByRole('listitem').first()).toContainText('John 3:16');
			await expect(places.getByRole('listitem').first()).toContainText('ἠγάπησεν');
			expect(
				(await axe().include('.original-search').analyze()).violations.map((v) => v.id)
			).toEqual([]);
			await page.setViewportSize({ width: 360, height: 740 });
			await expectNoSideScroll(page);
			await page.setViewportSize(size.viewport);

			// By parsing, in plain words; keyboard only.
			await box.fill('aorist passive imperative');
			await box.press('Enter');
			await expect(status).toContainText('The parsing “aorist passive imperative” stands');
			const first = places.getByRole('link').first();
			await expect(first).toHaveAttribute('href', /\/bible\/SBLGNT\/Matt\/\d+#v\d+$/);
			const name = (await first.textContent())!;
			await first.focus();
			await page.keyboard.press('Enter');
			await expect(page).toHaveURL(/\/bible\/SBLGNT\/Matt\/\d+#v\d+$/);
			const verse = name.split(':')[1]!;
			await expect(page.locator(`#v${verse}`)).toBeFocused();
		});
	});
}
