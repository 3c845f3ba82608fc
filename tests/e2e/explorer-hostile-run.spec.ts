/**
 * A collection run against hostile input (the security review's findings): a check whose pattern
 * freezes a backtracking engine, on an answer made for it, fails at once and the page stays
 * responsive; a pattern the safe matcher cannot take is refused where it is typed; a request
 * named `---` with markup in its name still exports a well-formed JUnit XML.
 */
import type { Page } from '@playwright/test';
import { SaxesParser } from 'saxes';
import { goLive, savedRequests, ui } from './explorer-helpers';
import { expect, FAKE_URLS, test } from './fixtures';
import { watchLongTasks } from './long-tasks';

const CORS = {
	'access-control-allow-origin': '*',
	'access-control-allow-headers': '*',
	'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE'
};
/** 40 word characters and a "!": ^(\w+\s?)*$ takes a backtracking engine over 20 s on it. */
const HOSTILE_NAME = `${'a'.repeat(40)}!`;

/** The code host answers /projects/hostile with a name made for the hostile pattern. */
async function hostileAnswer(page: Page) {
	// The path's catalogue entry adds per_page to the query.
	await page.route(
		(url) => url.pathname.endsWith('/api/v4/projects/hostile'),
		(route) =>
			route.request().method() === 'OPTIONS'
				? route.fulfill({ status: 204, headers: CORS })
				: route.fulfill({ json: { id: 1, name: HOSTILE_NAME }, headers: CORS })
	);
}

async function saveRequest(page: Page, name: string, path: string) {
	const saved = savedRequests(page);
	await ui(page).path.fill(path);
	await saved.name.fill(name);
	await saved.collection.fill('Hostile');
	await saved.save.click();
	await expect(saved.item(name)).toBeVisible();
}

/** Well-formed XML 1.0, as a strict parser reads it (saxes checks every character). */
function parsesAsXml(xml: string): string[] {
	const names: string[] = [];
	const parser = new SaxesParser();
	parser.on('error', (error) => {
		throw error;
	});
	parser.on('opentag', (tag) => {
		if (tag.name === 'testcase') names.push(String(tag.attributes.name));
	});
	parser.write(xml).close();
	return names;
}

test.describe('a run against hostile input', () => {
	// Requests that pass through a service worker are not seen by page.route.
	test.use({ serviceWorkers: 'block' });

	test('a check matching ^(\\w+\\s?)*$ on an answer made for it fails at once, the page never stalls; a backreference is refused where it is typed', async ({
		page,
		axe
	}) => {
		const tasks = await watchLongTasks(page);
		await goLive(page, FAKE_URLS.codehost);
		await hostileAnswer(page);
		await saveRequest(page, 'Hostile', '/projects/hostile');
		const saved = savedRequests(page);
		await saved.act('Hostile', 'Checks');
		await expect(saved.region.getByRole('group', { name: 'Checks of Hostile' })).toBeVisible();
		await saved.region.getByRole('button', { name: 'Add assertion' }).click();
		await saved.region
			.getByRole('combobox', { name: 'Check 1' })
			.selectOption({ label: 'JSON path matches' });
		await saved.region.getByRole('textbox', { name: 'JSON path of check 1' }).fill('$.name');
		const pattern = saved.region.getByRole('textbox', { name: 'Pattern of check 1' });
		await pattern.fill('^(\\w+\\s?)*$');
		await expect(saved.region).toContainText('1 assertion');

		await tasks.reset();
		await saved.region.getByRole('button', { name: 'Run collection' }).click();
		const results = page.getByRole('region', { name: 'Run results' });
		await expect(results).toContainText('0 passed, 1 failed');
		await expect(results.getByRole('list', { name: /Assertions of Hostile/ })).toContainText(
			`Failed: $.name matches /^(\\w+\\s?)*$/ — Was "${HOSTILE_NAME}"`
		);
		// A backtracking engine would have held the page for over 20 s in one task.
		expect(await tasks.longest()).toBeLessThan(1_000);

		await pattern.fill('(\\w)\\1');
		await expect(saved.region.getByRole('status').last()).toContainText(
			'pattern repeats what a group matched (a backreference such as \\1 or \\k<name>), which this app does not match'
		);
		await expect(saved.region.getByRole('status').last()).toContainText(
			'The checks saved before stay until this is fixed.'
		);
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
	});

	test('requests named <b>&"x"</b>, ]]> and ---, the last stopping the run, export a well-formed JUnit XML naming each', async ({
		page
	}) => {
		await goLive(page, FAKE_URLS.codehost);
		await hostileAnswer(page);
		await saveRequest(page, '<b>&"x"</b>', '/projects/hostile');
		await saveRequest(page, ']]>', '/projects/hostile');
		// No such project: a 404 fails it, and the run's stop reason names it in the file.
		await saveRequest(page, '---', '/projects/999999');
		const saved = savedRequests(page);
		await saved.region.getByText('Run options').click();
		await saved.region.getByRole('checkbox', { name: 'Stop at the first failure' }).check();
		await saved.region.getByRole('button', { name: 'Run collection' }).click();
		const results = page.getByRole('region', { name: 'Run results' });
		await expect(results).toContainText('2 passed, 1 failed');
		const download = page.waitForEvent('download');
		await results.getByRole('button', { name: 'Export JUnit XML' }).click();
		let text = '';
		for await (const chunk of await (await download).createReadStream()) text += String(chunk);
		expect(text).toContain('<!-- Stopped at the first failure: - - - ');
		expect(parsesAsXml(text).map((n) => n.replace(/ \(GET .*\)$/, ''))).toEqual([
			'<b>&"x"</b>',
			']]>',
			'---'
		]);
	});
});
