import { startFakeServers, type RunningFake } from '../../scripts/fake-servers';
import { FAKES_PORT_BASE } from '../../playwright.config';
import { arrowTo, auth, goLive, openTab, request, tabTo, ui } from './explorer-helpers';
import { expect, FAKE_URLS, test } from './fixtures';

for (const mode of ['Demo', 'Live'] as const) {
	test.describe(`${mode} mode`, () => {
		test.beforeEach(async ({ page }) => {
			if (mode === 'Live') await goLive(page, FAKE_URLS.codehost);
			else await page.goto('/explorer');
		});

		test('paging forward and back on projects follows the Link URLs; totals left out above 10,000', async ({
			page
		}) => {
			const u = ui(page);
			await request(page, 'GET', '/projects', 'per_page=5');
			await expect(u.status).toContainText('200');
			await openTab(page, 'Pagination');
			await expect(u.pagination.getByRole('heading')).toContainText('offset-based');
			await expect(u.pagination.getByRole('row', { name: /^x-total / })).toContainText('10,000');
			await expect(u.pagination.getByRole('row', { name: /^x-prev-page/ })).toContainText(
				'first page'
			);
			await expect(u.pagination.getByRole('button', { name: 'Last page' })).toBeDisabled();
			await u.pagination.getByRole('button', { name: 'Next page' }).click();
			await expect(u.pagination.getByRole('row', { name: /^x-page/ })).toContainText('2');
			await u.pagination.getByRole('button', { name: 'Next page' }).click();
			await expect(u.pagination.getByRole('row', { name: /^x-page/ })).toContainText('3');
			await u.pagination.getByRole('button', { name: 'Previous page' }).click();
			await expect(u.pagination.getByRole('row', { name: /^x-page/ })).toContainText('2');
			await u.pagination.getByRole('button', { name: 'First page' }).click();
			await expect(u.pagination.getByRole('row', { name: /^x-page/ })).toContainText('1');
			await expect(u.response).toContainText(`projects?page=1&per_page=5`);
		});

		test('each auth method reaches the server the way the seed says', async ({ page }) => {
			const u = ui(page);
			await u.template.selectOption('current-user');
			await auth(
				page,
				'Personal, project or group access token',
				'glpat-demo-token',
				'PRIVATE-TOKEN header'
			);
			await u.send.click();
			await expect(u.response).toContainText('"personal"');
			await openTab(page, 'Headers');
			await expect(u.response.getByRole('region', { name: 'Response headers' })).toBeVisible();

			await u.sentAs.selectOption({ label: 'private_token query parameter' });
			await expect(page.getByRole('list', { name: 'Auth warnings' })).toContainText(
				'URLs end up in server logs'
			);
			await u.send.click();
			await expect(u.response).toContainText('private_token=[redacted]');
			await expect(u.status).toContainText('200');

			await u.sentAs.selectOption({ label: 'Authorization: Bearer header' });
			await u.send.click();
			await expect(u.status).toContainText('200');

			await auth(page, 'Impersonation token', 'glimp-demo-token');
			await u.send.click();
			await expect(u.response).toContainText('"impersonation"');

			await auth(page, 'Job token', 'glcbt-demo-job-token', 'JOB-TOKEN header');
			await u.send.click();
			await expect(u.error.getByRole('heading')).toHaveText('Not authenticated (401)');
			await u.template.selectOption('releases');
			await u.send.click();
			await expect(u.status).toContainText('200');
			await u.sentAs.selectOption({ label: 'job_token query parameter' });
			await u.send.click();
			await expect(u.response).toContainText('job_token=[redacted]');
			await expect(u.status).toContainText('200');

			await auth(page, 'Session cookie');
			await expect(page.getByRole('list', { name: 'Auth warnings' })).toContainText(
				'refuses credentials from other origins'
			);
			await u.template.selectOption('current-user');
			await u.send.click();
			if (mode === 'Demo') await expect(u.response).toContainText('"session"');
			else await expect(u.error.getByRole('heading')).toHaveText('Blocked by CORS');
		});

		test('OAuth: sign in, time left, automatic refresh on an expired token, failed refresh clears', async ({
			page
		}) => {
			const u = ui(page);
			await u.template.selectOption('current-user');
			await auth(page, 'OAuth 2.0 token');
			await page.getByRole('textbox', { name: 'Username' }).fill('root');
			await page.getByLabel('Password').fill('demo-password');
			await page.getByRole('button', { name: 'Get tokens' }).click();
			await expect(page.getByText(/Access token: (1 h 59 min|2 h 0 min) left/)).toBeVisible();
			await u.send.click();
			await expect(u.response).toContainText('"oauth"');

			await u.sentAs.selectOption({ label: 'access_token query parameter' });
			await u.token.fill('oauth-expired-demo');
			await page.getByLabel('Refresh credential', { exact: true }).fill('oauth-refresh-demo');
			await u.send.click();
			await expect(u.status).toContainText('200');
			await expect(u.response).toContainText('refreshed once');
			await expect(page.getByText('Refreshes: 1.')).toBeVisible();
			await expect(u.token).not.toHaveValue('oauth-expired-demo');

			await page.getByLabel('Refresh credential', { exact: true }).fill('spent-refresh');
			await page.getByRole('button', { name: 'Refresh now' }).click();
			await expect(page.getByRole('status').filter({ hasText: 'Sign in again' })).toBeVisible();
			await expect(u.token).toHaveValue('');
		});

		test('CH-SUDO-3: sudo: the request runs as another user, and the three refusals are explained', async ({
			page
		}) => {
			const u = ui(page);
			await u.template.selectOption('current-user');
			await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
			await u.sudo.fill('ALICE');
			await u.send.click();
			await expect(u.response).toContainText('"alice"');
			await page.getByRole('combobox', { name: 'Target sent as' }).selectOption('query');
			await u.sudo.fill('nobody');
			await u.send.click();
			await expect(u.error.getByRole('heading')).toHaveText('Unknown sudo user');
			await u.token.fill('glpat-user-token');
			await u.send.click();
			await expect(u.error.getByRole('heading')).toHaveText('Sudo needs an administrator');
			await u.token.fill('glpat-nosudo-token');
			await u.send.click();
			await expect(u.error.getByRole('heading')).toHaveText('Token lacks the sudo scope');
		});

		test('error shapes with their explanations', async ({ page }) => {
			const u = ui(page);
			const heading = u.error.getByRole('heading');
			await request(page, 'GET', '/nope');
			await expect(heading).toHaveText('Unknown route');
			await request(page, 'GET', '/projects/diaspora/client-1');
			await expect(page.getByRole('list', { name: 'Checks before sending' })).toContainText('%2F');
			await expect(heading).toHaveText('Unknown route');
			await request(page, 'GET', '/projects/9999999');
			await expect(heading).toHaveText('Resource not found');
			await request(page, 'GET', '/projects', 'per_page=100&page=501');
			await expect(heading).toHaveText('Past the maximum offset');
			await u.error.getByRole('button', { name: 'Use keyset pagination' }).click();
			await expect(u.query).toHaveValue('pagination=keyset&per_page=100&order_by=id&sort=asc');
			await request(page, 'GET', '/namespaces', 'pagination=keyset');
			await expect(heading).toHaveText('Not authenticated (401)');

			await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
			await request(page, 'GET', '/namespaces', 'pagination=keyset');
			await expect(heading).toHaveText('Keyset not available here');
			await request(page, 'PUT', '/projects');
			await expect(heading).toHaveText('Method not allowed (405)');

			await u.template.selectOption('create-project');
			await u.params.fill('{"description": "no name"}');
			await u.send.click();
			await expect(heading).toHaveText('Missing attribute');
			await expect(u.error).toContainText('"name" not given');
			await u.params.fill('{"name": "bad!"}');
			await u.send.click();
			await expect(heading).toHaveText('Validation failed');
			await expect(u.error.getByRole('list', { name: 'Validation errors' })).toContainText(
				"route.path can't be blank"
			);
			await u.params.fill('{"name": "existing"}');
			await u.send.click();
			await expect(heading).toHaveText('Conflict (409)');

			await u.template.selectOption('create-pipeline');
			await u.params.fill('{"ref": "main", "variables": [{"value": "x"}]}');
			await u.send.click();
			await expect(heading).toHaveText('Unprocessable entity (422)');

			await u.template.selectOption('create-snippet');
			await u.params.fill(
				'{"title": "t", "file_name": "f", "content": "lottery", "visibility": "public"}'
			);
			await u.send.click();
			await expect(heading).toHaveText('Spam detected');

			await auth(page, 'Personal, project or group access token', 'glpat-wrong');
			await request(page, 'GET', '/user');
			await expect(heading).toHaveText('Not authenticated (401)');
			await auth(page, 'OAuth 2.0 token', 'oauth-revoked-demo');
			await request(page, 'GET', '/user');
			await expect(heading).toHaveText('OAuth token revoked');
		});

		test('spam with CAPTCHA: paste the response and resubmit with the two headers', async ({
			page
		}) => {
			const u = ui(page);
			await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
			await u.template.selectOption('create-snippet');
			await u.send.click();
			await expect(u.error.getByRole('heading')).toHaveText('Spam detected: CAPTCHA required');
			await expect(u.error).toContainText('6LeDemoSiteKey-codehost-demo');
			await u.error.getByRole('textbox', { name: 'CAPTCHA response' }).fill('03AGdBq24-solved');
			await u.error.getByRole('button', { name: 'Resubmit with CAPTCHA' }).click();
			await expect(u.status).toContainText('201');
			await expect(u.response.getByRole('row', { name: /x-service-captcha-response/ })).toHaveCount(
				0
			);
		});

		test('301 of a renamed project: followed for GET with the hop shown, stopped for POST', async ({
			page
		}) => {
			const u = ui(page);
			await u.template.selectOption('get-renamed-project');
			await u.send.click();
			await expect(u.status).toContainText('200');
			await expect(u.response.getByRole('list', { name: 'Redirects' })).toContainText(
				'/api/v4/projects/81'
			);
			await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
			await request(page, 'POST', '/projects/diaspora%2Fold-client/pipeline');
			await expect(u.response.getByRole('note')).toContainText('Not followed');
			if (mode === 'Demo')
				await expect(u.response.getByRole('note')).toContainText('/api/v4/projects/81/pipeline');
		});

		test('fetch all pages with progress, a cap, and where it stopped', async ({ page }) => {
			const u = ui(page);
			await request(
				page,
				'GET',
				'/projects',
				'pagination=keyset&per_page=100&order_by=id&sort=asc'
			);
			await openTab(page, 'Pagination');
			await expect(u.pagination.getByRole('heading')).toContainText('keyset-based');
			await u.pagination.getByRole('spinbutton', { name: 'Page cap' }).fill('5');
			await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
			await expect(u.pagination.getByRole('status')).toContainText('Fetched: 5 pages, 500 items.');
			await expect(u.pagination.getByRole('status')).toContainText('cap of 5 pages');
			await expect(u.pagination.getByRole('status')).toContainText('id_after=500');
		});

		test('encodings: path parameters with %2F, + as %2B, multipart import, 414 offers a body', async ({
			page
		}) => {
			const u = ui(page);
			await u.template.selectOption('get-file');
			await expect(
				page.getByText(/Will send GET .*files\/docs%2Fguide%2FREADME\.md\?ref=main/)
			).toBeVisible();
			await u.send.click();
			await expect(u.status).toContainText('200');
			await u.query.fill('ref=main&since=2024-01-01T00:00:00+02:00');
			await expect(page.getByRole('list', { name: 'Checks before sending' })).toContainText('%2B');
			await page.getByRole('button', { name: 'Write + as %2B' }).click();
			await expect(u.query).toHaveValue('ref=main&since=2024-01-01T00:00:00%2B02:00');

			await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
			await u.template.selectOption('import-project');
			await page.getByLabel('File', { exact: true }).setInputFiles({
				name: 'export.tar.gz',
				mimeType: 'application/gzip',
				buffer: Buffer.from('archive')
			});
			await u.send.click();
			await expect(u.status).toContainText('201');
			await expect(u.response).toContainText('"scheduled"');

			await u.template.selectOption('create-project');
			await u.params.fill('');
			await u.method.selectOption('POST');
			await u.query.fill(`name=${'a'.repeat(5000)}`);
			await expect(page.getByRole('list', { name: 'Checks before sending' })).toContainText('414');
			await u.send.click();
			await expect(u.status).toContainText('414');
			await page.getByRole('button', { name: 'Move the parameters into a body' }).click();
			await u.send.click();
			await expect(u.status).toContainText('201');
		});

		test('history: searchable, re-runnable, redacted; cURL redacted unless asked', async ({
			page
		}) => {
			const u = ui(page);
			await auth(
				page,
				'Personal, project or group access token',
				'glpat-demo-token',
				'private_token query parameter'
			);
			await request(page, 'GET', '/projects/1');
			await expect(u.status).toContainText('200');
			await request(page, 'GET', '/nope');
			await expect(u.status).toContainText('404');
			const history = page.getByRole('region', { name: 'History' });
			await expect(history.getByRole('listitem')).toHaveCount(2);
			await expect(history).not.toContainText('glpat-demo-token');
			await history.getByRole('textbox', { name: 'Search history' }).fill('200');
			await expect(history.getByRole('listitem')).toHaveCount(1);
			await history.getByRole('button', { name: 'Run again' }).click();
			await expect(u.status).toContainText('200');
			await expect(history.getByRole('listitem')).toHaveCount(2);

			await openTab(page, 'Headers');
			await u.response.getByRole('button', { name: 'Copy as cURL' }).click();
			const curl = u.response.getByLabel('cURL command');
			await expect(curl).toContainText('private_token=[redacted]');
			await expect(curl).not.toContainText('glpat-demo-token');
			await u.response.getByRole('checkbox', { name: 'Include secrets in cURL' }).check();
			await u.response.getByRole('button', { name: 'Copy as cURL' }).click();
			await expect(curl).toContainText('private_token=glpat-demo-token');

			await history.getByRole('textbox', { name: 'Search history' }).fill('');
			const download = page.waitForEvent('download');
			await history.getByRole('button', { name: 'Export history' }).click();
			const file = await (await download).path();
			await history.getByRole('button', { name: 'Clear history' }).click();
			await expect(history).toContainText('No exchanges yet.');
			await history.getByLabel('Import history').setInputFiles(file);
			await expect(history.getByRole('status')).toContainText('Imported 3 entries.');
			await page.reload();
			await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(
				3
			);
		});
	});
}

