/**
 * The explorer as a workbench: the request bar, the response's tabs, paging that updates the form,
 * history that opens stored answers, and saving the items of Fetch all pages. Every journey runs
 * wide and narrow in Demo, and wide in Live.
 */
import { readFile } from 'node:fs/promises';
import { goLive, openTab, request, ui } from './explorer-helpers';
import { expect, expectNoSideScroll, FAKE_URLS, SIZES, test } from './fixtures';

for (const size of SIZES) {
	for (const mode of ['Demo', 'Live'] as const) {
		// Demo and Live differ in transport, not layout: the narrow layout is checked in Demo.
		if (mode === 'Live' && size.name === 'narrow') continue;
		test.describe(`${mode}, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
			test.use({ viewport: size.viewport });
			const apiRoot = `${mode === 'Live' ? FAKE_URLS.codehost : 'https://codehost.demo'}/api/v4`;

			test.beforeEach(async ({ page }) => {
				if (mode === 'Live') await goLive(page, FAKE_URLS.codehost);
				else await page.goto('/explorer');
			});

			test('the request bar comes first, Ctrl+Enter sends from a text area, the answer opens with status, time and size', async ({
				page
			}) => {
				const u = ui(page);
				const form = page.getByRole('form', { name: 'Request' });
				await expect(form).toContainText(apiRoot);
				// Method, the path after the base URL, then Send: three stops, nothing between.
				await u.method.focus();
				await page.keyboard.press('Tab');
				await expect(u.path).toBeFocused();
				await page.keyboard.press('Tab');
				await expect(u.send).toBeFocused();

				await u.path.fill('/projects/1');
				await u.query.fill('');
				const headers = page.getByRole('textbox', { name: 'Request headers' });
				await headers.fill('X-Trace: 1');
				await headers.press('ControlOrMeta+Enter');
				await expect(u.response.getByRole('heading').first()).toHaveText('200 OK');
				// The shortcut sent; it did not type a line break.
				await expect(headers).toHaveValue('X-Trace: 1');
				await expect(u.response).toContainText(/\d+ ms · \d+ bytes/);
				await expect(u.response.getByRole('tab')).toHaveText(['Body', 'Headers']);
				await expect(u.response.getByRole('tab', { name: 'Body' })).toHaveAttribute(
					'aria-selected',
					'true'
				);

				await request(page, 'GET', '/nope');
				await expect(u.status).toHaveText('404 Not Found');
				await expect(u.response.getByRole('tab', { selected: true })).toHaveText('Error');
				await expect(u.error.getByRole('heading')).toHaveText('Unknown route');
				await expectNoSideScroll(page);
			});

			test('the body opens one level deep; Raw shows the text as received; Copy puts it on the clipboard', async ({
				page,
				context
			}) => {
				await context.grantPermissions(['clipboard-read', 'clipboard-write']);
				const u = ui(page);
				await request(page, 'GET', '/projects', 'per_page=2');
				await expect(u.status).toHaveText('200 OK');
				await expect(u.response.getByRole('tab')).toHaveText(['Body', 'Headers', 'Pagination']);
				// The list and each of its items are open: the first project's name is in sight.
				await expect(u.response.getByText('"Client 1"', { exact: true })).toBeVisible();

				await u.response.getByRole('button', { name: 'Raw' }).click();
				await expect(u.response.getByRole('button', { name: 'Raw' })).toHaveAttribute(
					'aria-pressed',
					'true'
				);
				const raw = u.response.getByLabel('Response body');
				// Written out two spaces a level; Minified, as it came, which Copy copies.
				await expect(raw).toContainText('"name": "Client 1"');
				await u.response.getByRole('checkbox', { name: 'Minified' }).check();
				await expect(raw).toContainText('"name":"Client 1"');

				await u.response.getByRole('button', { name: 'Copy', exact: true }).click();
				await expect(u.response.getByRole('status')).toHaveText('Body copied.');
				const copied = await page.evaluate(() => navigator.clipboard.readText());
				expect(copied).toBe(await raw.textContent());

				await openTab(page, 'Headers');
				await expect(
					u.response.getByRole('region', { name: 'Response headers' }).getByRole('row', {
						name: /content-type/
					})
				).toContainText('application/json');
				await expectNoSideScroll(page);
			});

			test('a page button updates the form to the page it fetched and keeps focus on itself', async ({
				page
			}) => {
				const u = ui(page);
				await request(page, 'GET', '/projects', 'per_page=5');
				await openTab(page, 'Pagination');
				const next = u.pagination.getByRole('button', { name: 'Next page' });
				const xPage = u.pagination.getByRole('row', { name: /^x-page/ });
				await next.click();
				await expect(xPage).toContainText('2');
				await expect(u.query).toHaveValue(/(^|&)page=2(&|$)/);
				await expect(u.query).toHaveValue(/per_page=5/);
				await expect(page.getByText(/^Will send GET .*[?&]page=2/)).toBeVisible();
				await expect(next).toBeFocused();

				await page.keyboard.press('Enter');
				await expect(xPage).toContainText('3');
				await expect(next).toBeFocused();
				await expect(u.query).toHaveValue(/(^|&)page=3(&|$)/);

				// Send now asks for the page the form shows.
				await u.send.click();
				await expect(u.status).toHaveText('200 OK');
				await expect(xPage).toContainText('3');
				await expectNoSideScroll(page);
			});

			test('rule ids and "seed" stay hidden until "Show spec references" is ticked', async ({
				page
			}) => {
				const u = ui(page);
				const main = page.getByRole('main');
				const refs = page.getByRole('checkbox', { name: 'Show spec references' });
				await expect(refs).not.toBeChecked();
				await request(
					page,
					'GET',
					'/projects',
					'pagination=keyset&per_page=100&order_by=id&sort=asc'
				);
				await expect(u.status).toHaveText('200 OK');
				await openTab(page, 'Pagination');
				await expect(u.pagination).toContainText('only the Link header is returned; follow');
				await request(page, 'GET', '/projects', 'per_page=100&page=501');
				await expect(u.error.getByRole('heading')).toHaveText('Past the maximum offset');
				// Hidden panels count too: no rule id, no "seed" anywhere in the page's text.
				await expect(main).not.toContainText(/CH-[A-Z]+-\d/);
				await expect(main).not.toContainText(/seed/i);
				await u.query.fill('pagination=keyset');
				const checks = page.getByRole('list', { name: 'Checks before sending' });
				await expect(checks).toContainText('The keyset helper fills them in.');
				await expect(checks).not.toContainText('CH-');

				await refs.check();
				await expect(u.error).toContainText('CH-OFF-6');
				await expect(checks).toContainText('fills them in. (CH-KEY-1)');
				await expect(page.getByText('The API’s conventions, rule by rule')).toBeVisible();
				await expectNoSideScroll(page);
			});

			test('History rows show method, host, path with query, status and time, open the stored answer, and keep a Fetch all run in one row', async ({
				page
			}) => {
				const u = ui(page);
				const host = new URL(apiRoot).host;
				const history = page.getByRole('region', { name: 'History' });
				const rows = history.getByRole('listitem');
				await request(page, 'GET', '/projects', 'per_page=5');
				await expect(u.status).toHaveText('200 OK');
				await request(page, 'GET', '/nope');
				await expect(u.status).toHaveText('404 Not Found');
				await expect(rows).toHaveCount(2);
				const listing = rows.filter({ hasText: '/projects?per_page=5' });
				await expect(listing).toContainText('GET');
				await expect(listing).toContainText(host);
				await expect(listing).toContainText('200');
				await expect(listing.locator('time')).toHaveText(/\d{1,2}:\d{2}:\d{2}/);

				const open = listing.getByRole('button', { name: /^Open response/ });
				await open.click();
				await expect(u.status).toHaveText('200 OK');
				await expect(u.response).toContainText('From History');
				await expect(u.response).toContainText('"Client 1"');
				await expect(open).toBeFocused();
				// Nothing was sent: no new row.
				await expect(rows).toHaveCount(2);

				// Fetch all pages from the stored page: its three pages make one row.
				await openTab(page, 'Pagination');
				await u.pagination.getByRole('spinbutton', { name: 'Page cap' }).fill('3');
				await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
				await expect(u.pagination.getByRole('status')).toContainText('Fetched: 3 pages, 15 items.');
				await expect(rows).toHaveCount(3);
				await expect(rows.first()).toContainText('Fetch all pages: 3 pages');
				await expect(rows.first()).toContainText('/projects?per_page=5');
				await expectNoSideScroll(page);
			});

			test('Fetch all pages shows the items it collected and saves every one as JSON, NDJSON or CSV', async ({
				page
			}) => {
				const u = ui(page);
				await request(
					page,
					'GET',
					'/projects',
					'pagination=keyset&per_page=100&order_by=id&sort=asc'
				);
				await openTab(page, 'Pagination');
				await u.pagination.getByRole('spinbutton', { name: 'Page cap' }).fill('3');
				await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
				await expect(u.pagination.getByRole('status')).toContainText(
					'Fetched: 3 pages, 300 items.'
				);
				const list = u.pagination.getByRole('region', { name: 'Collected items, scrollable' });
				await expect(u.pagination.getByRole('heading', { name: /Collected items/ })).toHaveText(
					'Collected items (300)'
				);
				await expect(list.getByRole('listitem').first()).toContainText('"id":1,');
				// Virtualised: a screenful of rows in the page, not 300; the end is a scroll away.
				expect(await list.getByRole('listitem').count()).toBeLessThan(40);
				await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
				await expect(list.getByRole('listitem').last()).toContainText('"id":300,');

				const save = async () => {
					const download = page.waitForEvent('download');
					await u.pagination.getByRole('button', { name: 'Save items' }).click();
					const file = await download;
					return {
						name: file.suggestedFilename(),
						text: await readFile((await file.path())!, 'utf8')
					};
				};
				const json = await save();
				expect(json.name).toBe('projects-items.json');
				const items = JSON.parse(json.text) as { id: number }[];
				expect(items.map((p) => p.id)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));

				const format = u.pagination.getByRole('combobox', { name: 'Items format' });
				await format.selectOption({ label: 'NDJSON (one item a line)' });
				const ndjson = await save();
				expect(ndjson.name).toBe('projects-items.ndjson');
				expect(
					ndjson.text
						.trimEnd()
						.split('\n')
						.map((l) => JSON.parse(l))
				).toEqual(items);
				await format.selectOption({ label: 'CSV (one row an item)' });
				const csv = await save();
				expect(csv.name).toBe('projects-items.csv');
				const lines = csv.text.trimEnd().split('\r\n');
				expect(lines[0]).toMatch(/^id,name,/);
				expect(lines).toHaveLength(301);
				await expectNoSideScroll(page);
			});

			test('Demo offers its tokens, with what each can do, in the Token field; Live offers none', async ({
				page
			}) => {
				const u = ui(page);
				await u.authMethod.selectOption({ label: 'Personal, project or group access token' });
				const pick = page.getByRole('combobox', { name: 'Demo token' });
				if (mode === 'Live') {
					await expect(pick).toHaveCount(0);
					await expect(u.token).not.toHaveAttribute('list');
					return;
				}
				// The suggestions travel with the field, and as a visible list to pick from.
				const list = await u.token.getAttribute('list');
				const suggestion = page.locator(`datalist[id="${list}"] option[value="glpat-user-token"]`);
				await expect(suggestion).toHaveText(/alice, not an administrator/);
				await expect(pick.getByRole('option', { name: /^glpat-demo-token — / })).toHaveText(
					/administrator with the sudo scope/
				);
				await pick.selectOption('glpat-demo-token');
				await expect(u.token).toHaveValue('glpat-demo-token');
				await request(page, 'GET', '/user');
				await expect(u.response).toContainText('"root"');
				await expect(u.response).toContainText('"personal"');

				await u.authMethod.selectOption({ label: 'Job token' });
				await expect(pick.getByRole('option')).toHaveText([
					/^Fill in Token/,
					/^glcbt-demo-job-token/
				]);
				await u.authMethod.selectOption({ label: 'OAuth 2.0 token' });
				await expect(
					page.getByText('In Demo mode, sign in as root with the password demo-password.')
				).toBeVisible();
				await expectNoSideScroll(page);
			});
		});
	}
}

for (const size of SIZES) {
	test.describe(`axe, ${size.name}`, () => {
		test.use({ viewport: size.viewport });

		test('each response tab, the Raw body and spec references have no axe violation', async ({
			page,
			axe
		}) => {
			// Five full axe runs: slow on a busy machine.
			test.slow();
			const u = ui(page);
			const violations = async () =>
				(await axe().analyze()).violations.map(
					(v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`
				);
			await page.goto('/explorer');
			await page.getByRole('checkbox', { name: 'Show spec references' }).check();
			await request(page, 'GET', '/projects', 'per_page=100&page=501');
			await expect(u.error.getByRole('heading')).toHaveText('Past the maximum offset');
			expect(await violations()).toEqual([]);
			for (const tab of ['Body', 'Headers', 'Pagination']) {
				await openTab(page, tab);
				if (tab === 'Body') await u.response.getByRole('button', { name: 'Raw' }).click();
				expect(await violations()).toEqual([]);
			}
		});
	});
}
