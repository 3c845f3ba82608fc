/**
 * The explorer's URL bar shows the whole request and Send sends what it shows: after Next page
 * a new path carries no query the bar did not show, a row switched off is not sent, an empty
 * path parameter is refused at its field before anything goes out, completion cuts a long path in
 * its middle (its start and its last segment tell it from its neighbours), and completion adds an
 * endpoint's parameter as a query row. Live, so what the loopback code host received is what
 * is checked; on a laptop and a phone.
 */
import type { Page, Request } from '@playwright/test';
import { goLive, ui } from './explorer-helpers';
import { expect, FAKE_URLS, test } from './fixtures';

const SIZES = [
	{ name: 'laptop', viewport: { width: 1280, height: 800 } },
	{ name: 'phone', viewport: { width: 412, height: 823 } }
] as const;

/** The requests the page sends to the loopback code host's API, as they left the browser. */
function apiRequests(page: Page): Request[] {
	const sent: Request[] = [];
	page.on('request', (r) => {
		if (r.url().startsWith(`${FAKE_URLS.codehost}/api/v4/`) && r.method() !== 'OPTIONS')
			sent.push(r);
	});
	return sent;
}

const bar = (page: Page) => page.getByRole('group', { name: 'URL', exact: true });

/** On a phone the answer takes the screen after Send: back to the request. */
async function backToRequest(page: Page) {
	const request = page.getByRole('button', { name: 'Request', exact: true });
	if (await request.isVisible()) await request.click();
}

