/** What the energy dashboard's e2e specs share: a sandbox user, Live mode, and buying. */
import type { Locator, Page } from '@playwright/test';
import { expect, FAKE_URLS, nav } from './fixtures';

/** A valid TRON address the demo service has not seen (so it charges the activation fee). */
export const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * A sandbox user of the shared fake server, so tests running side by side, here and in other
 * specs, never see each other's orders or balances.
 */
export const sandboxToken = () => `demo-energy-token.${Math.random().toString(36).slice(2, 12)}`;

/** The demo service's clock: ms per status step (Demo default is a few seconds). */
export async function demoStep(page: Page, ms: number) {
	await page.addInitScript(
		(value) => localStorage.setItem('demo.energy.stepMs', value),
		String(ms)
	);
}

/**
 * Live mode against the loopback fake with `token` (kept per tab, as a user's would be); with
 * `connect: false` only the token is filled in (the base URL is already set). Returns the token.
 */
export async function goLiveEnergy(page: Page, token = sandboxToken(), { connect = true } = {}) {
	await page.goto('/settings');
	const group = page.getByRole('group', { name: 'Energy rental' });
	if (connect) {
		await group.getByRole('textbox', { name: 'Base URL' }).fill(FAKE_URLS.energy);
		await group.getByRole('radio', { name: 'Live' }).check();
		await expect(group.getByRole('status')).toHaveText('Saved.');
	}
	await group.getByLabel('API token').fill(token);
	await nav(page, 'Energy');
	await expect(page.getByLabel('Energy rental connection')).toContainText('Live');
	return token;
}

/** Fills the buy form for an exact amount and reviews it, up to the Confirm button. */
export async function fillExact(form: Locator, options: { period?: string; amount?: string } = {}) {
	await form.getByLabel('Recipient address', { exact: true }).fill(ADDRESS);
	await form.getByLabel('Period').selectOption({ label: options.period ?? '1 hour' });
	await form.getByLabel('Exact amount').check();
	await form.getByLabel('Energy amount').fill(options.amount ?? '65000');
	await form.getByRole('button', { name: 'Review order' }).click();
	await expect(form.getByRole('button', { name: 'Confirm purchase' })).toBeEnabled();
}

/**
 * The guid of the order just placed (or failed, or placed otherwise than confirmed), read from
 * the form's heading.
 */
export async function placedGuid(form: Locator): Promise<string> {
	const heading = form.getByRole('heading', {
		name: /^Order \d+ (placed|failed|placed, not as you confirmed)$/
	});
	await expect(heading).toBeVisible({ timeout: 15_000 });
	return /\d+/.exec((await heading.textContent()) ?? '')![0];
}

export const orderRow = (page: Page, guid: string) =>
	page.getByRole('region', { name: 'Orders' }).getByRole('row', { name: new RegExp(guid) });
