/**
 * The explorer keeps and reuses requests: `{{variables}}` filled from environments, saved requests
 * in collections, exported and imported. Every journey runs wide and narrow, in Demo and in Live.
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { auth, goLive, ui } from './explorer-helpers';
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

const saved = (page: Page) => {
	const region = page.getByRole('region', { name: 'Collections' });
	return {
		region,
		name: region.getByRole('textbox', { name: 'Request name' }),
		collection: region.getByRole('combobox', { name: 'Collection', exact: true }),
		save: region.getByRole('button', { name: 'Save request' }),
		item: (name: string) => region.getByRole('button', { name, exact: true }),
		status: region.getByRole('status'),
		importFile: region.getByLabel('Import collections')
	};
};

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

			test('a request saved with a variable opens again, follows the environment, and is kept, renamed, duplicated, reordered and deleted from the keyboard', async ({
				page
			}) => {
				const u = ui(page);
				const e = env(page);
				const s = saved(page);
				const token = 'glpat-demo-token';
				await auth(page, 'Personal, project or group access token', token);
				await u.path.fill('/projects/{{project}}');
				await u.query.fill('');
				await e.variable('project').fill('diaspora/client-1');
				await s.name.fill('One project');
				await s.collection.fill('Ops');
				await s.save.click();
				await expect(s.status).toHaveText('Saved “One project” in “Ops”.');
				await expect(s.region.getByRole('heading', { name: 'Ops' })).toBeVisible();

				await u.path.fill('/user');
				await newEnvironment(page, 'Staging');
				await e.variable('project').fill('gitlab-org/server-2');
				await s.item('One project').click();
				await expect(u.path).toHaveValue('/projects/{{project}}');
				await expect(s.item('One project')).toBeFocused();
				await expect(e.preview).toHaveText(
					`Will send GET ${apiRoot}/projects/gitlab-org%2Fserver-2`
				);
				await u.send.click();
				await expect(u.response).toContainText('"Server 2"');

				// Kept across a reload, without the token.
				await page.reload();
				await expect(s.item('One project')).toBeVisible();
				const stored = await page.evaluate(
					() =>
						new Promise<string>((resolve) => {
							const open = indexedDB.open('codehost-collections');
							open.onsuccess = () => {
								const get = open.result.transaction('kv').objectStore('kv').get('collections');
								get.onsuccess = () => resolve(JSON.stringify(get.result));
							};
						})
				);
				expect(stored).toContain('/projects/{{project}}');
				expect(stored).not.toContain(token);

				// Everything by keyboard; focus stays where the person acted.
				await s.region.getByRole('button', { name: 'Duplicate One project' }).focus();
				await page.keyboard.press('Enter');
				await expect(s.item('One project (copy)')).toBeFocused();
				const names = s.region.getByRole('list', { name: 'Ops' }).locator('button.open');
				await expect(names).toHaveText(['One project', 'One project (copy)']);
				await s.region.getByRole('button', { name: 'Move One project (copy) up' }).focus();
				await page.keyboard.press('Enter');
				await expect(names).toHaveText(['One project (copy)', 'One project']);
				await expect(
					s.region.getByRole('button', { name: 'Move One project (copy) down' })
				).toBeFocused();
				await s.region.getByRole('button', { name: 'Rename One project (copy)' }).focus();
				await page.keyboard.press('Enter');
				const rename = s.region.getByRole('textbox', { name: 'New name for One project (copy)' });
				await expect(rename).toBeFocused();
				await rename.fill('Server project');
				await page.keyboard.press('Enter');
				await expect(s.item('Server project')).toBeFocused();
				await s.region.getByRole('textbox', { name: 'Search saved requests' }).fill('server');
				await expect(names).toHaveText(['Server project']);
				await s.region.getByRole('textbox', { name: 'Search saved requests' }).fill('');
				await s.region.getByRole('button', { name: 'Delete Server project' }).focus();
				await page.keyboard.press('Enter');
				await expect(s.status).toHaveText('Deleted “Server project”.');
				await expect(names).toHaveText(['One project']);
				await expectNoSideScroll(page);
			});

			test('collections export to one file and import again; a malformed file is refused with the reason, secrets in a file are dropped', async ({
				page
			}) => {
				const u = ui(page);
				const s = saved(page);
				await u.path.fill('/projects/{{project}}');
				await u.query.fill('per_page=5');
				await env(page).variable('project').fill('1');
				await s.name.fill('Listing');
				await s.save.click();
				const download = page.waitForEvent('download');
				await s.region.getByRole('button', { name: 'Export collections' }).click();
				const file = await download;
				expect(file.suggestedFilename()).toBe('explorer-collections.json');
				const text = await readFile((await file.path())!, 'utf8');
				const data = JSON.parse(text);
				expect(data.format).toBe('api-workbench-collections');
				expect(data.collections[0].requests[0]).toMatchObject({
					name: 'Listing',
					path: '/projects/{{project}}',
					query: 'per_page=5'
				});

				await s.importFile.setInputFiles({
					name: 'bad.json',
					mimeType: 'application/json',
					buffer: Buffer.from(
						JSON.stringify({
							...data,
							collections: [
								{
									name: 'Evil',
									requests: [
										{ ...data.collections[0].requests[0], path: 'https://evil.example/steal' }
									]
								}
							]
						})
					)
				});
				await expect(s.status).toContainText('Not imported, nothing changed:');
				await expect(s.status).toContainText('stays under the base URL');
				await expect(s.region.getByRole('heading', { name: 'Evil' })).toHaveCount(0);

				data.collections[0].name = 'Shared';
				data.collections[0].requests[0].name = 'From a colleague';
				data.collections[0].requests[0].headers = 'PRIVATE-TOKEN: glpat-leaked-in-file';
				data.collections[0].requests[0].auth.token = 'glpat-leaked-in-file';
				await s.importFile.setInputFiles({
					name: 'shared.json',
					mimeType: 'application/json',
					buffer: Buffer.from(JSON.stringify(data))
				});
				await expect(s.status).toContainText('Imported 1 request in 1 collection.');
				await expect(s.status).toContainText('Secrets in the file were dropped, not imported');
				await expect(s.status).toContainText('the PRIVATE-TOKEN header');
				await s.item('From a colleague').click();
				await expect(page.getByRole('textbox', { name: 'Request headers' })).toHaveValue('');
				await u.send.click();
				await expect(u.status).toHaveText('200 OK');
				await expect(u.response).toContainText('"Client 1"');
				await expect(page.locator('body')).not.toContainText('glpat-leaked-in-file');
				await expectNoSideScroll(page);
			});
		});
	}
}

for (const size of SIZES) {
	test.describe(`axe, ${size.name}`, () => {
		test.use({ viewport: size.viewport });

		test('variables, collections, Code, Import cURL, Compare with… and the Browser check have no axe violation', async ({
			page,
			axe
		}) => {
			test.slow();
			const u = ui(page);
			await goLive(page, FAKE_URLS.codehost);
			await u.path.fill('/projects/{{project}}');
			await u.query.fill('');
			await env(page).variable('project').fill('1');
			await saved(page).name.fill('One');
			await saved(page).save.click();
			await page.getByRole('button', { name: 'Code', exact: true }).click();
			await page.getByRole('button', { name: 'Import cURL' }).click();
			await u.send.click();
			await expect(u.status).toHaveText('200 OK');
			await u.send.click();
			await u.response.getByRole('button', { name: 'Compare with…' }).click();
			await u.response
				.getByRole('combobox', { name: 'Earlier response' })
				.selectOption({ index: 2 });
			await expect(u.response.getByRole('region', { name: 'Differences' })).toBeVisible();
			await expect(page.getByRole('region', { name: 'Browser check' })).toBeVisible();
			const violations = (await axe().analyze()).violations.map(
				(v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`
			);
			expect(violations).toEqual([]);
		});
	});
}
