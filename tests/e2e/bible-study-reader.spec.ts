/**
 * The study tools in the reader: "Strong's numbers" on the KJV turns words into their entries,
 * "Find every verse" finds the number offline, and the commentary shows the chapter by verse range.
 */
import { expect, test } from './fixtures';

test("Strong's numbers open a word's entry and every verse with it; the commentary shows the chapter's ranges", async ({
	page,
	axe
}) => {
	await page.goto('/bible/KJV/John/3');
	await page.getByRole('checkbox', { name: "Strong's numbers" }).check();
	await page.getByRole('button', { name: 'loved G25', exact: true }).first().click();
	const panel = page.getByRole('region', { name: "Strong's" });
	await expect(panel.getByRole('heading', { name: "Strong's G25" })).toBeFocused();
	await panel.getByRole('button', { name: 'Find every verse' }).click();
	await expect(
		panel
			.getByRole('region', { name: 'Every verse with G25' })
			.getByRole('link', { name: 'John 3:16' })
	).toHaveAttribute('href', /\/bible\/KJV\/John\/3#v16$/);
	await page.getByRole('checkbox', { name: 'Show commentary' }).check();
	await expect(
		page.getByRole('region', { name: 'Commentary' }).getByRole('heading', { name: 'Verses 1–21' })
	).toBeVisible();
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
});
