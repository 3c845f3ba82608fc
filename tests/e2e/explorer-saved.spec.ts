/**
 * The explorer keeps and reuses requests: `{{variables}}` filled from environments, saved requests
 * in collections, exported and imported. Demo runs wide and narrow; Live runs wide.
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { storedCollections } from './collections-store';
import { auth, goLive, savedRequests, ui } from './explorer-helpers';
import { expect, expectNoSideScroll, FAKE_URLS, RUNS, SIZES, test } from './fixtures';

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

/**
 * The journeys run in Demo at both sizes (layout, focus, no sideways scroll) and in Live at one:
 * there the real HTTP to the fake code host is what is added.
 */
/** The IndexedDB value under `key` in `db`, as JSON text. */
function stored(page: Page, db: string, key: string) {
	return page.evaluate(
		([db, key]) =>
			new Promise<string>((resolve) => {
				const open = indexedDB.open(db);
				open.onsuccess = () => {
					const get = open.result.transaction('kv').objectStore('kv').get(key);
					get.onsuccess = () => resolve(JSON.stringify(get.result));
				};
			}),
		[db, key] as const
	);
}

for (const { mode, size } of RUNS) {
	test.describe(`${mode}, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
		test.use({ viewport: size.viewport });
		const apiRoot = `${mode === 'Live' ? FAKE_URLS.codehost : 'https://codehost.demo'}/api/v4`;

		test.beforeEach(async ({ page }) => {
			if (mode === 'Live') await goLive(page, FAKE_URLS.codehost);
			else await page.goto('/explorer');
		});

		test('a {{variable}} is flagged until it has a value and encoded where it lands; a request saved with it follows the environment, is kept without its token, and is renamed, duplicated, reordered and deleted from the keyboard in the side list', async ({
			page
		}) => {
			test.slow();
			const u = ui(page);
			const e = env(page);
			const s = savedRequests(page);
			const token = 'glpat-demo-token';
			await auth(page, 'Personal, project or group access token', token);
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

			await s.name.fill('One project');
			await s.collection.fill('Ops');
			await s.save.click();
			await expect(s.status).toHaveText('Saved “One project” in “Ops”.');
			await expect(s.region.getByRole('heading', { name: 'Ops' })).toBeVisible();

			// Wide: the side list stands beside the request; narrow: below the answer.
			const list = (await s.region.boundingBox())!;
			const form = (await u.path.boundingBox())!;
			if (size.name === 'wide') {
				expect(list.x + list.width).toBeLessThanOrEqual(form.x);
				expect(list.y).toBeLessThan(form.y + form.height);
			} else expect(list.y).toBeGreaterThan((await u.response.boundingBox())!.y);

			await u.path.fill('/user');
			await newEnvironment(page, 'Staging');
			await expect(e.variable('project')).toHaveValue('');
			await e.variable('project').fill('gitlab-org/server-2');
			await s.item('One project').click();
			await expect(u.path).toHaveValue('/projects/{{project}}');
			await expect(s.item('One project')).toBeFocused();
			await expect(e.preview).toHaveText(`Will send GET ${apiRoot}/projects/gitlab-org%2Fserver-2`);
			await u.send.click();
			await expect(u.response).toContainText('"Server 2"');
			const history = page.getByRole('region', { name: 'History' });
			await expect(history.getByRole('listitem').first()).toContainText(
				'/projects/gitlab-org%2Fserver-2'
			);

			// Back to the first environment: its value is still there, and is what goes out.
			await e.select.selectOption({ label: 'Default' });
			await expect(e.variable('project')).toHaveValue('diaspora/client-1');
			await u.send.click();
			await expect(u.response).toContainText('"Client 1"');

			// Kept across a reload, without the token.
			await page.reload();
			await expect(e.select.locator('option:checked')).toHaveText('Default');
			await expect(s.item('One project')).toBeVisible();
			const kept = JSON.stringify(await storedCollections(page));
			expect(kept).toContain('/projects/{{project}}');
			expect(kept).not.toContain(token);
			await u.path.fill('/projects/{{project}}');
			await expect(e.variable('project')).toHaveValue('diaspora/client-1');

			// Everything by keyboard, each row's actions behind one menu button; focus stays where
			// the person acted.
			const menu = s.region.getByRole('menu');
			await s.actions('One project').focus();
			await page.keyboard.press('Enter');
			await expect(menu.getByRole('menuitemcheckbox', { name: 'Checks' })).toBeFocused();
			await expect(menu.getByRole('menuitem')).toHaveText([
				'Rename',
				'Duplicate',
				'Move up',
				'Move down',
				'Delete'
			]);
			await page.keyboard.press('d');
			await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
			await page.keyboard.press('Enter');
			await expect(menu).toHaveCount(0);
			await expect(s.item('One project (copy)')).toBeFocused();
			const names = s.region.getByRole('list', { name: 'Ops' }).locator('button.open');
			await expect(names).toHaveText(['One project', 'One project (copy)']);
			await s.actions('One project (copy)').focus();
			await page.keyboard.press('ArrowDown');
			for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
			await expect(menu.getByRole('menuitem', { name: 'Move up' })).toBeFocused();
			await page.keyboard.press('Enter');
			await expect(names).toHaveText(['One project (copy)', 'One project']);
			await expect(s.actions('One project (copy)')).toBeFocused();
			// Escape closes the menu back to its button; at the top, Move up does nothing.
			await page.keyboard.press('Space');
			await page.keyboard.press('m');
			await expect(menu.getByRole('menuitem', { name: 'Move up' })).toHaveAttribute(
				'aria-disabled',
				'true'
			);
			await page.keyboard.press('Escape');
			await expect(menu).toHaveCount(0);
			await expect(s.actions('One project (copy)')).toBeFocused();
			await expect(s.actions('One project (copy)')).toHaveAttribute('aria-expanded', 'false');
			await page.keyboard.press('Enter');
			await page.keyboard.press('r');
			await page.keyboard.press('Enter');
			const rename = s.region.getByRole('textbox', { name: 'New name for One project (copy)' });
			await expect(rename).toBeFocused();
			await rename.fill('Server project');
			await page.keyboard.press('Enter');
			await expect(s.item('Server project')).toBeFocused();
			await s.region.getByRole('textbox', { name: 'Search saved requests' }).fill('server');
			await expect(names).toHaveText(['Server project']);
			await s.region.getByRole('textbox', { name: 'Search saved requests' }).fill('');
			await s.actions('Server project').focus();
			await page.keyboard.press('ArrowUp');
			await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
			await page.keyboard.press('Enter');
			await expect(s.status).toHaveText('Deleted “Server project”.');
			await expect(names).toHaveText(['One project']);
			await expectNoSideScroll(page);
		});

		test('switching environment uses the auth method it names, with the token entered for that method in this tab; storage and the export hold no token', async ({
			page
		}) => {
			const u = ui(page);
			const e = env(page);
			const s = savedRequests(page);
			const envAuth = page.getByRole('combobox', { name: 'Auth in this environment' });
			const personal = 'glpat-demo-token';
			const impersonation = 'glimp-demo-token';
			await u.path.fill('/user');
			await u.query.fill('');
			await auth(page, 'Personal, project or group access token', personal);
			await envAuth.selectOption({
				label:
					'Use the token of “Personal, project or group access token”, sent as PRIVATE-TOKEN header'
			});

			await newEnvironment(page, 'Admin');
			await envAuth.selectOption({
				label: 'Use the token of “Impersonation token”, sent as private_token query parameter'
			});
			await expect(page.getByRole('status').filter({ hasText: '“Admin” uses' })).toContainText(
				'enter its token in the Token field'
			);
			await expect(u.authMethod.locator('option:checked')).toHaveText('Impersonation token');
			await expect(u.token).toHaveValue('');
			await u.token.fill(impersonation);
			await expect(e.preview).toHaveText(`Will send GET ${apiRoot}/user?private_token=…`);
			await u.send.click();
			await expect(u.response).toContainText('"impersonation"');

			await e.select.selectOption({ label: 'Default' });
			await expect(u.authMethod.locator('option:checked')).toHaveText(
				'Personal, project or group access token'
			);
			await expect(u.sentAs.locator('option:checked')).toHaveText('PRIVATE-TOKEN header');
			await expect(u.token).toHaveValue(personal);
			await expect(e.preview).toHaveText(`Will send GET ${apiRoot}/user`);
			await u.send.click();
			await expect(u.response).toContainText('"personal"');

			await e.select.selectOption({ label: 'Admin' });
			await expect(u.token).toHaveValue(impersonation);
			await u.send.click();
			await expect(u.response).toContainText('"impersonation"');

			const environments = await stored(page, 'codehost-environments', 'environments');
			expect(environments).toContain('"method":"impersonation"');
			for (const token of [personal, impersonation]) expect(environments).not.toContain(token);

			await s.name.fill('Who am I');
			await s.save.click();
			const download = page.waitForEvent('download');
			await s.region.getByRole('button', { name: 'Export collections' }).click();
			const text = await readFile((await (await download).path())!, 'utf8');
			expect(JSON.parse(text).environments).toEqual([
				{ name: 'Default', values: {}, auth: { method: 'personal', way: 'private-token-header' } },
				{ name: 'Admin', values: {}, auth: { method: 'impersonation', way: 'private-token-query' } }
			]);
			for (const token of [personal, impersonation]) expect(text).not.toContain(token);
			await expectNoSideScroll(page);
		});

		test('collections export to one file and import again; a malformed file is refused with the reason, secrets in a file are dropped', async ({
			page
		}) => {
			const u = ui(page);
			const s = savedRequests(page);
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
			await savedRequests(page).name.fill('One');
			await savedRequests(page).save.click();
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
