/**
 * Secrets against a hostile code host, over real HTTP on loopback: a data row cannot add a header
 * (Sudo least of all), a secret variable's value never goes to another origin, and nothing of it
 * is kept at rest (IndexedDB, Web Storage, the History export) or logged, in any written form.
 */
import type { Page } from '@playwright/test';
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { FAKES_PORT_BASE } from '../../playwright.config';
import { auth, goLive, savedRequests, ui } from './explorer-helpers';
import { expect, test } from './fixtures';
import { startHostile, type Hostile, type Logged } from './hostile-codehost';

let hostile: Hostile;
test.beforeAll(async () => {
	const port = FAKES_PORT_BASE + 80 + 2 * test.info().parallelIndex;
	hostile = await startHostile(port, port + 1);
});
test.afterAll(async () => hostile.close());
test.beforeEach(() => {
	hostile.otherLog.length = 0;
	hostile.apiLog.length = 0;
});

const headersField = (page: Page) => page.getByRole('textbox', { name: 'Request headers' });
/** A variable's value field; a secret one is a password field, so it is found by its label. */
const variable = (page: Page, name: string) => page.getByLabel(name, { exact: true });

async function newEnvironment(page: Page, name: string) {
	await page.getByRole('button', { name: 'New environment' }).click();
	await page.getByRole('textbox', { name: 'Environment name' }).fill(name);
	await page.getByRole('button', { name: 'Add environment' }).click();
	await expect(
		page.getByRole('combobox', { name: 'Environment', exact: true }).locator('option:checked')
	).toHaveText(name);
}

/**
 * Every way a value is written where it travels or is kept: as it is, percent-encoded
 * (encodeURIComponent, strict RFC 3986, a space as + or %20, either hex case, as URLSearchParams
 * writes it), JSON-escaped, and base64 / base64url of its UTF-8 bytes.
 */
