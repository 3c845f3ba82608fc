/** What the explorer's e2e specs share: its controls by accessible name, and a few moves. */
import type { Locator, Page } from '@playwright/test';
import { expect, nav, setLive } from './fixtures';

// One definition, in fixtures; explorer specs have long imported it from here.
export { tabTo } from './fixtures';

export const ui = (page: Page) => ({
	authMethod: page.getByRole('combobox', { name: 'Auth method', exact: true }),
	sentAs: page.getByRole('combobox', { name: 'Sent as', exact: true }),
	token: page.getByLabel('Token', { exact: true }),
	sudo: page.getByRole('textbox', { name: 'Sudo', exact: true }),
	sudoWay: page.getByRole('combobox', { name: 'Target sent as' }),
	method: page.getByRole('combobox', { name: 'Method', exact: true }),
	path: page.getByRole('combobox', { name: 'Path', exact: true }),
	query: page.getByRole('textbox', { name: 'Query', exact: true }),
	params: page.getByRole('textbox', { name: 'Parameters (JSON)' }),
	template: page.getByRole('combobox', { name: 'Template' }),
	send: page.getByRole('button', { name: 'Send', exact: true }),
	response: page.getByRole('region', { name: 'Response', exact: true }),
	status: page
		.getByRole('region', { name: 'Response', exact: true })
		.getByRole('heading', { level: 2 }),
	pagination: page.getByRole('region', { name: 'Pagination' }),
	error: page.getByRole('region', { name: 'Error' }),
	history: page.getByRole('region', { name: 'History' })
});

/** Opens a tab of the response (Body, Headers, Pagination, Error). */
export async function openTab(page: Page, name: string) {
	await ui(page).response.getByRole('tab', { name, exact: true }).click();
}

export async function goLive(page: Page, baseUrl: string) {
	await setLive(page, 'Code host', baseUrl);
	await nav(page, 'Explorer');
	await expect(page.getByLabel('Code host connection')).toContainText('Live');
}

export async function request(page: Page, method: string, path: string, query = '') {
	const u = ui(page);
	await u.method.selectOption(method);
	await u.path.fill(path);
	await u.query.fill(query);
	await u.send.click();
}

/** Chooses an option of a focused select with the arrow keys only. */
export async function arrowTo(page: Page, select: Locator, label: string) {
	for (let i = 0; i < 20; i++) {
		const chosen = await select.evaluate(
			(el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? ''
		);
		if (chosen === label) return;
		await page.keyboard.press('ArrowDown');
	}
	throw new Error(`No option "${label}" reached with the arrow keys`);
}

export async function auth(page: Page, method: string, token = '', way?: string) {
	const u = ui(page);
	await u.authMethod.selectOption({ label: method });
	if (way) await u.sentAs.selectOption({ label: way });
	if (token) await u.token.fill(token);
}

/** The answer's tree (Tree view of the Body tab): one Tab stop, its rows moved with the arrows. */
export const answerTree = (page: Page) =>
	ui(page).response.getByRole('tree', { name: 'Response tree' });

/** The tree's row of the first value under `key` ("id: 7"). */
export const valueRow = (page: Page, key: string) =>
	answerTree(page)
		.getByRole('treeitem', { name: new RegExp(`^${key.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')}: `) })
		.first();

/** Sets the first value under `key` as a variable, from its row's menu. */
export async function setAsVariable(page: Page, key: string) {
	const row = valueRow(page, key);
	await row.click();
	await row.getByRole('button', { name: /^Actions for / }).click();
	await page.getByRole('menu').getByRole('menuitem', { name: 'Set as variable' }).click();
}

/**
 * Saving a request (the group "Save" after the URL bar) and the Collections side list: finding,
 * opening and importing saved requests.
 */
export const savedRequests = (page: Page) => {
	const region = page.getByRole('region', { name: 'Collections' });
	const saving = page.getByRole('group', { name: 'Save', exact: true });
	return {
		region,
		name: saving.getByRole('textbox', { name: 'Request name' }),
		collection: saving.getByRole('combobox', { name: 'Collection', exact: true }),
		save: saving.getByRole('button', { name: 'Save request' }),
		item: (name: string) => region.getByRole('button', { name, exact: true }),
		/** A saved request's menu button: Checks, Rename, Duplicate, Move up, Move down, Delete. */
		actions: (name: string) => region.getByRole('button', { name: `Actions for ${name}` }),
		/** Opens a saved request's menu and chooses one of its actions. */
		act: async (name: string, action: string) => {
			await region.getByRole('button', { name: `Actions for ${name}` }).click();
			await region
				.getByRole('menu')
				.getByRole(action === 'Checks' ? 'menuitemcheckbox' : 'menuitem', { name: action })
				.click();
		},
		status: region.getByRole('status'),
		importFile: region.getByLabel('Import collections')
	};
};
