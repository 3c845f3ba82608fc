/**
 * The answer and the saved requests as a fast tool (issue 47), on a laptop and a 412 px phone:
 * the JSON tree is one Tab stop moved with the arrow keys, shows a long value whole, and "Set as
 * variable" is in a row's menu; Raw is written out two spaces a level, with Minified for the text
 * as it came; a saved request's actions are one menu, worked from the keyboard.
 */
import { startValueServer, type ValueServer } from './value-server';
import { answerTree, goLive, request, savedRequests, ui, valueRow } from './explorer-helpers';
import { expect, expectNoSideScroll, test } from './fixtures';

const VIEWS = [
	{ name: 'laptop', viewport: { width: 1280, height: 800 } },
	{ name: 'phone', viewport: { width: 412, height: 823 } }
];
const LONG = 'd'.repeat(300);
const ANSWER = { id: 7, name: 'Release notes', description: LONG };

let server: ValueServer;
test.beforeAll(async () => {
	server = await startValueServer();
});
test.afterAll(async () => {
	await server.close();
});

for (const view of VIEWS) {
	test.describe(`on a ${view.name}`, () => {
		test.use({ viewport: view.viewport });

		test('the answer tree is one Tab stop moved with the arrows, shows a long value whole, sets a variable from a row’s menu; Raw is pretty, Minified one line', async ({
			page,
			axe
		}) => {
			await goLive(page, server.apiRoot);
			const u = ui(page);
			await request(page, 'GET', '/value', 'key=description&chars=300');
			await expect(u.status).toHaveText('200 OK');
			const tree = answerTree(page);
			const top = tree.getByRole('treeitem', { name: 'Object {3}', exact: true });
			const id = valueRow(page, 'id');
			const name = valueRow(page, 'name');
			const description = valueRow(page, 'description');
			await expect(tree.getByRole('treeitem')).toHaveCount(4);
			await expect(name).toHaveAccessibleName('name: "Release notes"');

			// One Tab stop: nothing else in the tree is in the tab order, and Tab goes past it.
			const stops = await tree.evaluate(
				(el) => [...el.querySelectorAll<HTMLElement>('*')].filter((e) => e.tabIndex >= 0).length
			);
			expect(stops).toBe(1);
			await top.focus();
			await page.keyboard.press('Tab');
			expect(await tree.evaluate((el) => el.contains(document.activeElement))).toBe(false);
			await page.keyboard.press('Shift+Tab');
			await expect(top).toBeFocused();

			// The arrows, Home and End move; Left and Right close and open.
			await page.keyboard.press('ArrowDown');
			await expect(id).toBeFocused();
			await page.keyboard.press('ArrowDown');
			await expect(name).toBeFocused();
			await page.keyboard.press('ArrowUp');
			await expect(id).toBeFocused();
			await page.keyboard.press('End');
			await expect(description).toBeFocused();
			await page.keyboard.press('Home');
			await expect(top).toBeFocused();
			await page.keyboard.press('ArrowLeft');
			await expect(top).toHaveAttribute('aria-expanded', 'false');
			await expect(tree.getByRole('treeitem')).toHaveCount(1);
			await page.keyboard.press('ArrowRight');
			await expect(top).toHaveAttribute('aria-expanded', 'true');
			await page.keyboard.press('ArrowRight');
			await expect(id).toBeFocused();

			// A value longer than the column is shown whole, wrapped inside the tree, and the rows
			// stand one under the other.
			await expect(description.locator('.value')).toHaveText(`"${LONG}"`);
			const fit = await tree.evaluate((el) => {
				const value = el.querySelector<HTMLElement>('[role="treeitem"]:last-child .value')!;
				const box = value.getBoundingClientRect();
				const rows = [...el.querySelectorAll('[role="treeitem"]')].map((r) =>
					r.getBoundingClientRect()
				);
				rows.sort((a, b) => a.top - b.top);
				return {
					lines: Math.round(box.height / parseFloat(getComputedStyle(value).lineHeight)),
					inside: box.right <= el.getBoundingClientRect().right + 0.5,
					sideways: el.scrollWidth > el.clientWidth,
					overlaps: rows.some((r, i) => i > 0 && r.top < rows[i - 1]!.bottom - 0.5)
				};
			});
			expect(fit).toEqual({
				lines: expect.any(Number),
				inside: true,
				sideways: false,
				overlaps: false
			});
			expect(fit.lines).toBeGreaterThan(1);

			// Set as variable from the row's menu: Shift+F10 opens it on its first item.
			await page.keyboard.press('End');
			await page.keyboard.press('Shift+F10');
			const menu = page.getByRole('menu');
			await expect(menu.getByRole('menuitem', { name: 'Set as variable' })).toBeFocused();
			expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
			await page.keyboard.press('Enter');
			await expect(menu).toHaveCount(0);
			await expect(description).toBeFocused();
			const said = u.response.getByRole('status').filter({ hasText: 'Set {{' });
			await expect(said).toContainText('Set {{description}} to ');
			const variables = page.getByRole('group', { name: 'Variables' });
			await expect(variables.getByLabel('description', { exact: true })).toHaveValue(LONG);
			// Enter opens it too; Escape closes it back to the row.
			await page.keyboard.press('ArrowUp');
			await page.keyboard.press('Enter');
			await expect(menu.getByRole('menuitem', { name: 'Set as variable' })).toBeFocused();
			await page.keyboard.press('Escape');
			await expect(menu).toHaveCount(0);
			await expect(name).toBeFocused();
			// By pointer: the current row's menu button.
			await id.click();
			await id.getByRole('button', { name: 'Actions for $.id' }).click();
			await menu.getByRole('menuitem', { name: 'Set as variable' }).click();
			await expect(said).toContainText('Set {{id}} to 7');
			await expect(variables.getByLabel('id', { exact: true })).toHaveValue('7');

			// Raw: two spaces a level; Minified: the one line that came.
			await u.response.getByRole('button', { name: 'Raw' }).click();
			const raw = u.response.getByLabel('Response body');
			expect(await raw.textContent()).toBe(JSON.stringify(ANSWER, null, 2));
			await u.response.getByRole('checkbox', { name: 'Minified' }).check();
			expect(await raw.textContent()).toBe(JSON.stringify(ANSWER));
			await u.response.getByRole('checkbox', { name: 'Minified' }).uncheck();
			await expect(raw).toContainText('"id": 7,');
			expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
			await expectNoSideScroll(page);
		});

		test('a saved request’s actions are one menu button: opened, moved through and chosen from the keyboard', async ({
			page,
			axe
		}) => {
			await page.goto('/explorer');
			const u = ui(page);
			const s = savedRequests(page);
			for (const [title, path] of [
				['Projects', '/projects'],
				['Me', '/user']
			]) {
				await u.path.fill(path!);
				await s.name.fill(title!);
				await s.collection.fill('Mine');
				await s.save.click();
				await expect(s.item(title!)).toBeVisible();
			}
			const list = s.region.getByRole('list', { name: 'Mine' });
			const names = list.locator('button.open');
			// A row: its name, and one button for everything else.
			const buttons = list.getByRole('listitem').last().getByRole('button');
			await expect(buttons).toHaveCount(2);
			await expect(buttons.first()).toHaveText('Me');
			await expect(s.actions('Me')).toHaveAttribute('aria-haspopup', 'menu');

			const menu = s.region.getByRole('menu');
			const item = (name: string) =>
				menu.getByRole(name === 'Checks' ? 'menuitemcheckbox' : 'menuitem', { name });
			await s.actions('Me').focus();
			await page.keyboard.press('ArrowDown');
			await expect(s.actions('Me')).toHaveAttribute('aria-expanded', 'true');
			await expect(item('Checks')).toBeFocused();
			expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
			await page.keyboard.press('ArrowUp');
			await expect(item('Delete')).toBeFocused();
			await page.keyboard.press('Home');
			await expect(item('Checks')).toBeFocused();
			await page.keyboard.press('End');
			await expect(item('Delete')).toBeFocused();
			await page.keyboard.press('Escape');
			await expect(menu).toHaveCount(0);
			await expect(s.actions('Me')).toBeFocused();

			// Move up: the order changes, focus stays on the row's menu button.
			await page.keyboard.press('Enter');
			await page.keyboard.press('m');
			await expect(item('Move up')).toBeFocused();
			await page.keyboard.press('Enter');
			await expect(names).toHaveText(['Me', 'Projects']);
			await expect(s.actions('Me')).toBeFocused();

			// Checks opens the request's checks under it.
			await page.keyboard.press('Space');
			await expect(item('Checks')).toBeFocused();
			await page.keyboard.press('Enter');
			await expect(s.region.getByRole('group', { name: 'Checks of Me' })).toBeVisible();
			await expect(s.actions('Me')).toBeFocused();

			// Duplicate: focus on the copy; Delete of the copy leaves the two.
			await page.keyboard.press('Enter');
			await page.keyboard.press('d');
			await expect(item('Duplicate')).toBeFocused();
			await page.keyboard.press('Enter');
			await expect(s.item('Me (copy)')).toBeFocused();
			await expect(names).toHaveText(['Me', 'Me (copy)', 'Projects']);
			await s.actions('Me (copy)').focus();
			await page.keyboard.press('ArrowUp');
			await page.keyboard.press('Enter');
			await expect(s.status).toHaveText('Deleted “Me (copy)”.');
			await expect(names).toHaveText(['Me', 'Projects']);

			// Tab closes the menu and goes on from its button.
			await s.actions('Projects').focus();
			await page.keyboard.press('Enter');
			await expect(item('Checks')).toBeFocused();
			await page.keyboard.press('Tab');
			await expect(menu).toHaveCount(0);
			const role = await page.evaluate(() => document.activeElement?.getAttribute('role') ?? '');
			expect(role).not.toMatch(/menuitem/);
			await expect(s.actions('Projects')).not.toBeFocused();
			await expectNoSideScroll(page);
		});
	});
}
