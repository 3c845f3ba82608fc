/**
 * Switching from another tool: a Postman v2.1 collection, an Insomnia export and an OpenAPI
 * description brought into Collections (chosen in “Import collections”, pasted, dropped), each
 * shown in the “Import preview” before anything is saved, imported with “Import” (or left with
 * “Cancel”), found under the saved requests and sent in Demo mode. A file that is no collection,
 * or one over the size limit, is refused with a clear reason and imports nothing. “Export as
 * Postman” and “Export as HAR” write files that Postman's own library and a HAR validator read.
 */
import type { Page, TestInfo } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Item } from 'postman-collection';
import { savedRequests, ui } from './explorer-helpers';
import { expect, expectNoSideScroll, SIZES, test } from './fixtures';

// Both are CommonJS packages, which Playwright's ES module loader cannot take names from.
const require = createRequire(import.meta.url);
const { Collection: PostmanCollection } =
	require('postman-collection') as typeof import('postman-collection');
const { har: validateHar } = require('har-validator') as typeof import('har-validator');

const API_ROOT = 'https://codehost.demo/api/v4';
const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** A Postman v2.1 export as Postman writes it: a folder, {{baseUrl}}, a secret variable. */
const postman = JSON.stringify({
	info: {
		_postman_id: '0d1c9a2e-1111-4b7e-9d38-2f1c7f0d9a11',
		name: 'Unsere API',
		schema: POSTMAN_SCHEMA
	},
	item: [
		{
			name: 'Projekte',
			item: [
				{
					name: 'Alle Projekte',
					request: {
						method: 'GET',
						header: [{ key: 'Accept', value: 'application/json' }],
						url: {
							raw: '{{baseUrl}}/projects?per_page=2',
							host: ['{{baseUrl}}'],
							path: ['projects'],
							query: [{ key: 'per_page', value: '2' }]
						}
					},
					event: [{ listen: 'test', script: { exec: ['pm.test("ok", () => {})'] } }]
				},
				{
					name: 'Ein Projekt',
					request: { method: 'GET', url: '{{baseUrl}}/projects/:id' }
				}
			]
		}
	],
	variable: [
		{ key: 'baseUrl', value: API_ROOT },
		{ key: 'deploy_key', value: 'hush-hush-1234', type: 'secret' }
	]
});

/** An Insomnia export (format 4, JSON) with a workspace, a request group and an environment. */
const insomnia = JSON.stringify({
	_type: 'export',
	__export_format: 4,
	__export_date: '2026-11-30T10:00:00.000Z',
	__export_source: 'insomnia.desktop.app:v2023.5.8',
	resources: [
		{ _id: 'wrk_1', _type: 'workspace', parentId: null, name: 'Insomnia-Arbeit' },
		{ _id: 'fld_1', _type: 'request_group', parentId: 'wrk_1', name: 'Benutzer' },
		{
			_id: 'req_1',
			_type: 'request',
			parentId: 'fld_1',
			name: 'Ich selbst',
			method: 'GET',
			url: '{{ _.baseUrl }}/user',
			headers: [],
			parameters: []
		},
		{
			_id: 'env_1',
			_type: 'environment',
			parentId: 'wrk_1',
			name: 'Base Environment',
			data: { baseUrl: API_ROOT }
		}
	]
});

/** An OpenAPI 3.0 description in YAML, one tag, the server as the API root. */
const openapi = `openapi: 3.0.3
info:
  title: Kleine API
  version: '1'
servers:
  - url: ${API_ROOT}
paths:
  /projects/{id}/issues:
    get:
      tags: [Issues]
      summary: Issues eines Projekts
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string, example: '1' }
      responses:
        '200': { description: OK }
`;

const bigPostman = (n: number) =>
	JSON.stringify({
		info: { name: 'Tausend', schema: POSTMAN_SCHEMA },
		item: Array.from({ length: n }, (_, i) => ({
			name: `Anfrage ${i}`,
			request: { method: 'GET', url: `{{baseUrl}}/projects/${i}`, header: [] }
		})),
		variable: [{ key: 'baseUrl', value: API_ROOT }]
	});

async function onDisk(info: TestInfo, name: string, text: string | Buffer): Promise<string> {
	const path = info.outputPath(name);
	await writeFile(path, text);
	return path;
}

const preview = (page: Page) => page.getByRole('region', { name: 'Import preview' });

/** Drops a file on the import area, as a file dragged from the desktop is dropped. */
async function drop(page: Page, name: string, text: string) {
	const target = page.getByRole('region', { name: 'Collections' }).getByLabel('Import collections');
	const transfer = await page.evaluateHandle(
		([name, text]) => {
			const dt = new DataTransfer();
			dt.items.add(new File([text], name, { type: 'application/yaml' }));
			return dt;
		},
		[name, text] as const
	);
	await target.dispatchEvent('dragover', { dataTransfer: transfer });
	await target.dispatchEvent('drop', { dataTransfer: transfer });
}

