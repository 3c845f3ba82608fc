import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_PORT } from '../../playwright.config';
import { expect, FAKE_URLS, test } from './fixtures';

const PROXY_PORT = APP_PORT + 30;
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
// One proxy process for the file: its tests share it, so they run one after the other.
test.describe.configure({ mode: 'serial' });

interface Proxy {
	process: ChildProcess;
	/** Everything it wrote, stdout and stderr. */
	log: () => string;
}

async function startProxy(target: string, port: number): Promise<Proxy> {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'scripts/proxy.ts', '--target', target, '--port', String(port)],
		{ stdio: ['ignore', 'pipe', 'pipe'] }
	);
	let log = '';
	await new Promise<void>((resolve) => {
		const collect = (chunk: Buffer) => {
			log += chunk.toString();
			if (log.includes('listening')) resolve();
		};
		child.stdout.on('data', collect);
		child.stderr.on('data', collect);
	});
	return { process: child, log: () => log };
}

/** A request with a Host header of our choosing (fetch may not set one). */
function rawGet(
	port: number,
	path: string,
	headers: Record<string, string>
): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
			let body = '';
			res.on('data', (chunk: Buffer) => (body += chunk.toString()));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
		});
		req.on('error', reject);
		req.end();
	});
}

let proxy: Proxy;

test.beforeAll(async () => {
	proxy = await startProxy(FAKE_URLS.codehost, PROXY_PORT);
});

test.afterAll(() => {
	proxy.process.kill();
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
	await response.getByRole('tab', { name: 'Headers', exact: true }).click();
	await expect(response.getByRole('row', { name: /^x-per-page/ })).toContainText('5');
	await expect(response.getByRole('row', { name: /^content-type/ })).toBeVisible();
	// Never logged: the token in the query string.
	await expect.poll(() => proxy.log()).toContain('/api/v4/projects');
	expect(proxy.log()).not.toContain('glpat-demo-token');
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

	// An absolute-form request target (a forward-proxy request for another host) is refused, even
	// when Host names the proxy.
	const raw = await new Promise<string>((resolve) => {
		import('node:net').then(({ connect }) => {
			const socket = connect(PROXY_PORT, '127.0.0.1', () =>
				socket.write(`GET http://example.com/ HTTP/1.1\r\nHost: 127.0.0.1:${PROXY_PORT}\r\n\r\n`)
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
	expect(proxy.log()).not.toContain('wrong');
});

test.describe('with a target that records what reaches it', () => {
	const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
	const upstream = createServer((req, res) => {
		seen.push({ url: req.url ?? '', headers: req.headers });
		res.writeHead(200, { 'content-type': 'text/plain' }).end('upstream');
	});
	const port = PROXY_PORT + 1;
	let recording: Proxy;

	test.beforeAll(async () => {
		await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
		const { port: upstreamPort } = upstream.address() as AddressInfo;
		recording = await startProxy(`http://127.0.0.1:${upstreamPort}`, port);
	});

	test.afterAll(async () => {
		recording.process.kill();
		await new Promise((resolve) => upstream.close(resolve));
	});

	test.beforeEach(() => {
		seen.length = 0;
	});

	test('a request addressed to another host name (DNS rebinding) is refused and never forwarded', async () => {
		for (const host of [
			'evil.example',
			`evil.example:${port}`,
			`127.0.0.1.nip.io:${port}`,
			`127.0.0.1:${port + 1}`
		]) {
			const answer = await rawGet(port, '/api/v4/user', { host, 'private-token': 'tok' });
			expect(answer.status, host).toBe(421);
			expect(answer.body, host).toContain(`127.0.0.1:${port}`);
		}
		expect(seen).toEqual([]);

		// Its own loopback names get through.
		for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
			const answer = await rawGet(port, '/api/v4/user', { host });
			expect(answer, host).toEqual({ status: 200, body: 'upstream' });
		}
		expect(seen.map((s) => s.url)).toEqual(Array(3).fill('/api/v4/user'));
	});

	test('a token in the query is forwarded as it is but never logged, however its name is spelt', async () => {
		const query =
			'private%5Ftoken=secret-one&PRIVATE_TOKEN=secret-two&access%5ftoken=secret-three&page=2';
		const answer = await rawGet(port, `/api/v4/projects?${query}`, { host: `127.0.0.1:${port}` });
		expect(answer.status).toBe(200);
		expect(seen.map((s) => s.url)).toEqual([`/api/v4/projects?${query}`]);
		await expect.poll(() => recording.log()).toContain('/api/v4/projects?');
		expect(recording.log()).toContain('page=2');
		expect(recording.log()).not.toMatch(/secret-/);
	});
});
