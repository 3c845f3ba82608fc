/**
 * The explorer keeps and reuses requests: `{{variables}}` filled from environments, saved requests
 * in collections, exported and imported. Every journey runs wide and narrow, in Demo and in Live.
 */
import type { Page } from '@playwright/test';
import { goLive, ui } from './explorer-helpers';
import { expect, FAKE_URLS, test } from './fixtures';

const SIZES = [
	{ name: 'wide', viewport: { width: 1280, height: 800 } },
	{ name: 'narrow', viewport: { width: 360, height: 740 } }
] as const;

async function expectNoSideScroll(page: Page) {
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth
	);
	expect(overflow).toBeLessThanOrEqual(0);
}

const env = (page: Page) => ({
	select: page.getByRole('combobox', { name: 'Environment', exact: true }),
	variable: (name: string) => page.getByRole('textbox', { name, exact: true }),
	preview: page.getByText(/^Will send /),
	checks: page.getByRole('list', { name: 'Checks before sending' })
});

async function newEnvironment(page: Page, name: string) {
	await page.getByRole('button', { name: 'New environment' }).click();
	await page.getByRole('textbox', { name: 'Environment name' }).fill(name);
	await page.getByRole('button', { name: 'Add environment' }).click();
	await expect(env(page).select.locator('option:checked')).toHaveText(name);
}

for (const size of SIZES) {
	for (const mode of ['Demo', 'Live'] as const) {
		test.describe(`${mode}, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
			test.use({ viewport: size.viewport });
			const apiRoot = `${mode === 'Live' ? FAKE_URLS.codehost : 'https://codehost.demo'}/api/v4`;

			test.beforeEach(async ({ page }) => {
				if (mode === 'Live') await goLive(page, FAKE_URLS.codehost);
				else await page.goto('/explorer');
			});

			test('a {{variable}} is flagged until it has a value, is encoded where it lands, and follows the environment', async ({
				page
			}) => {
				const u = ui(page);
				const e = env(page);
				await u.path.fill('/projects/{{project}}');
				await u.query.fill('');
				await expect(e.checks).toContainText('Give the variable {{project}} a value');
				await u.send.click();
				await expect(page.getByRole('alert')).toContainText('{{project}}');
				await expect(u.response).toHaveCount(0);

				await e.variable('project').fill('diaspora/client-1');
				await expect(e.preview).toHaveText(`Will send GET ${apiRoot}/projects/diaspora%2Fclient-1`);
				await expect(e.checks).toHaveCount(0);
				await u.send.click();
				await expect(u.status).toHaveText('200 OK');
				await expect(u.response).toContainText('"Client 1"');

				await newEnvironment(page, 'Staging');
				await expect(e.variable('project')).toHaveValue('');
				await e.variable('project').fill('gitlab-org/server-2');
				await u.send.click();
				await expect(u.response).toContainText('"Server 2"');
				const history = page.getByRole('region', { name: 'History' });
				await expect(history.getByRole('listitem').first()).toContainText(
					'/projects/gitlab-org%2Fserver-2'
				);

				// Back to the first environment: its value is still there, and is what goes out.
				await e.select.selectOption({ label: 'Default' });
				await expect(e.variable('project')).toHaveValue('diaspora/client-1');
				await page.reload();
				await expect(e.select.locator('option:checked')).toHaveText('Default');
				await u.path.fill('/projects/{{project}}');
				await expect(e.variable('project')).toHaveValue('diaspora/client-1');
				await expectNoSideScroll(page);
			});
		});
	}
}
