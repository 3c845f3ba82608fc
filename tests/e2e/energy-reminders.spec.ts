import { expect, nav, test } from './fixtures';

/** "Remind me before the energy is reclaimed" belongs to the energy area, not to one visit of its page. */

test('reminders chosen on the energy page stay set after visiting another page', async ({
	page
}) => {
	await page.goto('/energy');
	const expiring = page.getByRole('region', { name: 'Expiring soon' });
	const remind = expiring.getByRole('checkbox', {
		name: 'Remind me before the energy is reclaimed'
	});
	const minutes = expiring.getByRole('textbox', { name: 'Minutes before' });
	await expect(remind).not.toBeChecked();
	await remind.check();
	await minutes.fill('25');

	await nav(page, 'Bible');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await nav(page, 'Energy');

	await expect(remind).toBeChecked();
	await expect(minutes).toHaveValue('25');
});
