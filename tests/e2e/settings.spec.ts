import { expect, test } from './fixtures';

test('a base URL that is not an absolute http(s) URL is refused next to the field, and kept', async ({
	page
}) => {
	await page.goto('/settings');
	const group = page.getByRole('group', { name: 'Code host' });
	await group.getByRole('radio', { name: 'Live' }).check();
	const baseUrl = group.getByRole('textbox', { name: 'Base URL' });
	await baseUrl.fill('gitlab.example.com/api');
	await expect(group.getByText(/absolute URL starting with https:\/\//)).toBeVisible();
	await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
	await expect(baseUrl).toHaveValue('gitlab.example.com/api');

	// Not applied: the explorer still talks to the demo.
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Explorer' })
		.click();
	await expect(page.getByLabel('Code host connection')).toContainText('Demo');
});

test('the energy token stays in session storage unless "Remember on this device" is ticked', async ({
	page
}) => {
	await page.goto('/settings');
	const group = page.getByRole('group', { name: 'Energy rental' });
	await group.getByLabel('API token').fill('tok-123456');
	const stored = () =>
		page.evaluate(() => ({
			local: JSON.stringify(localStorage),
			session: JSON.stringify(sessionStorage)
		}));
	let s = await stored();
	expect(s.session).toContain('tok-123456');
	expect(s.local).not.toContain('tok-123456');

	await group.getByRole('checkbox', { name: 'Remember on this device' }).check();
	s = await stored();
	expect(s.local).toContain('tok-123456');
	expect(s.session).not.toContain('tok-123456');

	await group.getByRole('checkbox', { name: 'Remember on this device' }).uncheck();
	s = await stored();
	expect(s.local).not.toContain('tok-123456');
});

test('non-secret settings survive a reload (IndexedDB) and Demo is the default', async ({
	page
}) => {
	await page.goto('/settings');
	const group = page.getByRole('group', { name: 'Bible' });
	await expect(group.getByRole('radio', { name: 'Demo' })).toBeChecked();
	await group.getByRole('textbox', { name: 'Base URL' }).fill('https://bible.example.org');
	await group.getByRole('radio', { name: 'Live' }).check();
	await expect(group.getByRole('status')).toHaveText('Saved.');
	await page.reload();
	const again = page.getByRole('group', { name: 'Bible' });
	await expect(again.getByRole('radio', { name: 'Live' })).toBeChecked();
	await expect(again.getByRole('textbox', { name: 'Base URL' })).toHaveValue(
		'https://bible.example.org'
	);
});
