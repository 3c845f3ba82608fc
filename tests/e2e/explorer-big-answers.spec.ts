/**
 * Big answers from a loopback server: a list of 20,000 projects drawn a window of rows at a time
 * (scrolling and the keyboard bring later rows), and a 50 MB answer shown cut, saved whole.
 */
import { readFileSync, statSync } from 'node:fs';
import { jsonOfBytes, startBigAnswers, type BigAnswers } from '../bench/big-answers-server';
import { answerTree, goLive, request, ui } from './explorer-helpers';
import { expect, test } from './fixtures';

let big: BigAnswers;
test.beforeAll(async () => {
	big = await startBigAnswers();
});
test.afterAll(async () => {
	await big.close();
});

test('a list of 20,000 projects: the tree draws only a window of rows, scrolling and the keyboard bring later ones', async ({
	page,
	axe
}) => {
	await goLive(page, big.apiRoot);
	const u = ui(page);
	await request(page, 'GET', '/big/items', 'n=20000');
	await expect(u.status).toHaveText('200 OK');
	const tree = answerTree(page);
	// The list is open; its 20,000 items are one closed row each.
	const top = tree.getByRole('treeitem', { name: /^Array\(20000\)$/ });
	await expect(top).toHaveAttribute('aria-expanded', 'true');
	const first = tree.getByRole('treeitem', { name: /^0: Object \{9\}$/ });
	await expect(first).toHaveAttribute('aria-expanded', 'false');
	await expect(tree).toHaveAttribute('data-rows', '20001');
	const drawn = tree.locator('[data-row]');
	expect(await drawn.count()).toBeLessThan(100);

	// Scrolled to the end, the last items are drawn and the first are not.
	await tree.evaluate((el) => (el.scrollTop = el.scrollHeight));
	const last = tree.getByRole('treeitem', { name: /^19999: Object \{9\}$/ });
	await expect(last).toBeVisible();
	await expect(first).toHaveCount(0);
	expect(await drawn.count()).toBeLessThan(100);

	// The last project opened: its id set as a variable from its row's menu, as anywhere.
	await last.click();
	await expect(last).toHaveAttribute('aria-expanded', 'true');
	const id = tree.getByRole('treeitem', { name: 'id: 20000', exact: true });
	await id.click();
	await id.getByRole('button', { name: 'Actions for $[19999].id' }).click();
	await page.getByRole('menu').getByRole('menuitem', { name: 'Set as variable' }).click();
	await expect(u.response.getByRole('status').filter({ hasText: 'Set {{id}}' })).toContainText(
		'Set {{id}} to 20000'
	);

	// From the keyboard: Home brings the top row back and focuses it; arrows move and open.
	await last.focus();
	await page.keyboard.press('Home');
	await expect(top).toBeFocused();
	await page.keyboard.press('ArrowDown');
	await expect(first).toBeFocused();
	await page.keyboard.press('ArrowRight');
	await expect(first).toHaveAttribute('aria-expanded', 'true');
	await page.keyboard.press('ArrowDown');
	await expect(tree.getByRole('treeitem', { name: 'id: 1', exact: true })).toBeFocused();
	await page.keyboard.press('End');
	// The last row (the last project's web_url) is drawn again and holds focus.
	const focusedRow = await page.evaluate(() => {
		const row = document.activeElement?.closest<HTMLElement>('[data-row]');
		return { at: Number(row?.dataset.row), text: row?.textContent ?? '' };
	});
	expect(focusedRow.at).toBe(Number(await tree.getAttribute('data-rows')) - 1);
	expect(focusedRow.text).toContain('project-20000');
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

	// Raw: the 5 MB answer written out two spaces a level, a window of rows too; Minified, as it came.
	await u.response.getByRole('button', { name: 'Raw' }).click();
	const raw = u.response.getByRole('region', { name: 'Response body' });
	await expect(raw).toContainText('[  {    "id": 1,    "name": "Project 1",');
	expect(await raw.locator('.row').count()).toBeLessThan(100);
	await u.response.getByRole('checkbox', { name: 'Minified' }).check();
	await expect(raw).toContainText('[{"id":1,"name":"Project 1"');
	expect(await raw.locator('.row').count()).toBeLessThan(100);
});

test('an answer of 50 MB is shown cut, as text, and Save the whole body saves all of it', async ({
	page
}) => {
	await goLive(page, big.apiRoot);
	const u = ui(page);
	await request(page, 'GET', '/big/json', 'n=50000000');
	await expect(u.status).toHaveText('200 OK', { timeout: 30_000 });
	await expect(u.response.getByRole('note')).toContainText('too big to show whole here');
	const body = u.response.getByRole('region', { name: 'Response body' });
	await expect(body).toContainText('[{"id":1,');
	expect(await body.locator('.row').count()).toBeLessThan(100);
	await expect(u.response.getByRole('button', { name: 'Copy', exact: true })).toHaveCount(0);

	const download = page.waitForEvent('download');
	await u.response.getByRole('button', { name: /^Save the whole body \(50\.\d MB\)$/ }).click();
	const file = await download;
	expect(file.suggestedFilename()).toBe('json.json');
	const saved = (await file.path())!;
	const sent = jsonOfBytes(50_000_000);
	expect(statSync(saved).size).toBe(sent.length);
	// Byte for byte as it came: its end too, which was never read as text.
	expect(readFileSync(saved).subarray(-64).toString()).toBe(sent.slice(-64));
});