test.describe('Live mode: failures of a server with its own switches', () => {
	let fakes: RunningFake[] = [];
	let base = '';
	test.beforeEach(async ({ page }, info) => {
		fakes = await startFakeServers({ portBase: FAKES_PORT_BASE + 20 + info.parallelIndex * 3 });
		base = fakes[0]!.url;
		await goLive(page, base);
	});
	test.afterEach(async () => {
		await Promise.all(fakes.map((f) => f.close()));
	});

	test('429 with a plain-text body: Retry-After is not readable cross-origin, and the explorer says so', async ({
		page
	}) => {
		const u = ui(page);
		fakes[0]!.faults.fault = '429';
		fakes[0]!.faults.times = 1;
		await request(page, 'GET', '/projects');
		await expect(u.error.getByRole('heading')).toHaveText('Rate limited (429)');
		await expect(u.error).toContainText('Retry later');
		await expect(u.error).toContainText('Not readable from this origin: Retry-After');
	});

	test('an HTML page is shown as text; a 5xx; a dropped connection is a network failure', async ({
		page
	}) => {
		const u = ui(page);
		fakes[0]!.faults.fault = 'html-error';
		fakes[0]!.faults.times = 1;
		await request(page, 'GET', '/projects');
		await expect(u.error.getByRole('heading')).toHaveText('HTML page instead of JSON (403)');
		await expect(u.response.getByLabel('Response body')).toContainText('Checking your browser');
		fakes[0]!.faults.fault = '503';
		fakes[0]!.faults.times = 1;
		await request(page, 'GET', '/projects');
		await expect(u.error.getByRole('heading')).toHaveText('Server error (503)');
		// Until switched off: Chromium retries a GET once on a reset connection.
		fakes[0]!.faults.fault = 'drop';
		fakes[0]!.faults.times = 0;
		await request(page, 'GET', '/projects');
		await expect(u.error.getByRole('heading')).toHaveText('Network failure');
		fakes[0]!.faults.fault = 'none';
	});

	test('fetch all pages can be cancelled', async ({ page }) => {
		const u = ui(page);
		await request(page, 'GET', '/projects', 'pagination=keyset&per_page=100&order_by=id&sort=asc');
		await expect(u.status).toContainText('200');
		await openTab(page, 'Pagination');
		fakes[0]!.faults.latencyMs = 150;
		await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
		await expect(u.pagination.getByRole('status')).toContainText(/Fetching: [2-9] pages/);
		// By keyboard: Cancel goes with the run, and the focus goes back to Fetch all pages.
		await u.pagination.getByRole('button', { name: 'Cancel fetching' }).press('Enter');
		await expect(u.pagination.getByRole('status')).toContainText('Cancelled after');
		await expect(u.pagination.getByRole('button', { name: 'Fetch all pages' })).toBeFocused();
		// History counts the pages answered, as the status does, and says the run was cancelled.
		const pages = /Cancelled after (\d+) page/.exec(
			(await u.pagination.getByRole('status').textContent()) ?? ''
		)?.[1];
		await expect(u.history.getByRole('listitem').first()).toContainText(
			`Fetch all pages: ${pages} ${pages === '1' ? 'page' : 'pages'}, cancelled`
		);
	});

	test('fetch all pages waits out a 429 and goes on; malformed JSON is called out', async ({
		page
	}) => {
		const u = ui(page);
		await request(page, 'GET', '/projects', 'pagination=keyset&per_page=100&order_by=id&sort=asc');
		await expect(u.status).toContainText('200');
		await openTab(page, 'Pagination');
		await u.pagination.getByRole('spinbutton', { name: 'Page cap' }).fill('3');
		fakes[0]!.faults.fault = '429';
		fakes[0]!.faults.times = 1;
		await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
		await expect(u.pagination.getByRole('status')).toContainText('Fetched: 3 pages, 300 items.');
		await expect(u.pagination.getByRole('status')).toContainText('cap of 3 pages');
		fakes[0]!.faults.fault = 'malformed-json';
		fakes[0]!.faults.times = 1;
		await request(page, 'GET', '/projects');
		await expect(u.error.getByRole('heading')).toHaveText('Malformed JSON (200)');
	});

	test('CH-OFF-3: a Link on another host than the base URL is flagged; the base URL is kept by default', async ({
		page
	}) => {
		const u = ui(page);
		// The server's configured host differs from the one called, as behind a proxy.
		await page
			.getByRole('textbox', { name: 'Request headers' })
			.fill('X-Demo-External-Url: http://external.invalid:8443');
		await request(page, 'GET', '/projects', 'per_page=5');
		await expect(u.status).toContainText('200');
		await openTab(page, 'Pagination');
		const links = u.pagination.getByRole('list', { name: 'Link relations' });
		await expect(links.getByRole('listitem').filter({ hasText: 'rel="next"' })).toContainText(
			'http://external.invalid:8443/api/v4/projects?page=2&per_page=5'
		);
		await expect(links).toContainText('another host than the base URL');
		await expect(u.pagination).toContainText('A Link URL points at another host');
		const keep = u.pagination.getByRole('checkbox', {
			name: 'Keep the base URL when following links'
		});
		// On by default: the credentials belong to the base URL.
		await expect(keep).toBeChecked();
		await u.pagination.getByRole('button', { name: 'Next page' }).click();
		await expect(u.pagination.getByRole('row', { name: /^x-page/ })).toContainText('2');
		await expect(u.response).toContainText(`${base}/api/v4/projects?page=2&per_page=5`);
		// Fetch all pages keeps the base URL too.
		await u.pagination.getByRole('spinbutton', { name: 'Page cap' }).fill('3');
		await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
		await expect(u.pagination.getByRole('status')).toContainText('Fetched: 3 pages, 15 items.');
		// Without the option the Link is followed exactly as given, to the other host, bare.
		await keep.uncheck();
		await u.pagination.getByRole('button', { name: 'Next page' }).click();
		await expect(u.error.getByRole('heading')).toHaveText('Network failure');
		await expect(page.getByRole('main')).toContainText('external.invalid');
	});

	test('two requests meet an expired OAuth token at once (fetch all and Send): exactly one refresh', async ({
		page
	}) => {
		const u = ui(page);
		await request(page, 'GET', '/projects', 'pagination=keyset&per_page=100&order_by=id&sort=asc');
		await expect(u.status).toContainText('200');
		await openTab(page, 'Pagination');
		await auth(page, 'OAuth 2.0 token', 'oauth-expired-demo', 'Authorization: Bearer header');
		await page.getByLabel('Refresh credential', { exact: true }).fill('oauth-refresh-demo');
		await u.pagination.getByRole('spinbutton', { name: 'Page cap' }).fill('2');
		// Both requests are in flight together, so both meet the 401 of the expired token.
		fakes[0]!.faults.latencyMs = 400;
		await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
		await u.send.click();
		await expect(u.pagination.getByRole('status')).toContainText('Fetched: 2 pages, 200 items.', {
			timeout: 15_000
		});
		await expect(u.status).toContainText('200');
		await expect(page.getByText('Refreshes: 1.')).toBeVisible();
		await expect(u.token).not.toHaveValue('oauth-expired-demo');
		const stats = (await (await fetch(`${base}/oauth/__stats`)).json()) as { refreshes: number };
		expect(stats.refreshes).toBe(1);
	});

	test('a server that is not there is a network failure, not CORS', async ({ page }) => {
		await goLive(page, 'http://127.0.0.1:9');
		await request(page, 'GET', '/projects');
		await expect(ui(page).error.getByRole('heading')).toHaveText('Network failure');
	});
});

