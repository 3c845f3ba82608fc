/**
 * The explorer knows GitLab: the path field completes from the endpoint catalogue, a value of an
 * answer is carried into the next request, and a collection runs with its results counted.
 */
import { expect, test } from './fixtures';
import { savedRequests, setAsVariable, ui, valueRow } from './explorer-helpers';

test('the path completes from words, the endpoint fills its fields, and a missing required attribute is named', async ({
	page,
	axe
}) => {
	await page.goto('/explorer');
	const u = ui(page);
	await u.path.fill('');
	await u.path.pressSequentially('merge requests');
	const option = page.getByRole('option', {
		name: 'GET /projects/:id/merge_requests',
		exact: true
	});
	await expect(option).toBeVisible();
	// With the keyboard: down to the option, Enter chooses it.
	for (let i = 0; i < 12; i++) {
		if ((await option.getAttribute('aria-selected')) === 'true') break;
		await page.keyboard.press('ArrowDown');
	}
	await page.keyboard.press('Enter');
	await expect(u.path).toHaveValue('/projects/:id/merge_requests');
	await expect(u.path).toBeFocused();
	await expect(page.getByRole('link', { name: /GitLab documentation/ })).toHaveAttribute(
		'href',
		/^https:\/\/docs\.gitlab\.com\/api\/merge_requests/
	);
	const id = page.getByRole('textbox', { name: 'Path parameter id', exact: true });
	await id.fill('diaspora/client-1');
	await expect(page.getByText(/^Will send /)).toContainText(
		'/projects/diaspora%2Fclient-1/merge_requests'
	);
	await u.send.click();
	await expect(u.status).toContainText('200');
	await expect(u.response).toContainText('Merge request 1 of project');
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

	// A POST that needs a title names it before sending; sending stays possible.
	await u.path.fill('');
	await u.path.pressSequentially('POST /projects/:id/issues');
	await page.getByRole('option', { name: 'POST /projects/:id/issues', exact: true }).click();
	await expect(page.getByRole('note').filter({ hasText: 'Required and not set' })).toContainText(
		'title'
	);
	await expect(u.send).toBeEnabled();
});

test('a value of the answer, set as a variable, goes into the next request and follows new answers', async ({
	page
}) => {
	await page.goto('/explorer');
	const u = ui(page);
	await u.path.fill('/projects/diaspora%2Fclient-1/issues');
	await u.query.fill('per_page=2');
	await u.send.click();
	await expect(u.status).toContainText('200');
	const value = (await valueRow(page, 'iid').locator('.value').textContent())!;
	await setAsVariable(page, 'iid');
	await expect(u.response.getByRole('status').filter({ hasText: 'Set {{iid}}' })).toContainText(
		`Set {{iid}} to ${value}`
	);
	await u.path.fill('/projects/diaspora%2Fclient-1/issues/{{iid}}');
	await u.query.fill('');
	await expect(page.getByText(/^Will send /)).toContainText(`/issues/${value}`);
	await u.send.click();
	await expect(u.status).toContainText('200');
	await expect(u.response).toContainText(`iid: ${value}`);
	// The kept path is read from each new answer; this one is an object, so the value stays.
	await expect(u.response).toContainText('Not in this answer, kept as before: {{iid}}');
});

test('Run collection runs the saved requests in order and counts them: 2 passed, 1 failed', async ({
	page,
	axe
}) => {
	await page.goto('/explorer');
	const u = ui(page);
	const saved = savedRequests(page);
	const requests: [string, string][] = [
		['All projects', '/projects'],
		['Client issues', '/projects/diaspora%2Fclient-1/issues'],
		['No such project', '/projects/999999']
	];
	for (const [name, path] of requests) {
		await u.path.fill(path);
		await saved.name.fill(name);
		await saved.collection.fill('Smoke');
		await saved.save.click();
		await expect(saved.item(name)).toBeVisible();
	}
	await saved.region.getByRole('button', { name: 'Run collection' }).click();
	const results = page.getByRole('region', { name: 'Run results' });
	await expect(results).toContainText('2 passed, 1 failed');
	await expect(results).toContainText('No such project');
	const download = page.waitForEvent('download');
	await results.getByRole('button', { name: 'Export JUnit XML' }).click();
	const xml = await (await download).createReadStream();
	let text = '';
	for await (const chunk of xml) text += String(chunk);
	expect(text).toContain('<testsuite');
	expect(text).toContain('failures="1"');
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
});

test('assertions declared under Checks decide the run; data rows run it once per row; a malformed row is refused first', async ({
	page,
	axe
}) => {
	await page.goto('/explorer');
	const u = ui(page);
	const saved = savedRequests(page);
	const requests: [string, string][] = [
		['Projects', '/projects'],
		['Project issues', '/projects/{{project}}/issues'],
		['Created?', '/projects']
	];
	for (const [name, path] of requests) {
		await u.path.fill(path);
		await saved.name.fill(name);
		await saved.collection.fill('Checked');
		await saved.save.click();
		await expect(saved.item(name)).toBeVisible();
	}
	// The third expects 201 where the server answers 200: one failing assertion.
	await saved.act('Created?', 'Checks');
	await expect(saved.region.getByRole('group', { name: 'Checks of Created?' })).toBeVisible();
	await saved.region.getByRole('button', { name: 'Add assertion' }).click();
	await saved.region.getByRole('spinbutton', { name: 'Status of check 1' }).fill('201');
	await expect(saved.region).toContainText('1 assertion');
	expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

	await saved.region.getByText('Run options').click();
	const rows = saved.region.getByRole('textbox', { name: /Data rows/ });
	await rows.fill('project\n"diaspora/client-1\nx');
	await saved.region.getByRole('button', { name: 'Run collection' }).click();
	await expect(saved.region.getByRole('alert')).toContainText('Row 2');
	await expect(page.getByRole('region', { name: 'Run results' })).not.toContainText('passed');

	await rows.fill('project\n1\n2');
	await saved.region.getByRole('button', { name: 'Run collection' }).click();
	const results = page.getByRole('region', { name: 'Run results' });
	await expect(results).toContainText('4 passed, 2 failed');
	await expect(
		results.getByRole('list', { name: /Assertions of Created\?/ }).first()
	).toContainText('Failed: Status equals 201 — Status was 200');

	// The chosen requests only: Projects left out, two requests a row.
	await saved.region
		.getByRole('group', { name: 'Requests to run' })
		.getByRole('checkbox', { name: 'Projects', exact: true })
		.uncheck();
	await saved.region.getByRole('button', { name: 'Run collection' }).click();
	await expect(results).toContainText('2 passed, 2 failed');
	await expect(results).not.toContainText('Projects (GET /projects)');

	// A search narrows the list, not the run's choices: all three stay listed, as they were ticked.
	const search = saved.region.getByRole('textbox', { name: 'Search saved requests' });
	await search.fill('Created');
	const which = saved.region.getByRole('group', { name: 'Requests to run' });
	await expect(which.getByRole('checkbox')).toHaveCount(3);
	await expect(which.getByRole('checkbox', { name: 'Projects', exact: true })).not.toBeChecked();
	await expect(which.getByRole('checkbox', { name: 'Project issues', exact: true })).toBeChecked();
	await search.fill('');

	// Kept with the request: after a reload the check is still there.
	await page.reload();
	await saved.act('Created?', 'Checks');
	await expect(saved.region.getByRole('spinbutton', { name: 'Status of check 1' })).toHaveValue(
		'201'
	);
});
