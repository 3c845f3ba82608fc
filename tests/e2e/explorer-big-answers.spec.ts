/**
 * Big answers from a loopback server: a list of 20,000 projects drawn a window of rows at a time
 * (scrolling and the keyboard bring later rows), and a 50 MB answer shown cut, saved whole.
 */
import { readFileSync, statSync } from 'node:fs';
import { jsonOfBytes, startBigAnswers, type BigAnswers } from '../bench/big-answers-server';
import { goLive, request, ui } from './explorer-helpers';
import { expect, test } from './fixtures';

let big: BigAnswers;
test.beforeAll(async () => {
	big = await startBigAnswers();
});
test.afterAll(async () => {
	await big.close();
});

test('a list of 20,000 projects: Pretty view draws only a window of rows, scrolling and the keyboard bring later ones', async ({
	page,
	axe
}) => {
	await goLive(page, big.apiRoot);
	const u = ui(page);
	await request(page, 'GET', '/big/items', 'n=20000');
	await expect(u.status).toHaveText('200 OK');
	const tree = u.response.getByRole('group', { name: 'Response tree' });
	// The list is open; its 20,000 items are one closed row each.
	await expect(tree.getByRole('button', { name: /^Array\(20000\)$/ })).toHaveAttribute(
		'aria-expanded',
		'true'
	);
	const first = tree.getByRole('button', { name: /^0:\s*Object \{9\}$/ });
	await expect(first).toHaveAttribute('aria-expanded', 'false');
	await expect(tree).toHaveAttribute('data-rows', '20001');
	const drawn = tree.locator('[data-row]');
	expect(await drawn.count()).toBeLessThan(100);

	// Scrolled to the end, the last items are drawn and the first are not.
	await tree.evaluate((el) => (el.scrollTop = el.scrollHeight));
	const last = tree.getByRole('button', { name: /^19999:\s*Object \{9\}$/ });
	await expect(last).toBeVisible();
	await expect(first).toHaveCount(0);
	expect(await drawn.count()).toBeLessThan(100);

	// The last project opened: its id set as a variable, as anywhere in the tree.
	await last.click();
	await expect(last).toHaveAttribute('aria-expanded', 'true');
	const id = tree.locator('.leaf', { hasText: /^id:20000/ });
	await id.getByRole('button', { name: 'Set as variable' }).click();
	await expect(u.response.getByRole('status').filter({ hasText: 'Set {{id}}' })).toContainText(
		'Set {{id}} to 20000'
	);

	// From the keyboard: Home brings the top row back and focuses it; arrows move and open.
	await last.focus();
	await page.keyboard.press('Home');
	await expect(tree.getByRole('button', { name: /^Array\(20000\)$/ })).toBeFocused();
	await page.keyboard.press('ArrowDown');
	await expect(first).toBeFocused();
	await page.keyboard.press('ArrowRight');
	await expect(first).toHaveAttribute('aria-expanded', 'true');
	await page.keyboard.press('ArrowDown');
	await expect(tree.locator('.leaf', { hasText: /^id:1\b/ }).getByRole('button')).toBeFocused();
	await page.keyboard.press('End');
	// The last row (the last project's web_url) is drawn again and holds focus.
	const focusedRow = await page.evaluate(() => {
		const row = document.activeElement?.closest<HTMLElement>('[data-row]');
		return { at: Number(row?.dataset.row), text: row?.textContent ?? '' };
	});
	expect(focusedRow.at).toBe(Number(await tree.getAttribute('data-rows')) - 1);
	expect(focusedRow.text).toContain('project-20000');
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

	// Raw: the 5 MB text, a window of rows too.
	await u.response.getByRole('button', { name: 'Raw' }).click();
	const raw = u.response.getByRole('region', { name: 'Response body' });
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
