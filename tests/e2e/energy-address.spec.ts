import { ADDRESS } from './energy-helpers';
import { expect, test } from './fixtures';

test('Demo: a recipient in hex form (41 + 40 hex digits) is accepted and shown as the base58 address it becomes; 0x… is named as Ethereum-style', async ({
	page
}) => {
	await page.goto('/energy');
	const form = page.getByRole('form', { name: 'Buy energy' });
	const to = form.getByLabel('Recipient address', { exact: true });

	await to.fill('0x' + 'a6'.repeat(20));
	await form.getByRole('button', { name: 'Review order' }).click();
	await expect(to).toBeFocused();
	await expect(to).toHaveAccessibleDescription(/^This is an Ethereum-style address \(0x…\)/);

	// The hex form of ADDRESS (the USDT contract), as TronWeb's address.toHex gives it.
	await to.fill('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
	await expect(to).toHaveAccessibleDescription(
		`The hex form of ${ADDRESS}: the energy goes to that address.`
	);
	await form.getByRole('button', { name: 'Review order' }).click();
	const review = form.getByRole('region', { name: 'Review' });
	await expect(review).toContainText(`for ${ADDRESS}, for 1 hour`);
});
