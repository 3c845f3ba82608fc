/**
 * Secret variables: a variable ticked Secret is absent from an exported environment, kept for the
 * tab only unless the person encrypts it on the device, and a new tab unlocks it with the
 * passphrase (a wrong one changes nothing).
 */
import { expect, test } from './fixtures';
import { ui } from './explorer-helpers';

const SECRET = 'deploy-note-4417-secret';

test('a variable ticked Secret is absent from the export; encrypted on the device, a new tab unlocks it', async ({
	page,
	context,
	axe
}) => {
	await page.goto('/explorer');
	const u = ui(page);
	await page.getByRole('textbox', { name: 'Request headers' }).fill('X-Note: {{note}}');
	const value = page.getByLabel('note', { exact: true });
	await value.fill(SECRET);
	const secret = page.getByRole('checkbox', { name: 'Secret: note' });
	await expect(secret).not.toBeChecked();
	await secret.check();
	await expect(value).toHaveAttribute('type', 'password');

	const collections = page.getByRole('region', { name: 'Collections' });
	await page.getByRole('textbox', { name: 'Request name' }).fill('With a note');
	await page.getByRole('button', { name: 'Save request' }).click();
	const download = page.waitForEvent('download');
	await collections.getByRole('button', { name: 'Export collections' }).click();
	let text = '';
	for await (const chunk of await (await download).createReadStream()) text += String(chunk);
	expect(text).not.toContain(SECRET);
	const file = JSON.parse(text) as {
		environments: { values: Record<string, string>; secret?: string[] }[];
	};
	const env = file.environments.find((e) => 'note' in e.values)!;
	expect(env.values.note).toBe('');
	expect(env.secret).toContain('note');
	expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(SECRET);

	// Opt in: sealed on this device under a passphrase.
	const vault = page.getByRole('region', { name: 'Secret values on this device' });
	await vault.getByLabel('Passphrase').fill('correct horse battery');
	await vault.getByRole('button', { name: 'Keep encrypted on this device' }).click();
	await expect(vault.getByRole('status')).toContainText('now kept on this device, encrypted');
	const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
	expect(stored).toContain('PBKDF2-SHA-256');
	expect(stored).not.toContain(SECRET);
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

	// A new tab: the value is locked until the passphrase is given.
	const tab = await context.newPage();
	await tab.goto('/explorer');
	await tab.getByRole('textbox', { name: 'Request headers' }).fill('X-Note: {{note}}');
	await expect(tab.getByLabel('note', { exact: true })).toHaveValue('');
	const locked = tab.getByRole('region', { name: 'Secret values on this device' });
	await locked.getByLabel('Passphrase').fill('wrong horse');
	await locked.getByLabel('Passphrase').press('Enter');
	await expect(locked.getByRole('status')).toContainText('does not open');
	await expect(tab.getByLabel('note', { exact: true })).toHaveValue('');
	await locked.getByLabel('Passphrase').fill('correct horse battery');
	await locked.getByRole('button', { name: 'Unlock' }).click();
	await expect(locked.getByRole('status')).toContainText('Unlocked 1 secret value');
	await expect(tab.getByLabel('note', { exact: true })).toHaveValue(SECRET);
	await expect(ui(tab).send).toBeEnabled();
	await u.send.click();
	await expect(u.status).toContainText('200');
});