test('keyboard only: choose the auth method, type the token, send, Next page; the token stays out of URLs and the console', async ({
	page
}) => {
	await goLive(page, FAKE_URLS.codehost);
	const u = ui(page);
	const urls: string[] = [];
	const logs: string[] = [];
	page.on('request', (r) => urls.push(r.url()));
	page.on('console', (m) => logs.push(m.text()));
	await page.locator('body').focus();

	// The request bar comes first: path and query, then the auth section below them.
	await tabTo(page, u.path);
	await page.keyboard.press('ControlOrMeta+a');
	await page.keyboard.type('/projects');
	await tabTo(page, u.query);
	await page.keyboard.type('per_page=5');
	await tabTo(page, u.authMethod);
	await arrowTo(page, u.authMethod, 'Personal, project or group access token');
	await tabTo(page, u.sentAs);
	await arrowTo(page, u.sentAs, 'PRIVATE-TOKEN header');
	await tabTo(page, u.token);
	await page.keyboard.type('glpat-demo-token');
	await page.keyboard.press('Enter');
	await expect(u.status).toContainText('200');
	await page.keyboard.press('ControlOrMeta+Enter');
	await expect(u.status).toContainText('200');

	// Into the response: the tabs are one stop; the arrow keys pick Pagination.
	await tabTo(page, u.response.getByRole('tab', { name: 'Body' }));
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowRight');
	await expect(u.response.getByRole('tab', { name: 'Pagination' })).toBeFocused();
	await expect(u.pagination.getByRole('row', { name: /^x-page/ })).toContainText('1');

	const next = u.pagination.getByRole('button', { name: 'Next page' });
	await tabTo(page, next);
	await page.keyboard.press('Space');
	await expect(u.pagination.getByRole('row', { name: /^x-page/ })).toContainText('2');
	await expect(next).toBeFocused();
	await page.keyboard.press('Shift+Tab');
	await expect(u.pagination.getByRole('button', { name: 'Previous page' })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(u.pagination.getByRole('row', { name: /^x-page/ })).toContainText('1');

	expect(urls.filter((url) => url.includes('/api/v4/')).length).toBeGreaterThanOrEqual(3);
	expect(urls.filter((url) => url.includes('glpat-demo-token'))).toEqual([]);
	expect(logs.filter((text) => text.includes('glpat-demo-token'))).toEqual([]);
});

test('Live: each auth way and the sudo target travel exactly as the seed says (headers seen on the wire)', async ({
	page
}) => {
	await goLive(page, FAKE_URLS.codehost);
	const u = ui(page);
	await u.template.selectOption('current-user');
	/** Sends and returns the URL and headers of the API request as it left the browser. */
	const sent = async () => {
		const [req] = await Promise.all([
			page.waitForRequest((r) => r.url().includes('/api/v4/') && r.method() !== 'OPTIONS'),
			u.send.click()
		]);
		await expect(u.status).toContainText(/\d{3}/);
		return { url: req.url(), headers: await req.allHeaders() };
	};
	const cases: [
		string,
		string,
		string,
		(r: { url: string; headers: Record<string, string> }) => void
	][] = [
		[
			'Personal, project or group access token',
			'PRIVATE-TOKEN header',
			'glpat-demo-token',
			(r) => {
				expect(r.headers['private-token']).toBe('glpat-demo-token');
				expect(r.url).not.toContain('glpat-demo-token');
			}
		],
		[
			'Personal, project or group access token',
			'private_token query parameter',
			'glpat-demo-token',
			(r) => {
				expect(new URL(r.url).searchParams.get('private_token')).toBe('glpat-demo-token');
				expect(r.headers['private-token']).toBeUndefined();
			}
		],
		[
			'Personal, project or group access token',
			'Authorization: Bearer header',
			'glpat-demo-token',
			(r) => {
				expect(r.headers['authorization']).toBe('Bearer glpat-demo-token');
				expect(r.url).not.toContain('glpat-demo-token');
			}
		],
		[
			'Job token',
			'JOB-TOKEN header',
			'glcbt-demo-job-token',
			(r) => {
				expect(r.headers['job-token']).toBe('glcbt-demo-job-token');
				expect(r.url).not.toContain('glcbt-demo-job-token');
			}
		],
		[
			'Job token',
			'job_token query parameter',
			'glcbt-demo-job-token',
			(r) => {
				expect(new URL(r.url).searchParams.get('job_token')).toBe('glcbt-demo-job-token');
				expect(r.headers['job-token']).toBeUndefined();
			}
		]
	];
	for (const [method, way, token, check] of cases) {
		await auth(page, method, token, way);
		check(await sent());
	}
	await auth(page, 'Impersonation token', 'glimp-demo-token', 'PRIVATE-TOKEN header');
	expect((await sent()).headers['private-token']).toBe('glimp-demo-token');

	await auth(page, 'OAuth 2.0 token');
	await page.getByRole('textbox', { name: 'Username' }).fill('root');
	await page.getByLabel('Password').fill('demo-password');
	await page.getByRole('button', { name: 'Get tokens' }).click();
	// The field holds the impersonation token until the answer arrives: wait for the sign-in.
	await expect(page.getByRole('status').filter({ hasText: 'Signed in' })).toBeVisible();
	const oauthToken = await u.token.inputValue();
	await u.sentAs.selectOption({ label: 'Authorization: Bearer header' });
	const bearer = await sent();
	expect(bearer.headers['authorization']).toBe(`Bearer ${oauthToken}`);
	expect(bearer.url).not.toContain(oauthToken);
	await u.sentAs.selectOption({ label: 'access_token query parameter' });
	const query = await sent();
	expect(new URL(query.url).searchParams.get('access_token')).toBe(oauthToken);
	expect(query.headers['authorization']).toBeUndefined();

	await auth(
		page,
		'Personal, project or group access token',
		'glpat-demo-token',
		'PRIVATE-TOKEN header'
	);
	await u.sudo.fill('alice');
	const byHeader = await sent();
	expect(byHeader.headers['sudo']).toBe('alice');
	expect(new URL(byHeader.url).searchParams.has('sudo')).toBe(false);
	await page.getByRole('combobox', { name: 'Target sent as' }).selectOption('query');
	const byQuery = await sent();
	expect(new URL(byQuery.url).searchParams.get('sudo')).toBe('alice');
	expect(byQuery.headers['sudo']).toBeUndefined();
});

test('bad input is refused with what to do: parameters that are not JSON, a header line without a colon', async ({
	page
}) => {
	const u = ui(page);
	await page.goto('/explorer');
	await u.method.selectOption('POST');
	await u.path.fill('/projects');
	await u.params.fill('{"name": "x",}');
	await u.send.click();
	await expect(page.getByRole('alert')).toContainText('Not sent: Parameters are not valid JSON');
	await expect(page.getByRole('alert')).toContainText('Write one JSON object');
	await expect(u.response).toHaveCount(0);
	await u.params.fill('{"name": "x"}');
	await page.getByRole('textbox', { name: 'Request headers' }).fill('Sudo root');
	await u.send.click();
	await expect(page.getByRole('alert')).toContainText(
		'is not a header. Write one header per line as Name: value'
	);
	await page.getByRole('textbox', { name: 'Request headers' }).fill('');
	await expect(page.getByRole('alert')).toHaveCount(0);
	await u.send.click();
	await expect(u.status).toContainText(/\d{3}/);
});

test('axe: the explorer with an answer, pagination and an error, and a failure on its own, has no violation', async ({
	page,
	axe
}) => {
	// Two full axe runs over the workbench page: slow on a busy machine.
	test.slow();
	await page.goto('/explorer');
	await request(page, 'GET', '/projects', 'per_page=5');
	await openTab(page, 'Pagination');
	await expect(ui(page).pagination).toBeVisible();
	await request(page, 'GET', '/projects', 'per_page=100&page=501');
	await expect(ui(page).error).toBeVisible();
	let results = await axe().analyze();
	expect(
		results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`)
	).toEqual([]);
	// A failure with no response (a server that is not there) shows the Error region on its own.
	await goLive(page, 'http://127.0.0.1:9');
	await request(page, 'GET', '/projects');
	await expect(ui(page).error.getByRole('heading', { level: 2 })).toHaveText('Network failure');
	results = await axe().analyze();
	expect(
		results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`)
	).toEqual([]);
});

