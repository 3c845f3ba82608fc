import type { Page } from '@playwright/test';
import { expect, FAKE_URLS } from './fixtures';

/** Switches the Bible area to Live, on the local fake server over loopback HTTP. */
export async function goLiveBible(page: Page) {
	await page.goto('/settings');
	const fieldset = page.getByRole('group', { name: 'Bible' });
	await fieldset.getByRole('textbox', { name: 'Base URL' }).fill(FAKE_URLS.bible);
	await fieldset.getByRole('radio', { name: 'Live' }).check();
	await expect(fieldset.getByRole('status')).toHaveText('Saved.');
}