function writtenForms(value: string): Record<string, string> {
	const component = encodeURIComponent(value);
	const strict = component.replace(
		/[!'()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
	);
	const plus = (s: string) => s.replace(/%20/g, '+');
	const lower = (s: string) => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
	const base64 = Buffer.from(value, 'utf8').toString('base64');
	return {
		raw: value,
		encodeURIComponent: component,
		'RFC 3986': strict,
		'encodeURIComponent, + for spaces': plus(component),
		'RFC 3986, + for spaces': plus(strict),
		'encodeURIComponent, lower-case hex': lower(component),
		'RFC 3986, lower-case hex': lower(strict),
		'RFC 3986, + for spaces, lower-case hex': lower(plus(strict)),
		'form-urlencoded (URLSearchParams)': new URLSearchParams({ v: value }).toString().slice(2),
		'JSON-escaped': JSON.stringify(value).slice(1, -1),
		base64,
		'base64 without padding': base64.replace(/=+$/, ''),
		base64url: Buffer.from(value, 'utf8').toString('base64url')
	};
}

/** Where a text holds one of the values, in which form: `where: form of “value”`. */
function leaksInText(where: string, text: string, values: readonly string[]): string[] {
	const found: string[] = [];
	for (const value of values) {
		// Forms that are written alike are named once: "raw = encodeURIComponent = …".
		const names = new Map<string, string[]>();
		for (const [form, written] of Object.entries(writtenForms(value)))
			names.set(written, [...(names.get(written) ?? []), form]);
		for (const [written, forms] of names)
			if (text.includes(written))
				found.push(`${where}: ${forms.join(' = ')} of ${JSON.stringify(value)}`);
	}
	return found;
}

/** The same, naming the field (`entries[3].responseHeaders.link`) when the text is JSON. */
function leaks(where: string, text: string, values: readonly string[]): string[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return leaksInText(where, text, values);
	}
	const found: string[] = [];
	const visit = (node: unknown, at: string) => {
		if (typeof node === 'string') found.push(...leaksInText(at, node, values));
		else if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${at}[${i}]`));
		else if (node && typeof node === 'object')
			for (const [key, item] of Object.entries(node)) {
				found.push(...leaksInText(`${at} (a key)`, key, values));
				visit(item, `${at}.${key}`);
			}
	};
	visit(parsed, where);
	// Whatever the walk missed (a number, say) is still caught in the text.
	return found.length ? found : leaksInText(where, text, values);
}

const logged = (r: Logged) => JSON.stringify({ method: r.method, url: r.url, headers: r.headers });

test('CH-SUDO-2, CH-AUTH-2 (Live): a data row whose cell holds a line break and “Sudo: alice” is refused naming {{trace}}, nothing of it is sent, and the next row goes out with the token', async ({
	page
}) => {
	const u = ui(page);
	const saved = savedRequests(page);
	await goLive(page, hostile.apiUrl);
	await auth(
		page,
		'Personal, project or group access token',
		'glpat-admin',
		'PRIVATE-TOKEN header'
	);
	await u.method.selectOption('GET');
	await u.path.fill('/projects');
	await u.query.fill('');
	await headersField(page).fill('X-Trace: {{trace}}');
	await saved.name.fill('Traced projects');
	await saved.collection.fill('Traced');
	await saved.save.click();
	await expect(saved.item('Traced projects')).toBeVisible();

	await saved.region.getByText('Run options').click();
	// A quoted CSV cell may hold a line break (RFC 4180): the row's value is "a\nSudo: alice".
	await saved.region
		.getByRole('textbox', { name: /Data rows/ })
		.fill('trace\n"a\nSudo: alice"\nok-1');
	hostile.apiLog.length = 0;
	await saved.region.getByRole('button', { name: 'Run collection' }).click();
	const results = page.getByRole('region', { name: 'Run results' });
	// The run is over once its report can be exported.
	await expect(results.getByRole('button', { name: 'Export JUnit XML' })).toBeVisible();

	// The server saw the second row only: no Sudo header, nothing of the first row.
	expect(hostile.apiLog.filter((r) => r.headers.sudo !== undefined).map(logged)).toEqual([]);
	expect(hostile.apiLog.filter((r) => logged(r).includes('alice')).map(logged)).toEqual([]);
	expect(hostile.apiLog.map((r) => [r.method, r.url, r.headers['x-trace']])).toEqual([
		['GET', '/api/v4/projects', 'ok-1']
	]);
	expect(hostile.apiLog[0]!.headers['private-token']).toBe('glpat-admin');

	await expect(results).toContainText('1 passed, 1 failed');
	const first = results.getByRole('listitem').filter({ hasText: 'row 1' });
	await expect(first).toContainText('Failed');
	await expect(first).toContainText(
		'Traced projects (GET /projects): The variable {{trace}} holds a line break, which would start another header.'
	);
	await expect(first).toContainText('Nothing was sent.');
	const second = results.getByRole('listitem').filter({ hasText: 'row 2' });
	await expect(second).toContainText('Passed');
	await expect(second).toContainText('200');
	expect(hostile.otherLog).toEqual([]);
});

const SECRET = 'SECRET-VAR-VALUE-42';

test('CH-REDIR-1, CH-AUTH-2 (Live): a secret variable in a header is not carried by a 302 to another origin: not by the probe of where it leads, not by “Send there without credentials”', async ({
	page
}) => {
	const u = ui(page);
	await goLive(page, hostile.apiUrl);
	await newEnvironment(page, 'Hostile');
	await u.method.selectOption('GET');
	await u.path.fill('/moved/302');
	await u.query.fill('');
	await headersField(page).fill('X-Api-Key: {{api_key}}');
	await variable(page, 'api_key').fill(SECRET);
	// Named like a key: secret without being ticked, and shown as a password.
	await expect(page.getByRole('checkbox', { name: 'Secret: api_key' })).toBeChecked();
	await expect(variable(page, 'api_key')).toHaveAttribute('type', 'password');
	hostile.apiLog.length = 0;
	/** Checked after each step: the other origin got nothing of the secret, in any form. */
	const nothingElsewhere = () => {
		expect(
			hostile.otherLog.flatMap((r) => leaks(`other origin got ${r.url}`, logged(r), [SECRET]))
		).toEqual([]);
		expect(
			hostile.otherLog.filter((r) => r.headers['x-api-key'] !== undefined).map(logged)
		).toEqual([]);
	};
	const answered = async () => {
		await expect(u.status).toBeVisible();
		await expect(u.send).toBeEnabled();
	};

	await u.send.click();
	await answered();
	nothingElsewhere();
	await expect(u.response.getByRole('note')).toContainText('Not followed with your credentials');
	await expect(u.response.getByRole('note')).toContainText(hostile.otherUrl);
	// The probe that learnt where the redirect leads went there, bare.
	expect(hostile.otherLog).toHaveLength(1);

	await u.response.getByRole('button', { name: 'Send there without credentials' }).click();
	await expect.poll(() => hostile.otherLog.length).toBe(2);
	await expect(u.response).toContainText(`${hostile.otherUrl}/api/v4/projects`);
	await expect(u.status).toContainText('200');
	nothingElsewhere();

	// A secret in the query of a redirected request: the Location echoes the query, and nothing
	// of the secret may follow it there.
	await u.query.fill('note={{api_key}}');
	await u.send.click();
	await expect(u.response.getByRole('note')).toContainText('not followed with your credentials');
	await answered();
	nothingElsewhere();

	// The API origin did receive it, where it was asked for.
	expect(hostile.apiLog[0]!.headers['x-api-key']).toBe(SECRET);
	expect(hostile.apiLog.map((r) => r.url)).toContain(`/api/v4/moved/302?note=${SECRET}`);
});

/** Every record of every IndexedDB database and store, and Web Storage, as text with its place. */
async function everythingAtRest(page: Page, leftOut: readonly string[]) {
	return page.evaluate(async (leftOut) => {
		const places: [string, string][] = [];
		for (const { name } of await indexedDB.databases()) {
			if (!name) continue;
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(name);
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			for (const store of Array.from(db.objectStoreNames)) {
				const read = (all: 'getAll' | 'getAllKeys') =>
					new Promise<unknown[]>((resolve, reject) => {
						const get = db.transaction(store).objectStore(store)[all]();
						get.onsuccess = () => resolve(get.result);
						get.onerror = () => reject(get.error);
					});
				const [keys, values] = [await read('getAllKeys'), await read('getAll')];
				places.push([`IndexedDB ${name}/${store}`, JSON.stringify({ keys, values })]);
			}
			db.close();
		}
		for (const [kind, storage] of [
			['localStorage', localStorage],
			['sessionStorage', sessionStorage]
		] as const)
			for (let i = 0; i < storage.length; i++) {
				const key = storage.key(i)!;
				if (!leftOut.includes(key))
					places.push([`${kind} ${key}`, JSON.stringify({ key, value: storage.getItem(key) })]);
			}
		return places;
	}, leftOut);
}

/** How many History entries IndexedDB holds (its writes are batched). */
function historyKept(page: Page) {
	return page.evaluate(
		() =>
			new Promise<number>((resolve) => {
				const open = indexedDB.open('codehost-history');
				open.onsuccess = () => {
					const db = open.result;
					if (!db.objectStoreNames.contains('kv')) return resolve(0);
					// One record per entry, under a key "entry …".
					const keys = db.transaction('kv').objectStore('kv').getAllKeys();
					keys.onsuccess = () =>
						resolve(keys.result.filter((k) => String(k).startsWith('entry ')).length);
				};
			})
	);
}

/** The stores where secrets are kept for the tab or the device by design (connection.ts, secret-variables.ts). */
const SECRET_STORES = [
	'codehost.explorer.secrets',
	'codehost.explorer.secret-variables',
	'client.secrets'
];

// A fixed value with a space, /, +, !, " and a non-ASCII letter, and printable ASCII ones
// generated from a fixed seed (the same every run).
const VALUES = [
	'p@ss w/rd+1!"é',
	...fc.sample(
		fc
			.string({ minLength: 8, maxLength: 20, unit: 'grapheme-ascii' })
			// A header value is sent trimmed; a value of few letters could stand anywhere by chance.
			.filter((v) => v.trim() === v && new Set(v).size >= 6),
		{ seed: 4417, numRuns: 3 }
	)
];

test('CH-PATH-1, CH-PAY-1, CH-PAY-2 (Live): a secret variable used in the path, the query, a JSON body and a header is kept nowhere (IndexedDB, Web Storage, the History export) nor logged, in any written form', async ({
	page
}) => {
	test.setTimeout(120_000);
	const u = ui(page);
	const consoleLines: string[] = [];
	page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
	page.on('pageerror', (e) => consoleLines.push(`page error: ${e.message}\n${e.stack ?? ''}`));
	await goLive(page, hostile.apiUrl);
	const bodyKind = page.getByRole('combobox', { name: 'Send parameters as' });

	async function send(method: string, path: string, query: string, params = '', headers = '') {
		await u.method.selectOption(method);
		await u.path.fill(path);
		await u.query.fill(query);
		await bodyKind.selectOption({ label: params ? 'JSON body' : 'Query string' });
		await u.params.fill(params);
		await headersField(page).fill(headers);
		await u.send.click();
		await expect(u.status).toHaveText('200 OK');
		await expect(u.send).toBeEnabled();
	}

	let sent = 0;
	for (const value of VALUES) {
		await u.path.fill('/projects/{{api_key}}');
		await variable(page, 'api_key').fill(value);
		await expect(page.getByRole('checkbox', { name: 'Secret: api_key' })).toBeChecked();
		const before = hostile.apiLog.length;
		await send('GET', '/projects/{{api_key}}', '');
		await send('GET', '/projects', 'search={{api_key}}');
		await send('POST', '/projects', '', '{"k": "{{api_key}}"}');
		await send('GET', '/projects', '', '', 'X-Api-Key: {{api_key}}');
		sent += 4;
		// Each went out with the value, so what is kept below had it to keep.
		const got = hostile.apiLog.slice(before);
		expect(got.map((r) => r.method)).toEqual(['GET', 'GET', 'POST', 'GET']);
		expect(got[0]!.url).toBe(`/api/v4/projects/${writtenForms(value)['RFC 3986']}`);
		expect(new URL(got[1]!.url, hostile.apiUrl).searchParams.get('search')).toBe(value);
		// A header carries Latin-1 bytes: é goes as one byte, which Node reads back as é.
		expect(got[3]!.headers['x-api-key']).toBe(value);
	}

	const download = page.waitForEvent('download');
	await u.history.getByRole('button', { name: 'Export history' }).click();
	const exported = await readFile((await (await download).path())!, 'utf8');
	expect((JSON.parse(exported) as { entries: unknown[] }).entries).toHaveLength(sent);
	await expect.poll(() => historyKept(page)).toBe(sent);
	const atRest = await everythingAtRest(page, SECRET_STORES);
	expect(atRest.map(([place]) => place)).toContain('IndexedDB codehost-history/kv');
	expect(atRest.map(([place]) => place)).toContain('localStorage activity.v1');

	const found = [
		...atRest.flatMap(([place, text]) => leaks(place, text, VALUES)),
		...leaks('the History export', exported, VALUES),
		...consoleLines.flatMap((line) => leaks(`the console (${line.slice(0, 80)})`, line, VALUES))
	];
	expect(found).toEqual([]);
});
