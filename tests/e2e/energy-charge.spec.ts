import type { Locator } from '@playwright/test';
import { demoStep, fillExact, goLiveEnergy, placedGuid } from './energy-helpers';
import { expect, test } from './fixtures';

/** The price you see is the price you pay: the charge lies within the estimate shown. */

const SUN = (trx: string) => Math.round(Number(trx) * 1_000_000);

/** The range in "Estimated cost about A–B TRX" (or "about A TRX"), in sun. */
async function shownRange(form: Locator): Promise<[number, number]> {
	const cost = form.getByText('Estimated cost');
	await expect(cost).toContainText(/about \d/);
	const m = /about (\d+\.\d+)(?:–(\d+\.\d+))? TRX/.exec((await cost.textContent()) ?? '')!;
	return [SUN(m[1]!), SUN(m[2] ?? m[1]!)];
}

/** "Charged X TRX" in the Order placed panel, in sun. */
async function charged(form: Locator): Promise<number> {
	const line = form.getByText(/^Charged \d/);
	const m = /Charged (\d+\.\d+) TRX/.exec((await line.textContent()) ?? '')!;
	return SUN(m[1]!);
}

test('EN-ORD-1: Live: for a new and then a known recipient, the charge lies within the estimate shown, and the Order placed panel says both', async ({
	page
}) => {
	test.setTimeout(60_000);
	await goLiveEnergy(page);
	await expect(page.getByRole('region', { name: 'Orders' })).toContainText('of 3');
	const form = page.getByRole('form', { name: 'Buy energy' });

	// A recipient new to this account: the top of the range holds the activation fee.
	await fillExact(form);
	const [low, high] = await shownRange(form);
	expect(high).toBeGreaterThan(low);
	await form.getByRole('button', { name: 'Confirm purchase' }).click();
	await placedGuid(form);
	const first = await charged(form);
	expect(first).toBeGreaterThanOrEqual(low);
	expect(first).toBeLessThanOrEqual(high);
	await expect(form.getByText(/^Charged \d/)).toHaveText(
		/^Charged 5\.00 TRX \(estimate 3\.90–5\.00 TRX\)\.$/
	);

	// The same recipient again: it has received energy through this account, so no activation fee.
	await form.getByRole('button', { name: 'Buy more' }).click();
	await fillExact(form, { amount: '70000' });
	await expect(form.getByText('Estimated cost')).toContainText('about 4.20 TRX');
	await expect(form).toContainText('No fees on top');
	const [low2, high2] = await shownRange(form);
	await form.getByRole('button', { name: 'Confirm purchase' }).click();
	await placedGuid(form);
	const second = await charged(form);
	expect(second).toBeGreaterThanOrEqual(low2);
	expect(second).toBeLessThanOrEqual(high2);
});

test('EN-ST-2, EN-TX-1: Demo: the Order placed panel follows the order: steps with times, what the status means, the reclaim time and the Tronscan link', async ({
	page,
	axe
}) => {
	await demoStep(page, 700);
	await page.goto('/energy');
	const form = page.getByRole('form', { name: 'Buy energy' });
	await fillExact(form);
	await form.getByRole('button', { name: 'Confirm purchase' }).click();
	const guid = await placedGuid(form);
	const panel = form.getByRole('region', { name: `Order ${guid} placed` });
	await expect(panel.getByRole('heading', { name: `Order ${guid} placed` })).toBeFocused();
	await expect(panel).toContainText('Status: Delegated.', { timeout: 15_000 });
	await expect(panel).toContainText('The energy is at the address');
	const steps = panel.getByRole('listitem');
	await expect(steps).toHaveText([
		/^Pending\s*first seen/,
		/^Paid\s*(first seen|done)/,
		/^Delegation in progress\s*(first seen|done)/,
		/^Delegated\s*first seen/,
		/^Reclaimed\s*not yet/
	]);
	await expect(panel.getByRole('listitem').filter({ hasText: 'Delegated' })).toHaveAttribute(
		'aria-current',
		'step'
	);
	await expect(panel).toContainText('The energy is reclaimed at about');
	await expect(
		panel.getByRole('link', { name: 'The delegation transaction on Tronscan' })
	).toHaveAttribute('href', /^https:\/\/tronscan\.org\/#\/transaction\/[0-9a-f]{64}$/);
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

	// No internal ids on the account details.
	await page.getByRole('button', { name: 'Details of the buyer account' }).click();
	await expect(page.getByRole('definition').filter({ hasText: /^#1$/ })).toBeVisible();
	await expect(page.getByRole('region', { name: 'Balances' })).not.toContainText('guid');
	await expect(page.getByRole('region', { name: 'Balances' })).not.toContainText('user 7001');
});
