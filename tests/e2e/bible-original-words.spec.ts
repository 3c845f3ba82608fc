/**
 * The Greek New Testament and the Hebrew Bible in Demo mode: listed with the translations, read
 * (Hebrew right to left), each word opening its lemma, Strong's number and parsing in plain words,
 * "Find every form" listing every place of its lemma; all of it offline after "Download for
 * offline".
 */
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

test('John 3:16 in Greek: ἠγάπησεν is ἀγαπάω, G25, an aorist; Find every form lists its places per book', async ({
	page,
	axe
}) => {
	await page.goto('/bible');
	const list = page.getByRole('list').filter({ hasText: 'King James Version (KJV)' }).first();
	await expect(list.getByRole('link', { name: 'Westminster Leningrad Codex' })).toBeVisible();
	await list.getByRole('link', { name: 'SBL Greek New Testament' }).click();
	await expect(page).toHaveURL(/\/bible\/SBLGNT$/);
	await expect(page.getByRole('link', { name: 'Matthew', exact: true })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Genesis', exact: true })).toHaveCount(0);
	await page.goto('/bible/SBLGNT/John/3');
	const text = page.getByRole('article', { name: 'John 3 text' });
	await expect(text).toHaveAttribute('lang', 'grc');
	await text.getByRole('button', { name: 'ἠγάπησεν', exact: true }).click();
	const panel = page.getByRole('region', { name: 'Word' });
	await expect(panel.getByRole('heading', { name: /ἠγάπησεν/ })).toBeFocused();
	await expect(panel).toContainText('ἀγαπάω');
	await expect(panel).toContainText('agapaō');
	await expect(panel.getByRole('button', { name: 'G25' })).toBeVisible();
	await expect(panel).toContainText('verb, aorist active indicative, third person singular');
	await expect(panel).toContainText('I love');
	// The code only on asking.
	await expect(panel.getByText('V- 3AAI-S--')).toBeHidden();
	await panel.getByText('Show code').first().click();
	await expect(panel.getByText('V- 3AAI-S--')).toBeVisible();
	await expect(panel).toContainText('CC BY-SA 3.0');
	await expect(panel).toContainText('CC BY 4.0');
	// The Strong's entry, as the KJV's Strong's numbers show it.
	await panel.getByRole('button', { name: 'G25' }).click();
	await expect(panel.getByRole('region', { name: "Strong's" })).toContainText("ag-ap-ah'-o");
	expect((await axe().include('.word-panel').analyze()).violations.map((v) => v.id)).toEqual([]);

	await panel.getByRole('button', { name: 'Find every form' }).click();
	const every = panel.getByRole('region', { name: 'Every form of ἀγαπάω' });
	await expect(every).toBeFocused();
	await expect(every.getByRole('status')).toContainText('stands 143 times');
	await expect(every.getByRole('list', { name: 'Places per book' })).toContainText('John');
	const place = every.getByRole('listitem').filter({ hasText: 'John 3:16' });
	await expect(place).toContainText('ἠγάπησεν');
	await expect(place.getByRole('link', { name: 'John 3:16' })).toHaveAttribute(
		'href',
		/\/bible\/SBLGNT\/John\/3#v16$/
	);
	await page.keyboard.press('Escape');
	await expect(panel).toBeHidden();
});

test('Genesis 1:1 in Hebrew reads right to left; its first word is H7225 with the preposition בְּ; accents can be hidden', async ({
	page,
	axe
}) => {
	await page.goto('/bible/WLC/Gen/1');
	const text = page.getByRole('article', { name: 'Genesis 1 text' });
	await expect(text).toHaveAttribute('dir', 'rtl');
	await expect(text).toHaveAttribute('lang', 'he');
	const verse = text.locator('#v1');
	const first = verse.getByRole('button').nth(1); // after the verse number: the first word
	// בְּרֵאשִׁ֖ית: bet, dagesh, sheva, resh… as the source writes it.
	await expect(first).toHaveText(/^\u05D1\u05BC\u05B0\u05E8/u);
	// Right to left: the first word stands to the right of the second.
	const second = verse.getByRole('button').nth(2);
	expect((await first.boundingBox())!.x).toBeGreaterThan((await second.boundingBox())!.x);
	await first.click();
	const panel = page.getByRole('region', { name: 'Word' });
	await expect(panel.getByRole('button', { name: 'H7225' })).toBeVisible();
	await expect(panel).toContainText('noun, feminine singular absolute, with the preposition');
	await expect(panel).toContainText('beginning');
	await expect(panel).toContainText('Open Scriptures Hebrew Bible');
	expect((await axe().include('.word-panel').analyze()).violations.map((v) => v.id)).toEqual([]);
	await panel.getByRole('button', { name: 'Close' }).click();
	await expect(first).toBeFocused();

	// The accents (U+0591–U+05AF) go, the vowels stay.
	await page.getByRole('checkbox', { name: 'Hide accents (keep the vowels)' }).check();
	const words = await verse.locator('.words').innerText();
	expect(words).not.toMatch(/[\u0591-\u05AF]/);
	expect(words).toMatch(/[\u05B0-\u05BC]/);
});

test('offline after "Download for offline": the Greek words, their panel and every form; the Hebrew first word', async ({
	page,
	context
}) => {
	// Two books' chapters and words, the Hebrew lexicon and places, and Strong's dictionary: a while.
	test.setTimeout(240_000);
	await page.goto('/bible/SBLGNT/John');
	await page.getByRole('button', { name: 'Download John for offline' }).click();
	await expect(
		page.getByText(/John is downloaded: 21 chapters, checked.*words.*kept too/)
	).toBeVisible({
		timeout: 30_000
	});
	await page.goto('/bible/WLC/Gen');
	await page.getByRole('button', { name: 'Download Genesis for offline' }).click();
	await expect(page.getByText(/Genesis is downloaded: 50 chapters, checked.*kept too/)).toBeVisible(
		{
			timeout: 60_000
		}
	);
	await page.goto('/bible');
	const study = page.getByRole('region', { name: 'Study data' });
	await expect(
		study.getByRole('listitem').filter({ hasText: 'Greek New Testament words' })
	).toContainText(/Partly downloaded · \d/);

	// The reader's code is on the page (John 2, online), then in-app moves offline, as a reader
	// who downloaded a book and goes on reading does: the words come from this device.
	await page.goto('/bible/SBLGNT/John/2');
	await expect(
		page.getByRole('button', { name: 'ἀρχιτρίκλινος', exact: true }).first()
	).toBeVisible();
	await context.setOffline(true);
	await page.getByRole('button', { name: 'Next chapter' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();
	const text = page.getByRole('article', { name: 'John 3 text' });
	await text.getByRole('button', { name: 'ἠγάπησεν', exact: true }).click();
	const panel = page.getByRole('region', { name: 'Word' });
	await expect(panel).toContainText('ἀγαπάω');
	await expect(panel.getByRole('button', { name: 'G25' })).toBeVisible();
	await expect(panel).toContainText('verb, aorist active indicative, third person singular');
	await panel.getByRole('button', { name: 'G25' }).click();
	await expect(panel.getByRole('region', { name: "Strong's" })).toContainText("ag-ap-ah'-o");
	await panel.getByRole('button', { name: 'Find every form' }).click();
	await expect(panel.getByRole('region', { name: 'Every form of ἀγαπάω' })).toContainText(
		'stands 143 times'
	);

	// The Hebrew likewise: Genesis 2 online, then Genesis 1 offline.
	await context.setOffline(false);
	await page.goto('/bible/WLC/Gen/2');
	await expect(page.getByRole('heading', { level: 1, name: 'Genesis 2' })).toBeVisible();
	await context.setOffline(true);
	await page.getByRole('button', { name: 'Previous chapter' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Genesis 1' })).toBeVisible();
	const hebrew = page.getByRole('article', { name: 'Genesis 1 text' });
	await expect(hebrew).toHaveAttribute('dir', 'rtl');
	await hebrew.locator('#v1').getByRole('button').nth(1).click();
	const word = page.getByRole('region', { name: 'Word' });
	await expect(word.getByRole('button', { name: 'H7225' })).toBeVisible();
	await expect(word).toContainText('with the preposition');
	await context.setOffline(false);
});

test('offline, from a book page: a chapter never opened online still has its words to tap', async ({
	page,
	context
}) => {
	test.setTimeout(120_000);
	await page.goto('/bible/SBLGNT/2John');
	await page.getByRole('button', { name: 'Download 2 John for offline' }).click();
	await expect(page.getByText(/2 John is downloaded: 1 chapters?, checked.*kept too/)).toBeVisible({
		timeout: 30_000
	});
	// The tools' code comes once the page is idle (as it would while the reader looks at the page).
	await expect
		.poll(() =>
			page.evaluate(() =>
				performance.getEntriesByType('resource').some((e) => e.name.includes('study-parts'))
			)
		)
		.toBe(true);
	await page.waitForLoadState('networkidle');
	await context.setOffline(true);
	await page
		.getByRole('region', { name: '2 John' })
		.getByRole('link', { name: '1', exact: true })
		.click();
	await expect(page.getByRole('heading', { level: 1, name: '2 John 1' })).toBeVisible();
	const text = page.getByRole('article', { name: '2 John 1 text' });
	await text.getByRole('button', { name: 'ἀγαπῶ', exact: true }).first().click();
	const panel = page.getByRole('region', { name: 'Word' });
	await expect(panel).toContainText('ἀγαπάω');
	await expect(panel.getByRole('button', { name: 'G25' })).toBeVisible();
	await context.setOffline(false);
});

test('offline after "Download for offline": the interlinear of John 3:16 lights "loved" with ἠγάπησεν; a search for the lemma ἀγαπάω finds John 3:16', async ({
	page,
	context
}) => {
	// The KJV's John, its Greek words, and the KJV's Strong's numbers (Storage): a while.
	test.setTimeout(300_000);
	await page.goto('/bible/KJV/John');
	await page.getByRole('button', { name: 'Download John for offline' }).click();
	await expect(page.getByText(/John is downloaded: 21 chapters, checked/)).toBeVisible({
		timeout: 60_000
	});
	await page.goto('/bible/SBLGNT/John');
	await page.getByRole('button', { name: 'Download John for offline' }).click();
	await expect(
		page.getByText(/John is downloaded: 21 chapters, checked.*words.*kept too/)
	).toBeVisible({ timeout: 60_000 });
	await page.goto('/bible');
	const study = page.getByRole('region', { name: 'Study data' });
	const strongs = "Strong's numbers (KJV and dictionaries)";
	await study.getByRole('button', { name: `Download ${strongs} for offline` }).click();
	await expect(study.getByRole('status')).toHaveText(`${strongs} is downloaded for offline use.`, {
		timeout: 180_000
	});

	// The reader's code is on the page (John 2, online; the tools' code was read on the Bible page),
	// then in-app moves offline: the interlinear is turned on with the network off.
	await page.goto('/bible/KJV/John/2');
	await expect(page.getByRole('heading', { level: 1, name: 'John 2' })).toBeVisible();
	await page.waitForLoadState('networkidle');
	await context.setOffline(true);
	await page.getByRole('button', { name: 'Next chapter' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();
	await page.getByRole('checkbox', { name: 'Interlinear' }).check();
	const verse = page.getByRole('article', { name: 'John 3 text' }).locator('#v16');
	const greek = verse.getByRole('button', { name: 'ἠγάπησεν I love', exact: true });
	const loved = verse.getByRole('button', { name: 'loved', exact: true });
	await loved.click();
	await expect(loved).toHaveAttribute('aria-pressed', 'true');
	await expect(greek).toHaveAttribute('aria-pressed', 'true');

	// Search the originals, on the Bible page reached in the app, still offline.
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bible' }).click();
	const region = page.getByRole('region', { name: 'Search the originals' });
	const box = region.getByRole('searchbox', { name: 'Original words' });
	await box.fill('ἀγαπάω');
	await box.press('Enter');
	await expect(region.getByRole('status')).toContainText('stands 143 times');
	const books = region.getByRole('list', { name: 'Places per book' });
	await books.getByRole('button', { name: 'John (37)' }).click();
	const first = region.getByRole('list', { name: 'Places', exact: true }).getByRole('listitem');
	await expect(first.first()).toContainText('John 3:16');
	await expect(first.first()).toContainText('ἠγάπησεν');
	await context.setOffline(false);
});
