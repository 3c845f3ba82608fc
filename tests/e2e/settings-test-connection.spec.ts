/**
 * Settings as a person meets it (issue 47): no blank space under the API token, and a "Test
 * connection" per service that says in words what one read-only request found: reachable (and
 * as whom), CORS blocked, token refused, wrong API root, unreachable.
 */
import type { Page } from '@playwright/test';
import { APP_PORT } from '../../playwright.config';
import { expect, expectNoSideScroll, FAKE_URLS, nav, setLive, tabTo, test } from './fixtures';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 412, height: 823 };

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** Tests one service with the keyboard alone; focus stays on the button. Returns its status. */
async function testWithKeyboard(page: Page, service: string) {
	const button = group(page, service).getByRole('button', { name: 'Test connection' });
	await tabTo(page, button);
	await page.keyboard.press('Enter');
	const status = group(page, service).getByRole('status');
	await expect(status).not.toHaveText(/Testing/);
	await expect(button).toBeFocused();
	return status;
}

/** In the explorer, signs in with a personal access token (the code host keeps its token there). */
async function explorerToken(page: Page, token: string) {
	await nav(page, 'Explorer');
	await page.getByRole('combobox', { name: 'Auth method', exact: true }).selectOption({
		label: 'Personal, project or group access token'
	});
	await page.getByLabel('Token', { exact: true }).fill(token);
	await nav(page, 'Settings');
}

for (const viewport of [LAPTOP, PHONE]) {
	test(`no blank gap under the API token field at ${viewport.width} px`, async ({ page }) => {
		await page.setViewportSize(viewport);
		await page.goto('/settings');
		const energy = group(page, 'Energy rental');
		const token = await energy.getByLabel('API token').boundingBox();
		const remember = await energy
			.getByRole('checkbox', { name: 'Remember on this device' })
			.boundingBox();
		expect(token).not.toBeNull();
		expect(remember).not.toBeNull();
		// Was 157 px at both widths: the token's box grew to 12rem tall in a column layout.
		const gap = remember!.y - (token!.y + token!.height);
		expect(gap).toBeGreaterThanOrEqual(0);
		expect(gap).toBeLessThanOrEqual(24);
		await expectNoSideScroll(page);
	});
}

test('Demo: each service is reachable, tested by keyboard at 412 px, focus kept, axe clean', async ({
	page,
	axe
}) => {
	// Three demo services loaded in the page, some thirty checked key presses and an axe run.
	test.slow();
	await page.setViewportSize(PHONE);
	await page.goto('/settings');
	await expect(group(page, 'Bible').getByRole('button', { name: 'Test connection' })).toBeVisible();

	const codehost = await testWithKeyboard(page, 'Code host');
	await expect(codehost).toContainText('Reachable: the code host answered');
	await expect(codehost).toContainText('no token is set');
	const energy = await testWithKeyboard(page, 'Energy rental');
	await expect(energy).toContainText(/Reachable: signed in to buyer account \d+ of user \d+/);
	await expect(energy).toContainText('TRX');
	const bible = await testWithKeyboard(page, 'Bible');
	await expect(bible).toContainText(/Reachable: \d+ translations offered\./);

	await expectNoSideScroll(page);
	expect((await axe().analyze()).violations).toEqual([]);
});

test('Demo: the code host says who the explorer’s token signs in as; a changed setting clears the answer', async ({
	page
}) => {
	await page.goto('/settings');
	await explorerToken(page, 'glpat-demo-token');
	const codehost = group(page, 'Code host');
	await codehost.getByRole('button', { name: 'Test connection' }).click();
	await expect(codehost.getByRole('status')).toContainText('Reachable: signed in as root');

	// The answer was about the settings as they were: once they change it is gone.
	await codehost.getByRole('textbox', { name: 'Proxy URL' }).fill('http://127.0.0.1:8790');
	await expect(codehost.getByRole('status')).toHaveText('Saved.');
});

test('EN-AUTH-1: Live energy with a wrong token says the token is refused; the right one shows the account', async ({
	page
}) => {
	await setLive(page, 'Energy rental', FAKE_URLS.energy);
	const energy = group(page, 'Energy rental');
	await energy.getByLabel('API token').fill('wrong-token');
	const status = await testWithKeyboard(page, 'Energy rental');
	await expect(status).toContainText('Token refused (401).');
	await expect(status).toContainText('Check the API token');

	await energy.getByLabel('API token').fill('demo-energy-token');
	await energy.getByRole('button', { name: 'Test connection' }).click();
	await expect(status).toContainText('Reachable: signed in to buyer account');
	await expect(status).toContainText('250.00 TRX');
});

test('CH-ERR-4: Live code host with a wrong token says the token is refused', async ({ page }) => {
	await setLive(page, 'Code host', FAKE_URLS.codehost);
	await explorerToken(page, 'glpat-wrong-token');
	const status = await testWithKeyboard(page, 'Code host');
	await expect(status).toContainText('Token refused (401).');
	await expect(status).toContainText('Explorer page');
});

test('CH-ERR-3: a base URL with a path the API is not under says wrong API root (404)', async ({
	page
}) => {
	await setLive(page, 'Code host', `${FAKE_URLS.codehost}/gitlab`);
	const codehost = await testWithKeyboard(page, 'Code host');
	await expect(codehost).toContainText('Wrong API root: nothing found there (404).');
	await expect(codehost).toContainText(`${FAKE_URLS.codehost}/gitlab/api/v4/user`);

	await setLive(page, 'Bible', `${FAKE_URLS.bible}/bible`);
	const bible = await testWithKeyboard(page, 'Bible');
	await expect(bible).toContainText('Wrong API root');
	await expect(bible).toContainText('/api/v1');
});

test('a server without CORS headers is reported as CORS blocked, with what to do; axe clean', async ({
	page,
	axe
}) => {
	// The app's static server on another origin (localhost, not 127.0.0.1) sends no CORS headers.
	await setLive(page, 'Bible', `http://localhost:${APP_PORT}`);
	const bible = await testWithKeyboard(page, 'Bible');
	await expect(bible).toContainText('CORS blocked: the server does not allow this site’s origin.');
	await expect(bible).toContainText('Proxy URL');
	// Energy's Token header makes the browser ask first (a preflight), which this server refuses.
	await setLive(page, 'Energy rental', `http://localhost:${APP_PORT}`);
	await group(page, 'Energy rental').getByLabel('API token').fill('demo-energy-token');
	await expect(await testWithKeyboard(page, 'Energy rental')).toContainText('CORS blocked');
	expect((await axe().analyze()).violations).toEqual([]);
});

test('a server that is not there is reported as unreachable, not as CORS', async ({ page }) => {
	await setLive(page, 'Bible', 'http://127.0.0.1:9');
	const bible = await testWithKeyboard(page, 'Bible');
	await expect(bible).toContainText('Unreachable: nothing answered.');
	await expect(bible).not.toContainText('CORS');
});
