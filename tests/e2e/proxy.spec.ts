import { spawn, type ChildProcess } from 'node:child_process';
import { APP_PORT } from '../../playwright.config';
import { expect, FAKE_URLS, test } from './fixtures';

const PROXY_PORT = APP_PORT + 30;
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
// One proxy process for the file: its tests share it, so they run one after the other.
test.describe.configure({ mode: 'serial' });
let proxy: ChildProcess;
let log = '';

test.beforeAll(async () => {
	proxy = spawn(
		process.execPath,
		[
			'--import',
			'tsx',
			'scripts/proxy.ts',
			'--target',
			FAKE_URLS.codehost,
			'--port',
			String(PROXY_PORT)
		],
		{
			stdio: ['ignore', 'pipe', 'pipe']
		}
	);
	await new Promise<void>((resolve) => {
		proxy.stdout!.on('data', (chunk: Buffer) => {
			log += chunk.toString();
			if (log.includes('listening')) resolve();
		});
	});
});

test.afterAll(() => {
	proxy.kill();
});

test('the proxy forwards a call from the app and hides nothing it needs', async ({ page }) => {
	await page.goto('/settings');
	const group = page.getByRole('group', { name: 'Code host' });
	// The server's own address is unreachable from here; only the proxy gets through.
	await group.getByRole('textbox', { name: 'Base URL' }).fill('https://gitlab.example.com');
	await group.getByRole('textbox', { name: 'Proxy URL' }).fill(PROXY);
	await group.getByRole('radio', { name: 'Live' }).check();
	await expect(group.getByRole('status')).toHaveText('Saved.');
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Explorer' })
		.click();
	await page
		.getByRole('textbox', { name: 'Query' })
		.fill('per_page=5&private_token=glpat-demo-token');
	await page.getByRole('button', { name: 'Send' }).click();
	const response = page.getByRole('region', { name: 'Response', exact: true });
	await expect(response.getByRole('heading', { level: 2 })).toContainText('200');
	// The demo code host has 10,050 projects, so the totals are left out (CH-OFF-4); x-per-page is exposed.
	await expect(response.getByRole('row', { name: /^x-per-page/ })).toContainText('5');
	await expect(response.getByRole('row', { name: /^content-type/ })).toBeVisible();
	// Never logged: the token in the query string.
	await expect.poll(() => log).toContain('/api/v4/projects');
	expect(log).not.toContain('glpat-demo-token');
});

test('the proxy passes credential headers through and refuses any other target', async ({
	request
}) => {
	const answer = await request.get(`${PROXY}/api/v4/projects/1`, {
		headers: { 'PRIVATE-TOKEN': 'wrong', Origin: 'http://127.0.0.1:4173' }
	});
	expect(answer.status()).toBe(401);
	expect(answer.headers()['access-control-allow-origin']).toBe('http://127.0.0.1:4173');

	const preflight = await request.fetch(`${PROXY}/api/v4/projects`, {
		method: 'OPTIONS',
		headers: {
			Origin: 'http://127.0.0.1:4173',
			'Access-Control-Request-Method': 'GET',
			'Access-Control-Request-Headers': 'private-token, sudo'
		}
	});
	expect(preflight.status()).toBe(204);
	expect(preflight.headers()['access-control-allow-headers']).toContain('sudo');

	const foreign = await request.get(`${PROXY}/api/v4/projects`, {
		headers: { Origin: 'https://evil.example' }
	});
	expect(foreign.status()).toBe(403);

	// An absolute-form request target (a forward-proxy request for another host) is refused.
	const raw = await new Promise<string>((resolve) => {
		import('node:net').then(({ connect }) => {
			const socket = connect(PROXY_PORT, '127.0.0.1', () =>
				socket.write('GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n')
			);
			let data = '';
			socket.on('data', (d) => {
				data += d.toString();
				socket.end();
			});
			socket.on('close', () => resolve(data));
		});
	});
	expect(raw).toMatch(/^HTTP\/1\.1 403/);
	expect(log).not.toContain('wrong');
});