for (const size of SIZES) {
	test.describe(`${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
		test.use({ viewport: size.viewport });
		test.beforeEach(async ({ page }) => goLive(page, FAKE_URLS.codehost));

		test('after Next page the URL bar shows the page; a new path typed there sends no page parameter it did not show', async ({
			page,
			axe
		}) => {
			const u = ui(page);
			const sent = apiRequests(page);
			await u.query.fill('per_page=5');
			await u.send.click();
			await expect(u.status).toContainText('200');
			await u.response
				.getByRole('navigation', { name: 'Pages' })
				.getByRole('button', { name: 'Next page' })
				.click();
			await expect(u.response.getByRole('navigation', { name: 'Pages' })).toContainText('Page 2');
			await backToRequest(page);
			// The carried page is in the bar, not only in a field further down.
			await expect(bar(page).getByRole('combobox', { name: 'Path' })).toHaveValue(
				/^\/projects\?(.*&)?page=2(&|$)/
			);
			expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

			await bar(page).getByRole('combobox', { name: 'Path' }).fill('/projects/99999');
			await expect(u.query).toHaveValue('');
			const before = sent.length;
			await u.send.click();
			await expect(u.status).toContainText('404');
			const last = new URL(sent.at(-1)!.url());
			expect(sent.length).toBe(before + 1);
			expect(last.pathname).toBe('/api/v4/projects/99999');
			expect(last.search).toBe('');
		});

		test('a ? typed in the URL bar adds a query row, a row edit rewrites the bar, and a row switched off is not sent', async ({
			page,
			axe
		}) => {
			const u = ui(page);
			const sent = apiRequests(page);
			await u.path.fill('/projects?per_page=2&order_by=id');
			await expect(u.query).toHaveValue('per_page=2&order_by=id');
			await page.getByRole('button', { name: 'Query as rows' }).click();
			await expect(page.getByRole('button', { name: 'Query as rows' })).toHaveAttribute(
				'aria-pressed',
				'true'
			);
			await expect(page.getByRole('textbox', { name: 'Query parameter 2 name' })).toHaveValue(
				'order_by'
			);
			await page.getByRole('textbox', { name: 'Query parameter 1 value' }).fill('3');
			await expect(u.path).toHaveValue('/projects?per_page=3&order_by=id');
			await page.getByRole('checkbox', { name: 'Query parameter 2 enabled' }).uncheck();
			await expect(u.path).toHaveValue('/projects?per_page=3');

			await page.getByRole('button', { name: 'Request headers as rows' }).click();
			await page.getByRole('button', { name: 'Add header' }).click();
			await expect(page.getByRole('textbox', { name: 'Header 1 name' })).toBeFocused();
			await page.keyboard.type('X-Trace');
			await page.getByRole('textbox', { name: 'Header 1 value' }).fill('off');
			await page.getByRole('checkbox', { name: 'Header 1 enabled' }).uncheck();
			expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

			await u.send.click();
			await expect(u.status).toContainText('200');
			const last = sent.at(-1)!;
			const url = new URL(last.url());
			expect([...url.searchParams.keys()]).toEqual(['per_page']);
			expect(url.searchParams.get('per_page')).toBe('3');
			expect(await last.headerValue('x-trace')).toBeNull();

			// Back on, it goes out; removed, it is gone from the bar.
			await backToRequest(page);
			await page.getByRole('checkbox', { name: 'Query parameter 2 enabled' }).check();
			await expect(u.path).toHaveValue('/projects?per_page=3&order_by=id');
			await page.getByRole('button', { name: 'Remove query parameter 1' }).click();
			await expect(u.path).toHaveValue('/projects?order_by=id');
			await expect(page.getByRole('textbox', { name: 'Query parameter 1 name' })).toBeFocused();
		});

		test('an empty path parameter is refused at its field beside the path, and nothing is sent', async ({
			page,
			axe
		}) => {
			const u = ui(page);
			const sent = apiRequests(page);
			await u.path.fill('/projects/:id');
			const id = bar(page).getByRole('textbox', { name: 'Path parameter id', exact: true });
			await expect(id).toBeVisible();
			// The template no longer says GET /projects.
			await expect(u.template).toHaveValue('');
			await u.send.click();
			const alert = bar(page).getByRole('alert');
			await expect(alert).toContainText('Not sent: Fill the path parameter id');
			await expect(id).toHaveAttribute('aria-invalid', 'true');
			await expect(id).toHaveAccessibleDescription('Fill in id: it goes into the path.');
			await expect(u.send).toBeFocused();
			expect(sent).toHaveLength(0);
			expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

			await id.fill('diaspora/client-1');
			await expect(alert).toHaveCount(0);
			await u.send.click();
			await expect(u.status).toContainText('200');
			expect(sent).toHaveLength(1);
			expect(new URL(sent[0]!.url()).pathname).toBe('/api/v4/projects/diaspora%2Fclient-1');
		});

		test('completion: one line an endpoint under the whole path field, a long path cut in its middle; after ? a parameter chosen becomes a query row', async ({
			page,
			axe
		}) => {
			const u = ui(page);
			await u.path.fill('');
			await u.path.pressSequentially('merge requests');
			const list = page.getByRole('listbox', { name: 'Endpoints' });
			await expect(list.getByRole('option').first()).toBeVisible();
			const box = (await page.locator('.url-box').boundingBox())!;
			const listBox = (await list.boundingBox())!;
			expect(Math.abs(listBox.width - box.width)).toBeLessThanOrEqual(2);
			// Each option one line; more than four in sight at once.
			const heights = await list
				.getByRole('option')
				.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
			const line = await list
				.getByRole('option')
				.first()
				.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
			for (const h of heights) expect(h).toBeLessThan(line * 2);
			const inSight = await list.evaluate((ul) => {
				const r = ul.getBoundingClientRect();
				return [...ul.children].filter((li) => {
					const b = li.getBoundingClientRect();
					return b.top >= r.top && b.bottom <= r.bottom + 1 && b.bottom <= innerHeight;
				}).length;
			});
			expect(inSight).toBeGreaterThan(4);

			// Paths that differ only at their ends are cut in the middle: start and end stay drawn.
			await u.path.fill('');
			await u.path.pressSequentially('/projects/:id/merge_requests/:merge_request_iid/');
			const discussions = list.getByRole('option', {
				name: 'GET /projects/:id/merge_requests/:merge_request_iid/discussions',
				exact: true
			});
			await expect(discussions).toBeVisible();
			await expect(discussions).toHaveAttribute(
				'title',
				'GET /projects/:id/merge_requests/:merge_request_iid/discussions'
			);
			const rows = await list.getByRole('option').evaluateAll((els) =>
				els.map((li) => {
					const name = li.getAttribute('aria-label') ?? '';
					const path = name.slice(name.indexOf(' ') + 1);
					const texts: Text[] = [];
					const walk = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
					while (walk.nextNode())
						if (walk.currentNode.textContent) texts.push(walk.currentNode as Text);
					/** Whether the character is drawn: inside every box between it and the option. */
					const drawn = (node: Text, at: number) => {
						const range = document.createRange();
						range.setStart(node, at);
						range.setEnd(node, at + 1);
						const r = range.getBoundingClientRect();
						for (let el = node.parentElement; el; el = el.parentElement) {
							const b = el.getBoundingClientRect();
							if (r.left < b.left - 0.5 || r.right > b.right + 0.5) return false;
							if (el === li) break;
						}
						return true;
					};
					const pathStart = texts.find((t) => t.data.startsWith('/'))!;
					const last = texts.at(-1)!;
					return {
						name,
						path,
						height: li.getBoundingClientRect().height,
						// The path's first two characters and its last one.
						start: drawn(pathStart, 0) && drawn(pathStart, 1),
						end: drawn(last, last.data.length - 1) && last.data.endsWith(path.slice(-1)),
						cut: [...li.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth + 1)
					};
				})
			);
			expect(rows.length).toBeGreaterThan(4);
			for (const row of rows) {
				expect(row.height, row.name).toBeLessThan(line * 2);
				expect({ name: row.name, start: row.start, end: row.end }).toEqual({
					name: row.name,
					start: true,
					end: true
				});
			}
			// On a phone these paths do not fit: the test is about a cut, not about room to spare.
			if (size.name === 'phone') expect(rows.filter((r) => r.cut).length).toBeGreaterThan(4);

			await u.path.fill('/projects');
			await u.path.pressSequentially('?per');
			const params = page.getByRole('listbox', { name: 'Parameters' });
			const perPage = params.getByRole('option', { name: /^per_page · integer · optional/ });
			await expect(perPage).toBeVisible();
			await expect(perPage).toContainText('at most 100');
			expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
			await page.keyboard.press('ArrowDown');
			await page.keyboard.press('Enter');
			await expect(u.path).toHaveValue('/projects?per_page=');
			await expect(u.path).toBeFocused();
			await page.keyboard.type('4');
			await expect(u.query).toHaveValue('per_page=4');
			await page.getByRole('button', { name: 'Query as rows' }).click();
			await expect(page.getByRole('textbox', { name: 'Query parameter 1 name' })).toHaveValue(
				'per_page'
			);

			// The chosen endpoint lists its parameters with type and allowed values; Add adds one.
			await u.path.fill('');
			await u.path.pressSequentially('/projects/:id/issues');
			await page.getByRole('option', { name: 'GET /projects/:id/issues', exact: true }).click();
			await page.getByText(/^Query parameters \(/).click();
			await expect(page.getByText('comma-separated list').first()).toBeVisible();
			await page.getByRole('button', { name: 'Add state', exact: true }).click();
			await expect(page.getByRole('status').filter({ hasText: 'Added state' })).toBeVisible();
			await expect(page.getByRole('textbox', { name: 'Query parameter 1 name' })).toHaveValue(
				'state'
			);
			await expect(u.path).toHaveValue('/projects/:id/issues?state=');
		});
	});
}
