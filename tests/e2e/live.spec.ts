import { APP_PORT } from '../../playwright.config';
import { expect, FAKE_URLS, nav, setLive, test } from './fixtures';

test('CH-OFF-2: Live code host over real HTTP: a request and its pagination headers', async ({
	page
}) => {
	await setLive(page, 'Code host', FAKE_URLS.codehost);
	await nav(page, 'Explorer');
	await expect(page.getByLabel('Code host connection')).toContainText(
		`Live ${FAKE_URLS.codehost}/api/v4`
	);
	await page.getByRole('button', { name: 'Send' }).click();
	const response = page.getByRole('region', { name: 'Response', exact: true });
	await expect(response.getByRole('heading', { level: 2 })).toContainText('200');
	// Exposed cross-origin by the server, so readable here.
	await response.getByRole('tab', { name: 'Headers', exact: true }).click();
	await expect(response.getByRole('row', { name: /x-per-page/ })).toContainText('5');
	await response.getByRole('tab', { name: 'Pagination', exact: true }).click();
	const pagination = page.getByRole('region', { name: 'Pagination' });
	await pagination.getByRole('button', { name: 'Next page' }).click();
	await expect(pagination.getByRole('row', { name: /^x-page/ })).toContainText('2');
});

test('EN-AUTH-1, EN-ACCL-1: Live energy over real HTTP: balances with the API token', async ({
	page
}) => {
	await setLive(page, 'Energy rental', FAKE_URLS.energy);
	await page
		.getByRole('group', { name: 'Energy rental' })
		.getByLabel('API token')
		.fill('wrong-token');
	await nav(page, 'Energy');
	await expect(page.getByLabel('Energy rental connection')).toContainText('Live');
	await expect(page.getByRole('alert')).toContainText('401');
	await expect(page.getByRole('alert')).toContainText('token');

	await nav(page, 'Settings');
	await page
		.getByRole('group', { name: 'Energy rental' })
		.getByLabel('API token')
		.fill('demo-energy-token');
	await nav(page, 'Energy');
	await expect(page.getByText('Buyer balance')).toContainText('250.00 TRX');
});

test('BI-EP-1: Live Bible over real HTTP: the translations', async ({ page }) => {
	await setLive(page, 'Bible', FAKE_URLS.bible);
	await nav(page, 'Bible');
	await expect(page.getByLabel('Bible connection')).toContainText('Live');
	await expect(page.getByRole('heading', { name: 'King James Version (KJV)' })).toBeVisible();
});

test('a server that is not there is reported as unreachable, not as CORS', async ({ page }) => {
	await setLive(page, 'Bible', 'http://127.0.0.1:9');
	await nav(page, 'Bible');
	await expect(page.getByRole('alert')).toContainText('The Bible server could not be reached');
	await expect(page.getByRole('alert')).not.toContainText('CORS');
});

test('a server that blocks the origin is reported as CORS with the proxy remedy', async ({
	page
}) => {
	// The static server answers no-cors probes but sends no CORS headers: a CORS block.
	await setLive(page, 'Bible', `http://localhost:${APP_PORT}`);
	await nav(page, 'Bible');
	await expect(page.getByRole('alert')).toContainText('CORS');
	await expect(page.getByRole('alert')).toContainText('Proxy URL');
});

test('a server answering HTML where JSON was expected shows a parse problem with the body', async ({
	page,
	request
}) => {
	await request.post(`${FAKE_URLS.bible}/__faults`, { data: { fault: 'html-error', times: 1 } });
	await setLive(page, 'Bible', FAKE_URLS.bible);
	await nav(page, 'Bible');
	const alert = page.getByRole('alert');
	await expect(alert).toContainText('403');
	await alert.getByText('What the server sent (error 403)').click();
	await expect(alert).toContainText('Checking your browser');
	await request.post(`${FAKE_URLS.bible}/__faults`, { data: { fault: 'none' } });
});
