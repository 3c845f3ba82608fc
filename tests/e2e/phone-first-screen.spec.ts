/**
 * A fast tool on a phone (issue 47): each page's primary actions are on the first screen, with
 * nothing scrolled, on a 360×740 and a 412×823 phone.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PHONES = [
	{ width: 360, height: 740 },
	{ width: 412, height: 823 }
];

/** Each page and what a person comes to it for, found by the names they hear. */
const PAGES: {
	path: string;
	ready: (page: Page) => Promise<void>;
	actions: (page: Page) => Locator[];
}[] = [
	{
		path: '/',
		ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
		actions: (page) =>
			['Code-host API explorer', 'Energy order dashboard', 'Offline Bible reader'].map((name) =>
				page.getByRole('main').getByRole('link', { name })
			)
	},
	{
		path: '/explorer',
		ready: (page) => expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled(),
		actions: (page) => {
			const url = page.getByRole('group', { name: 'URL' });
			return [
				url.getByRole('combobox', { name: 'Path', exact: true }),
				url.getByRole('button', { name: 'Send', exact: true }),
				page.getByRole('group', { name: 'Save' }).getByRole('button', { name: 'Save request' })
			];
		}
	},
	{
		path: '/energy',
		ready: (page) => expect(page.getByRole('region', { name: 'Orders' })).toContainText('of 3'),
		actions: (page) => [
			page
				.getByRole('form', { name: 'Buy energy' })
				.getByLabel('Recipient address', { exact: true })
		]
	},
	{
		path: '/bible',
		ready: (page) => expect(page.getByRole('button', { name: 'Go', exact: true })).toBeVisible(),
		actions: (page) => [
			page.getByLabel('Reference', { exact: true }),
			page.getByRole('button', { name: 'Go', exact: true }),
			page.getByRole('button', { name: 'Search', exact: true })
		]
	},
	{
		path: '/bible/KJV/John/3',
		ready: (page) => expect(page.locator('#v1')).toContainText('There was a man of the Pharisees'),
		actions: (page) => [page.locator('#v1')]
	},
	{
		path: '/bible/notes',
		ready: (page) => expect(page.getByRole('searchbox', { name: 'Search notes' })).toBeVisible(),
		actions: (page) => [page.getByRole('searchbox', { name: 'Search notes' })]
	},
	{
		path: '/bible/plans',
		ready: (page) => expect(page.getByRole('button', { name: 'Start' }).first()).toBeVisible(),
		actions: (page) => [page.getByRole('button', { name: 'Start' }).first()]
	},
	{
		path: '/bible/topics',
		ready: (page) => expect(page.getByRole('searchbox', { name: 'Search topics' })).toBeVisible(),
		actions: (page) => [page.getByRole('searchbox', { name: 'Search topics' })]
	},
	{
		path: '/settings',
		ready: (page) => expect(page.getByRole('group', { name: 'Code host' })).toBeVisible(),
		actions: (page) => {
			const codehost = page.getByRole('group', { name: 'Code host' });
			return [
				codehost.getByRole('textbox', { name: 'Base URL' }),
				codehost.getByRole('button', { name: 'Test connection' })
			];
		}
	}
];

for (const phone of PHONES) {
	test.describe(`on a ${phone.width}×${phone.height} phone`, () => {
		test.use({ viewport: phone, hasTouch: true, isMobile: true });

		for (const { path, ready, actions } of PAGES)
			test(`${path}: its primary actions are on the first screen`, async ({ page }) => {
				await page.goto(path);
				await ready(page);
				expect(await page.evaluate(() => window.scrollY)).toBe(0);
				for (const action of actions(page)) {
					await expect(action).toBeVisible();
					const box = (await action.boundingBox())!;
					expect(box.y, `${action} starts on the screen`).toBeGreaterThanOrEqual(0);
					expect(box.y + box.height, `${action} ends on the first screen`).toBeLessThanOrEqual(
						phone.height
					);
				}
			});
	});
}
