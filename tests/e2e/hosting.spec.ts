// scripts/serve.js behaves like the production host docs/deploying.md describes: security headers
// on every response, and the precompressed files adapter-static writes, chosen by Accept-Encoding.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type IncomingHttpHeaders as Http2Headers } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { APP_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { startStaticServer } from './static-server';

const SECURITY_HEADERS = {
	'x-frame-options': 'DENY',
	'content-security-policy': "frame-ancestors 'none'",
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'no-referrer'
};

const entry = readdirSync('build/_app/immutable/entry').find((f) => /^app\..+\.js$/.test(f))!;
const JS_PATH = `/_app/immutable/entry/${entry}`;
const JS_FILE = readFileSync(join('build', JS_PATH));

/** The bytes as sent, not decoded (Playwright's request decodes them). */
function raw(
	path: string,
	headers: Record<string, string>,
	method = 'GET'
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
	return new Promise((resolve, reject) => {
		const req = httpRequest({ host: '127.0.0.1', port: APP_PORT, path, method, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () =>
				resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })
			);
		});
		req.on('error', reject);
		req.end();
	});
}

test('pages, deep links, assets and errors all carry the security headers', async ({ request }) => {
	for (const path of ['/', '/explorer', '/bible/KJV/John/3', JS_PATH, '/favicon.svg', '/nope.js']) {
		const answer = await request.get(path);
		expect(answer.status(), path).toBe(path === '/nope.js' ? 404 : 200);
		expect(answer.headers(), path).toMatchObject(SECURITY_HEADERS);
	}
});

test('a JS asset is sent as br when allowed, else gzip, else as it is; always the same file', async () => {
	const br = await raw(JS_PATH, { 'accept-encoding': 'gzip, deflate, br, zstd' });
	expect(br.headers['content-encoding']).toBe('br');
	expect(brotliDecompressSync(br.body).equals(JS_FILE)).toBe(true);
	expect(br.body.length).toBeLessThan(JS_FILE.length);

	for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
		const gz = await raw(JS_PATH, { 'accept-encoding': accept });
		expect(gz.headers['content-encoding'], accept).toBe('gzip');
		expect(gunzipSync(gz.body).equals(JS_FILE), accept).toBe(true);
	}

	const identity: Record<string, string>[] = [
		{},
		{ 'accept-encoding': 'identity' },
		{ 'accept-encoding': 'zstd' }
	];
	for (const headers of identity) {
		const plain = await raw(JS_PATH, headers);
		expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
		expect(plain.body.equals(JS_FILE)).toBe(true);
	}

	for (const answer of [br, await raw(JS_PATH, {})]) {
		expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
		expect(answer.headers.vary).toBe('Accept-Encoding');
		expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
	}
});

test('HEAD gives the same headers as GET and no body; a page is compressed too', async () => {
	const get = await raw('/explorer', { 'accept-encoding': 'br' });
	const head = await raw('/explorer', { 'accept-encoding': 'br' }, 'HEAD');
	expect(head.status).toBe(200);
	expect(head.body.length).toBe(0);
	for (const name of ['content-type', 'content-encoding', 'content-length', 'vary']) {
		expect(head.headers[name], name).toBe(get.headers[name]);
	}
	expect(get.headers['content-type']).toBe('text/html; charset=utf-8');
	expect(brotliDecompressSync(get.body).toString()).toBe(
		readFileSync('build/explorer.html', 'utf8')
	);
});

test('a compressed copy is never served as a file of its own', async () => {
	for (const suffix of ['.br', '.gz']) {
		const answer = await raw(JS_PATH + suffix, { 'accept-encoding': 'br, gzip' });
		expect(answer.status, suffix).toBe(404);
		expect(answer.headers['content-encoding']).toBeUndefined();
	}
});

test('the home page whole, and each area page with its menu and heading, are sent in the HTML and painted before any script runs', async ({
	browser
}) => {
	// No JavaScript at all: what shows is what the prerendered HTML carries.
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	const headings = {
		'/explorer': 'Code-host API explorer',
		'/energy': 'Energy order dashboard',
		'/bible': 'Bible reader',
		'/settings': 'Settings'
	};
	for (const [path, heading] of Object.entries(headings)) {
		await page.goto(path);
		await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
		await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link'), path).toHaveText(
			['Explorer', 'Energy', 'Bible', 'Settings']
		);
	}
	// The home page has no data to wait for: all of it is in the HTML, its links included.
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('API Workbench');
	await expect(page.getByText('Three API clients, each with a built-in')).toBeVisible();
	await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
		'Code-host API explorer',
		'Energy order dashboard',
		'Offline Bible reader',
		'Settings'
	]);
	await page.getByRole('main').getByRole('link', { name: 'Energy order dashboard' }).click();
	await expect(page).toHaveURL(/\/energy$/);
	await context.close();
});