for (const size of SIZES) {
	test.describe(`Demo, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
		test.use({ viewport: size.viewport });
		test.beforeEach(async ({ page }) => page.goto('/explorer'));

		test('a Postman collection, an Insomnia export and an OpenAPI description are previewed, imported from the keyboard, found under the saved requests and sent', async ({
			page,
			axe
		}, info) => {
			test.slow();
			const u = ui(page);
			const s = savedRequests(page);

			// Postman, chosen in the file input: a preview, nothing saved yet.
			await s.importFile.setInputFiles(
				await onDisk(info, 'unsere.postman_collection.json', postman)
			);
			const p = preview(page);
			await expect(p).toBeVisible();
			await expect(p.getByRole('heading', { name: 'Import preview' })).toBeFocused();
			await expect(p).toContainText(
				'Postman collection (v2.1) from “unsere.postman_collection.json”'
			);
			await expect(p).toContainText('2 requests');
			await expect(
				p.getByRole('list', { name: /^Requests in / }).getByRole('listitem')
			).toContainText(['GET /projects Alle Projekte', 'GET /projects/:id Ein Projekt']);
			await expect(p).toContainText('Test scripts');
			await expect(p).toContainText('never runs a script');
			await expect(p).toContainText('deploy_key (secret, value left out)');
			await expect(
				s.region.getByRole('button', { name: 'Alle Projekte', exact: true })
			).toHaveCount(0);
			await expect(s.status).toContainText('Check the import preview');
			expect((await axe().include('#import-preview-title').analyze()).violations).toEqual([]);
			expect(
				(await axe().include('section[aria-labelledby="collections-title"]').analyze()).violations
			).toEqual([]);
			await expectNoSideScroll(page);

			// Import, from the keyboard; focus goes back to the file input.
			await page.keyboard.press('Tab');
			await expect(p.getByRole('checkbox', { name: /secret value too/ })).toBeFocused();
			await page.keyboard.press('Tab');
			await expect(p.getByRole('button', { name: 'Import', exact: true })).toBeFocused();
			await page.keyboard.press('Enter');
			await expect(s.status).toHaveText(
				'Imported 2 requests in 1 collection and 1 environment from the Postman collection (v2.1). Secret values were left out: enter them under Variables. It can be undone from Snapshots in Settings.'
			);
			await expect(p).toHaveCount(0);
			await expect(s.importFile).toBeFocused();
			const list = s.region.getByRole('list', { name: 'Unsere API / Projekte' });
			await expect(list.getByRole('button', { name: 'Alle Projekte', exact: true })).toBeVisible();

			// It sends, in Demo mode, what the file said.
			await list.getByRole('button', { name: 'Alle Projekte', exact: true }).click();
			// The URL bar shows the path with its query, as it will be sent.
			await expect(u.path).toHaveValue('/projects?per_page=2');
			await expect(u.query).toHaveValue('per_page=2');
			await u.send.click();
			await expect(u.status).toHaveText('200 OK');

			// Insomnia, pasted; Cancel first changes nothing, then Import.
			await s.region.getByText('Paste an export').click();
			const paste = s.region.getByRole('textbox', {
				name: 'Text of a collection, environment or description (JSON or YAML)'
			});
			await paste.fill(insomnia);
			await s.region.getByRole('button', { name: 'Preview pasted text' }).click();
			await expect(p).toContainText('Insomnia export (v4) from “pasted text”');
			await p.getByRole('button', { name: 'Cancel' }).click();
			await expect(s.status).toHaveText('Import cancelled; nothing changed.');
			await expect(s.region.getByRole('button', { name: 'Preview pasted text' })).toBeFocused();
			await expect(s.region.getByRole('button', { name: 'Ich selbst', exact: true })).toHaveCount(
				0
			);
			await paste.fill(insomnia);
			await s.region.getByRole('button', { name: 'Preview pasted text' }).click();
			await p.getByRole('button', { name: 'Import', exact: true }).click();
			await expect(s.status).toContainText('from the Insomnia export (v4).');
			await expect(s.region.getByRole('button', { name: 'Ich selbst', exact: true })).toBeVisible();

			// OpenAPI, dropped on the import area.
			await drop(page, 'kleine-api.yaml', openapi);
			await expect(p).toContainText('OpenAPI 3.0 description from “kleine-api.yaml”');
			await expect(
				p.getByRole('list', { name: /^Requests in / }).getByRole('listitem')
			).toContainText(['GET /projects/:id/issues']);
			await p.getByRole('button', { name: 'Import', exact: true }).click();
			await expect(s.status).toContainText('Imported 1 request in 1 collection');
			const issues = s.region.getByRole('button', { name: 'Issues eines Projekts', exact: true });
			await issues.click();
			await u.send.click();
			await expect(u.status).toHaveText('200 OK');
			await expectNoSideScroll(page);
		});
	});
}

test.describe('Demo, refusals', () => {
	test.beforeEach(async ({ page }) => page.goto('/explorer'));

	test('a file that is no collection, and one over the size limit, are refused with what to do, and nothing is imported', async ({
		page
	}, info) => {
		test.slow();
		const s = savedRequests(page);
		await s.importFile.setInputFiles(
			await onDisk(info, 'notes.json', JSON.stringify({ title: 'Einkaufsliste', items: ['Brot'] }))
		);
		await expect(s.status).toHaveText(
			/^Not imported, nothing changed: This file is not one this explorer can import\. Choose a Postman collection or environment/
		);
		await expect(preview(page)).toHaveCount(0);
		await expect(s.region.getByRole('heading', { level: 3 })).toHaveCount(0);
		await expect(s.importFile).toBeFocused();

		const big = Buffer.alloc(65 * 1024 * 1024, ' ');
		Buffer.from(postman).copy(big);
		await s.importFile.setInputFiles(await onDisk(info, 'huge.postman_collection.json', big));
		await expect(s.status).toHaveText(
			'Not imported, nothing changed: The file is larger than 64 MB; an export is far smaller.'
		);
		await expect(preview(page)).toHaveCount(0);
		await expect(s.region.getByRole('heading', { level: 3 })).toHaveCount(0);
	});
});

test.describe('Demo, exports and a large import', () => {
	test.beforeEach(async ({ page }) => page.goto('/explorer'));

	test('Export as Postman is read back by Postman’s library without a secret; Export as HAR passes a HAR validator', async ({
		page
	}, info) => {
		test.slow();
		const u = ui(page);
		const s = savedRequests(page);
		await s.importFile.setInputFiles(await onDisk(info, 'unsere.postman_collection.json', postman));
		await preview(page)
			.getByRole('checkbox', { name: /secret value too/ })
			.check();
		await preview(page).getByRole('button', { name: 'Import', exact: true }).click();
		await expect(s.status).toContainText('Secret values were kept for this tab only');

		const downloading = page.waitForEvent('download');
		await s.region.getByRole('button', { name: 'Export as Postman' }).click();
		const file = await downloading;
		expect(file.suggestedFilename()).toBe('explorer-collections.postman_collection.json');
		const text = await readFile((await file.path())!, 'utf8');
		expect(text).not.toContain('hush-hush-1234');
		const read = new PostmanCollection(JSON.parse(text) as object);
		const items: Item[] = [];
		read.forEachItem((i) => void items.push(i));
		expect(items.map((i) => [i.name, i.request.method])).toEqual([
			['Alle Projekte', 'GET'],
			['Ein Projekt', 'GET']
		]);
		expect(items[0]!.request.url.toString()).toBe('{{baseUrl}}/projects?per_page=2');

		await s.region.getByRole('button', { name: 'Alle Projekte', exact: true }).click();
		await u.send.click();
		await expect(u.status).toHaveText('200 OK');
		const history = page.getByRole('region', { name: 'History' });
		const harDownload = page.waitForEvent('download');
		await history.getByRole('button', { name: 'Export as HAR' }).click();
		const har = await harDownload;
		expect(har.suggestedFilename()).toBe('explorer-history.har');
		const data = JSON.parse(await readFile((await har.path())!, 'utf8')) as {
			log: { entries: { request: { url: string } }[] };
		};
		await expect(validateHar(data)).resolves.toBeTruthy();
		expect(data.log.entries.map((e) => e.request.url)).toEqual([`${API_ROOT}/projects?per_page=2`]);
	});

	test('a Postman file of 1,000 requests is imported in one step; the time from Import to the status is measured', async ({
		page
	}, info) => {
		test.slow();
		const s = savedRequests(page);
		await s.importFile.setInputFiles(await onDisk(info, 'tausend.json', bigPostman(1_000)));
		await expect(preview(page)).toContainText('1000 requests');
		await expect(preview(page)).toContainText('and 940 more requests');
		const ms = await page.evaluate(async () => {
			const region = document.querySelector('[aria-labelledby="import-preview-title"]')!;
			const button = [...region.querySelectorAll('button')].find(
				(b) => b.textContent === 'Import'
			)!;
			const status = () =>
				document.querySelector('[aria-labelledby="collections-title"] [role="status"]');
			const start = performance.now();
			button.click();
			await new Promise<void>((resolve) => {
				const check = () =>
					status()?.textContent?.includes('Imported 1000 requests')
						? resolve()
						: requestAnimationFrame(check);
				check();
			});
			return performance.now() - start;
		});
		await expect(s.status).toContainText('Imported 1000 requests in 1 collection');
		info.annotations.push({
			type: 'measured',
			description: `1,000-request Postman file: Import to status ${ms.toFixed(0)} ms`
		});
		console.log(info.annotations.at(-1)!.description);
		expect(ms).toBeLessThan(5_000);
	});
});
