/**
 * Nave's Topical Bible at /bible/topics: search a topic, open it, read a reference's verses in
 * place and follow it to the reader; with the keyboard alone, at both sizes, and again offline
 * once the topic was read.
 */
import { expect, expectNoSideScroll, SIZES, test } from './fixtures';

// These journeys open topics offline after a reload, which the service worker makes possible.
test.use({ serviceWorkers: 'allow' });

for (const size of SIZES) {
	test.describe(size.name, () => {
		test.use({ viewport: size.viewport });

		test('search "faith", open FAITH, show Ephesians 2:8 and open it in the reader; the same offline after a reload', async ({
			page,
			context,
			axe
		}) => {
			test.setTimeout(90_000);
			await page.goto('/bible/topics');
			await page.evaluate(async () => {
				await navigator.serviceWorker.ready;
			});

			const search = page.getByRole('searchbox', { name: 'Search topics' });
			await search.focus();
			await page.keyboard.type('faith');
			const topics = page.getByRole('list', { name: 'Topics found' });
			const faith = topics.getByRole('button', { name: 'FAITH', exact: true });
			await expect(faith).toBeVisible();
			await expect(page.getByText(/topics? match/)).toBeVisible();

			await faith.focus();
			await page.keyboard.press('Enter');
			const heading = page.getByRole('heading', { name: 'FAITH', exact: true });
			await expect(heading).toBeFocused();
			const topic = page.getByRole('region', { name: 'FAITH', exact: true });
			await expect(topic.getByText('General scriptures concerning')).toBeVisible();

			const eph = topic.getByRole('button', { name: 'Ephesians 2:8', exact: true }).first();
			await eph.focus();
			await page.keyboard.press('Enter');
			await expect(eph).toHaveAttribute('aria-expanded', 'true');
			await expect(
				topic.getByText('For by grace are ye saved through faith; and that not of yourselves')
			).toBeVisible();
			const open = topic.getByRole('link', { name: 'Open Ephesians 2:8 in the reader' });
			await expect(open).toHaveAttribute('href', /\/bible\/KJV\/Eph\/2#v8$/);
			// The translators' supplied words in italics, as the reader shows them, not in brackets.
			const verse = topic.getByText('For by grace are ye saved through faith');
			await expect(verse.locator('i', { hasText: 'it is' })).toBeVisible();
			await expect(verse).not.toContainText('[');

			await expectNoSideScroll(page);
			expect((await axe().analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

			// What was read is kept by the service worker: the same journey works offline.
			await context.setOffline(true);
			await page.reload();
			await page.getByRole('searchbox', { name: 'Search topics' }).fill('faith');
			await page.getByRole('button', { name: 'FAITH', exact: true }).click();
			await page
				.getByRole('region', { name: 'FAITH', exact: true })
				.getByRole('button', { name: 'Ephesians 2:8', exact: true })
				.first()
				.click();
			await expect(page.getByText('For by grace are ye saved through faith')).toBeVisible();

			await open.click();
			await expect(page).toHaveURL(/\/bible\/KJV\/Eph\/2#v8$/);
		});
	});
}

test('a topic no name matches says so', async ({ page }) => {
	await page.goto('/bible/topics');
	await page.getByRole('searchbox', { name: 'Search topics' }).fill('qqzzx');
	await expect(
		page.getByRole('status').filter({ hasText: 'No topic matches “qqzzx”.' })
	).toBeVisible();
});