test('over HTTPS the same site is served over HTTP/2, as static hosts do, and to HTTP/1.1 clients too', async () => {
	// A certificate of the test's own, which only this test's clients accept.
	const dir = mkdtempSync(join(tmpdir(), 'tls-'));
	const tls = { key: join(dir, 'key.pem'), cert: join(dir, 'cert.pem') };
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-days',
			'1',
			'-subj',
			'/CN=localhost'
		].concat(['-keyout', tls.key, '-out', tls.cert]),
		{ stdio: 'ignore' }
	);
	const server = await startStaticServer(APP_PORT + 50, { tls });
	const session = connect(server.url, { rejectUnauthorized: false });
	const get = (path: string) =>
		new Promise<{ headers: Http2Headers; body: Buffer }>((resolve, reject) => {
			const stream = session.request({ ':path': path, 'accept-encoding': 'br' });
			const chunks: Buffer[] = [];
			let headers: Http2Headers = {};
			stream.on('response', (h) => (headers = h));
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', () => resolve({ headers, body: Buffer.concat(chunks) }));
			stream.on('error', reject);
		});
	try {
		const js = await get(JS_PATH);
		expect(js.headers[':status']).toBe(200);
		expect(js.headers['content-encoding']).toBe('br');
		expect(brotliDecompressSync(js.body).equals(JS_FILE)).toBe(true);
		// A deep link gets the fallback page, with the security headers.
		const chapter = await get('/bible/KJV/John/3');
		expect(chapter.headers[':status']).toBe(200);
		expect(chapter.headers).toMatchObject(SECURITY_HEADERS);
		expect(brotliDecompressSync(chapter.body).toString()).toBe(
			readFileSync('build/200.html', 'utf8')
		);

		const overHttp1 = await new Promise<{ status: number; version: string }>((resolve, reject) =>
			httpsRequest(`${server.url}/explorer`, { rejectUnauthorized: false }, (res) => {
				res.resume();
				resolve({ status: res.statusCode ?? 0, version: res.httpVersion });
			})
				.on('error', reject)
				.end()
		);
		expect(overHttp1).toEqual({ status: 200, version: '1.1' });
	} finally {
		session.close();
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
});

test('each area page, and a chapter opened from a link, carries its style sheets: drawn with its styles, it asks for none of them, and the chapter for none of the code only other pages use', async ({
	page
}) => {
	// Over HTTP/1.1 a browser fetches six files at a time: each sheet was a request queued with the
	// page's code before its first paint. The pages carry their sheets (scripts/complete-preloads.js).
	const requested: string[] = [];
	page.on('request', (request) => requested.push(new URL(request.url()).pathname));
	/** The sheets a built page carries, and that it links or preloads for the browser to fetch. */
	const sheetsOf = (file: string) => {
		const html = readFileSync(join('build', file), 'utf8');
		const links = [...html.matchAll(/<link href="([^"]+\.css)"([^>]*)>/g)];
		return {
			carried: links.filter(([, , rest]) => rest!.includes('disabled')).map(([, href]) => href!),
			fetched: links.filter(([, , rest]) => !rest!.includes('disabled')).map(([, href]) => href!)
		};
	};
	const pages = {
		'/explorer': ['explorer.html', 'Code-host API explorer'],
		'/energy': ['energy.html', 'Energy order dashboard'],
		'/bible': ['bible.html', 'Bible reader'],
		'/settings': ['settings.html', 'Settings']
	};
	for (const [path, [file, heading]] of Object.entries(pages)) {
		const { carried, fetched } = sheetsOf(file!);
		expect(fetched, file).toEqual([]);
		expect(carried.length, file).toBeGreaterThan(0);
		await page.goto(path);
		await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading!);
		// The shell's own sheet: the page has no margin of the browser's.
		expect(await page.evaluate(() => getComputedStyle(document.body).marginTop), path).toBe('0px');
		await page.waitForLoadState('networkidle');
		expect(
			requested.filter((p) => carried.includes(p)),
			path
		).toEqual([]);
	}

	requested.length = 0;
	const chapter = sheetsOf('200.html');
	expect(chapter.fetched).toEqual([]);
	// What the chapter asked for before its first verse was in the page (its other pages' code
	// follows later, once it is drawn): each request with its start, against the verse's moment.
	const started: { path: string; at: number }[] = [];
	page.on('request', (request) =>
		started.push({ path: new URL(request.url()).pathname, at: Date.now() })
	);
	await page.addInitScript(() => {
		const watch = new MutationObserver(() => {
			if (!document.querySelector('article.text [data-verse]')) return;
			watch.disconnect();
			(globalThis as { firstVerseAt?: number }).firstVerseAt =
				performance.timeOrigin + performance.now();
		});
		watch.observe(document, { subtree: true, childList: true });
	});
	await page.goto('/bible/KJV/John/3');
	const text = page.locator('article.text');
	await expect(text.getByText('Nicodemus', { exact: false }).first()).toBeVisible();
	const firstVerseAt = await page.evaluate(
		() => (globalThis as { firstVerseAt?: number }).firstVerseAt
	);
	expect(firstVerseAt).toBeDefined();
	const beforeVerse = started.filter((r) => r.at <= firstVerseAt!).map((r) => r.path);
	// The reader's own sheet: its column of text is no wider than a page of print.
	expect(await text.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(
		42 * 16
	);
	await page.waitForLoadState('networkidle');
	expect(requested.filter((p) => chapter.carried.includes(p))).toEqual([]);
	const record = JSON.parse(readFileSync('build/.area-chunks.json', 'utf8')) as Record<
		string,
		string
	>;
	expect(
		record['areas-more'],
		'the build made no chunk for what only other pages share'
	).toBeDefined();
	expect(beforeVerse).toContain(`/${record['areas']}`);
	expect(beforeVerse).not.toContain(`/${record['areas-more']}`);
});
