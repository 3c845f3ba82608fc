import { fillExact } from './energy-helpers';
import { expect, expectNoSideScroll, test } from './fixtures';

/** Nothing runs off the page: at 412 px, at 360 px, and with text at 200 % on a laptop screen. */

const CASES = [
	{ name: '412 px', viewport: { width: 412, height: 915 }, text: '100%' },
	{ name: '360 px', viewport: { width: 360, height: 740 }, text: '100%' },
	{ name: '200 % text, 1280 px', viewport: { width: 1280, height: 800 }, text: '200%' }
];

for (const c of CASES)
	test.describe(c.name, () => {
		test.use({ viewport: c.viewport });

		test(`Demo: /energy has no horizontal scroll, with the orders, an order's details and the review shown (${c.name})`, async ({
			page
		}) => {
			await page.goto('/energy');
			// The user's text size: every rem and em of the app grows with it.
			await page.addStyleTag({ content: `html { font-size: ${c.text} !important; }` });
			const orders = page.getByRole('region', { name: 'Orders' });
			await expect(orders).toContainText('of 3');
			await expect(orders).toContainText('Awaiting payment');
			await expectNoSideScroll(page);
			// A status stays on one line.
			const status = orders
				.getByRole('row', { name: /31000002/ })
				.getByText('Awaiting payment', { exact: true });
			const box = (await status.boundingBox())!;
			const lineHeight = await status.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
			expect(box.height).toBeLessThan(lineHeight * 1.5);

			await orders.getByRole('button', { name: 'Details of order 31000002' }).click();
			await expect(page.getByRole('region', { name: 'Order 31000002', exact: true })).toBeVisible();
			await expectNoSideScroll(page);

			const form = page.getByRole('form', { name: 'Buy energy' });
			await fillExact(form);
			await expectNoSideScroll(page);
		});
	});