test('axe: OAuth panel, a foreign-host Link with its option, a finished walk and a refused Send have no violation at all', async ({
	page,
	axe
}) => {
	// Two full axe runs over the workbench page: slow on a busy machine.
	test.slow();
	const u = ui(page);
	await page.goto('/explorer');
	await auth(page, 'OAuth 2.0 token', 'oauth-token-typed-by-hand');
	await u.sudo.fill('alice');
	await u.sudo.fill('');
	await auth(page, 'None');
	await page
		.getByRole('textbox', { name: 'Request headers' })
		.fill('X-Demo-External-Url: https://external.example');
	await request(page, 'GET', '/projects', 'per_page=5');
	await openTab(page, 'Pagination');
	await expect(
		u.pagination.getByRole('checkbox', { name: 'Keep the base URL when following links' })
	).toBeVisible();
	await u.pagination.getByRole('spinbutton', { name: 'Page cap' }).fill('2');
	await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
	await expect(u.pagination.getByRole('status')).toContainText('Fetched: 2 pages');
	await u.method.selectOption('POST');
	await u.params.fill('{');
	await u.send.click();
	await expect(page.getByRole('alert').filter({ hasText: 'Not sent' })).toBeVisible();
	await auth(page, 'OAuth 2.0 token');
	const results = await axe().analyze();
	expect(
		results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`)
	).toEqual([]);
});

test('server-side rules are shown: null booleans treated as false, and the rule-by-rule table', async ({
	page
}) => {
	await page.goto('/explorer');
	await request(page, 'GET', '/projects/1');
	const note = ui(page).response.getByText('yes/no field');
	// The note names the field it is about.
	await expect(note).toContainText(
		'The yes/no field archived is empty (null) here; the API means “no” by that.'
	);
	// Field paths and rule ids only for those who ask for them.
	await expect(note).not.toContainText('CH-BOOL-1');
	await expect(page.getByText('The API’s conventions, rule by rule')).toHaveCount(0);
	await page.getByRole('checkbox', { name: 'Show spec references' }).check();
	await expect(note).toContainText('archived (CH-BOOL-1)');
	await page.getByText('The API’s conventions, rule by rule').click();
	const table = page.getByRole('table', { name: 'Code-host conventions' });
	await expect(table.getByRole('row', { name: /CH-AUTH-6/ })).toContainText(
		'Deploy tokens cannot be used'
	);
	await expect(table.getByRole('row', { name: /CH-PATH-4/ })).toBeVisible();
	// One row per rule of the contract, plus the header row.
	await expect(table.getByRole('row')).toHaveCount(72);
});

test('Demo: the rate-limit switch gives a readable 429 with Retry-After and RateLimit-*; 412 with a request header', async ({
	page
}) => {
	const u = ui(page);
	// The demo failure switches live in Settings (they last until the page is reloaded).
	await page.goto('/settings');
	const failures = page.getByRole('group', { name: 'Demo failures' });
	await failures.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'Code host' });
	await failures.getByRole('combobox', { name: 'Failure' }).selectOption('429');
	await failures.getByRole('button', { name: 'Apply' }).click();
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Explorer' })
		.click();
	await request(page, 'GET', '/projects');
	await expect(u.error.getByRole('heading')).toHaveText('Rate limited (429)');
	await expect(u.error).toContainText('Wait 1 s (Retry-After)');
	await expect(u.error.getByRole('table', { name: 'Rate-limit headers' })).toContainText(
		'ratelimit-remaining'
	);

	await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
	await page
		.getByRole('textbox', { name: 'Request headers' })
		.fill('If-Unmodified-Since: Tue, 01 Oct 2024 00:00:00 GMT');
	await request(page, 'DELETE', '/projects/1/share/3');
	await expect(u.error.getByRole('heading')).toHaveText('Precondition failed (412)');
	await page.getByRole('textbox', { name: 'Request headers' }).fill('');
	await request(page, 'DELETE', '/projects/1/share/3');
	await expect(u.status).toContainText('204');
});

test('keyset helper follows the seed’s table: users by username, groups only without auth', async ({
	page
}) => {
	const u = ui(page);
	await page.goto('/explorer');
	await u.template.selectOption('users');
	await page.getByRole('combobox', { name: 'Order by' }).selectOption('username');
	await page.getByRole('combobox', { name: 'Sort' }).selectOption('desc');
	await page.getByRole('button', { name: 'Use keyset pagination' }).first().click();
	await expect(u.query).toHaveValue('pagination=keyset&per_page=100&order_by=username&sort=desc');
	await u.query.fill('pagination=keyset&per_page=50&order_by=username&sort=desc');
	await u.send.click();
	await openTab(page, 'Pagination');
	await expect(u.pagination.getByRole('heading')).toContainText('keyset-based');
	await expect(u.pagination).toContainText('only the Link header');
	await u.pagination.getByRole('button', { name: 'Next page' }).click();
	await expect(u.response).toContainText('cursor=');
	await u.template.selectOption('groups');
	await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
	await expect(page.getByText('keyset works only for unauthenticated requests')).toBeVisible();
});

test('explorer tokens stay in session storage, never in local storage or IndexedDB history', async ({
	page
}) => {
	await page.goto('/explorer');
	await auth(page, 'Personal, project or group access token', 'glpat-demo-token');
	await request(page, 'GET', '/user');
	await expect(ui(page).status).toContainText('200');
	const read = () =>
		page.evaluate(async () => {
			// Only open the database once the app made it, so this read never creates an empty one.
			const made = (await indexedDB.databases()).some((d) => d.name === 'codehost-history');
			const history = !made
				? ''
				: await new Promise<string>((resolve) => {
						const open = indexedDB.open('codehost-history');
						open.onsuccess = () => {
							try {
								// Every record: one per entry.
								const all = open.result.transaction('kv').objectStore('kv').getAll();
								all.onsuccess = () => resolve(JSON.stringify(all.result));
							} catch {
								resolve('');
							}
						};
					});
			return {
				session: JSON.stringify(sessionStorage),
				local: JSON.stringify(localStorage),
				history
			};
		});
	// History writes are batched: wait for the entry to land.
	await expect.poll(async () => (await read()).history).toContain('/user');
	const stored = await read();
	expect(stored.session).toContain('glpat-demo-token');
	expect(stored.local).not.toContain('glpat-demo-token');
	expect(stored.history).not.toContain('glpat-demo-token');
	await page.reload();
	await expect(ui(page).token).toHaveValue('glpat-demo-token');
});
