/**
 * Secret values sealed on the device, in two tabs (two pages of one browser) with the browser's
 * real local storage: a change sealed in one is shown in the other, neither writes its older copy
 * over the other's, and a seal past the real 5 MB quota is said, never claimed kept, and a later
 * one that fits is sealed again.
 */
import type { Page } from '@playwright/test';
import { goLive, request, setAsVariable, ui } from './explorer-helpers';
import { expect, test } from './fixtures';
import { startValueServer, type ValueServer } from './value-server';

const PASSPHRASE = 'correct horse battery';
const vault = (page: Page) => page.getByRole('region', { name: 'Secret values on this device' });
const variables = (page: Page) => page.getByRole('group', { name: 'Variables' });
const KEPT = 'Kept on this device encrypted';

async function keepOnDevice(page: Page) {
	await vault(page).getByLabel('Passphrase').fill(PASSPHRASE);
	await vault(page).getByRole('button', { name: 'Keep encrypted on this device' }).click();
	await expect(vault(page).getByRole('status')).toContainText('now kept on this device, encrypted');
	await expect(vault(page)).toContainText(KEPT);
}

async function unlock(page: Page) {
	await vault(page).getByLabel('Passphrase').fill(PASSPHRASE);
	await vault(page).getByRole('button', { name: 'Unlock' }).click();
	await expect(vault(page).getByRole('status')).toContainText('Unlocked');
}

test('two tabs: a sealed value changed in one is shown in the other, and neither writes its older copy over it', async ({
	page: a,
	context,
	axe
}) => {
	const b = await context.newPage();
	for (const page of [a, b]) {
		await page.goto('/explorer');
		await page.getByRole('textbox', { name: 'Request headers' }).fill('X-Key: {{api_key}}');
	}
	const key = (page: Page) => variables(page).getByLabel('api_key', { exact: true });
	await key(a).fill('key-from-a');
	await keepOnDevice(a);

	await unlock(b);
	await expect(key(b)).toHaveValue('key-from-a');
	await expect(vault(b)).toContainText(KEPT);

	// B changes it: A shows B's value at once, and says why.
	await key(b).fill('key-from-b');
	await expect(key(a)).toHaveValue('key-from-b');
	await expect(vault(a).getByRole('status')).toHaveText(
		'Another tab changed the secret values kept on this device; this tab shows them now.'
	);
	await expect(vault(a)).toContainText(KEPT);
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

	// And back: A's change reaches B, and the sealed copy a new tab opens is the newest.
	await key(a).fill('key-from-a-again');
	await expect(key(b)).toHaveValue('key-from-a-again');
	const c = await context.newPage();
	await c.goto('/explorer');
	await c.getByRole('textbox', { name: 'Request headers' }).fill('X-Key: {{api_key}}');
	await unlock(c);
	await expect(key(c)).toHaveValue('key-from-a-again');
	expect(await a.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('key-from');
});

test.describe('a seal past the real quota of local storage', () => {
	let server: ValueServer;
	test.beforeAll(async () => {
		server = await startValueServer();
	});
	test.afterAll(async () => {
		await server.close();
	});

	test('is said and never claimed kept; a new tab is told its copy may be older; the next seal that fits is kept again', async ({
		context,
		page
	}) => {
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(error.message));
		await goLive(page, server.apiRoot);
		const setAs = async (chars: number) => {
			await request(page, 'GET', '/value', `key=api_key&chars=${chars}`);
			await expect(ui(page).status).toHaveText('200 OK');
			await setAsVariable(page, 'api_key');
		};
		await setAs(8);
		await keepOnDevice(page);

		// 4 million characters: the tab's session storage holds them, the sealed copy (a third
		// bigger, in base64) does not fit in local storage's 5 MB.
		await setAs(4_000_000);
		await expect(vault(page).getByRole('status')).toContainText(
			"Not saved: this browser's storage for this site is full. The encrypted copy kept before stays on this device, without this change"
		);
		await expect(vault(page)).not.toContainText(KEPT);
		await expect(vault(page)).toContainText('Not all kept on this device');
		expect(errors).toEqual([]);

		const other = await context.newPage();
		await other.goto('/explorer');
		await unlock(other);
		await expect(variables(other).getByLabel('api_key', { exact: true })).toHaveValue('aaaaaaaa');
		await expect(vault(other).getByRole('status')).toContainText(
			'These may be older than a change made in another tab, which did not fit on this device.'
		);

		// A value that fits: sealed again, said so, and the other tab shows it.
		await variables(page).getByLabel('api_key', { exact: true }).fill('short-again');
		await expect(vault(page).getByRole('status')).toHaveText(
			'Secret values are kept on this device, encrypted, again.'
		);
		await expect(vault(page)).toContainText(KEPT);
		await expect(variables(other).getByLabel('api_key', { exact: true })).toHaveValue(
			'short-again'
		);
	});
});
