/**
 * A Bruno collection kept as a folder of .bru files, chosen in “Import a Bruno folder” or dropped
 * on the import area from the file manager: read by Bruno's own parser in the import worker,
 * shown in the “Import preview” (folders, requests, environments, what cannot be carried),
 * imported with “Import”, found under the saved requests and sent in Demo mode. A folder that is
 * not a Bruno collection, or several items dropped at once, are refused and import nothing; so is
 * a folder when Bruno's parser cannot be loaded, with what to do.
 */
import type { Page, TestInfo } from '@playwright/test';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { savedRequests, ui } from './explorer-helpers';
import { expect, expectNoSideScroll, SIZES, test } from './fixtures';

const API_ROOT = 'https://codehost.demo/api/v4';
const FIXTURE = fileURLToPath(
	new URL('../unit/codehost/import/fixtures/bruno-folder/GitLab Bruno', import.meta.url)
);

/** The unit tests' collection folder, its production environment pointed at Demo's API root. */
async function collectionFolder(info: TestInfo): Promise<string> {
	const dir = info.outputPath('GitLab Bruno');
	await cp(FIXTURE, dir, { recursive: true });
	const env = join(dir, 'environments', 'Produktion.bru');
	await writeFile(
		env,
		(await readFile(env, 'utf8')).replace('https://gitlab.example.com/api/v4', API_ROOT)
	);
	return dir;
}

/**
 * Drops files or folders from the disk on the import area, as Chromium does for a drag from the
 * file manager: the paths go to the browser (CDP Input.dispatchDragEvent), which gives the page
 * real entries, a folder's readable with webkitGetAsEntry().
 */
async function dropFromDisk(page: Page, paths: string[]) {
	const zone = savedRequests(page).region.getByText('Reads this explorer');
	await zone.scrollIntoViewIfNeeded();
	const box = (await zone.boundingBox())!;
	const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
	const cdp = await page.context().newCDPSession(page);
	const data = { items: [], files: paths, dragOperationsMask: 1 };
	for (const type of ['dragEnter', 'dragOver', 'drop'] as const)
		await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
	await cdp.detach();
}

for (const size of SIZES) {
	test.describe(`Demo, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
		test.use({ viewport: size.viewport });

		test('a Bruno collection folder is previewed, imported and sent', async ({
			page,
			axe
		}, info) => {
			const workers: string[] = [];
			page.on('worker', (w) => workers.push(w.url()));
			await page.goto('/explorer');
			const s = savedRequests(page);
			const folderInput = s.region.getByLabel('Import a Bruno folder');
			await folderInput.setInputFiles(await collectionFolder(info));

			const p = page.getByRole('region', { name: 'Import preview' });
			await expect(p.getByRole('heading', { name: 'Import preview' })).toBeFocused();
			await expect(p).toContainText(
				'Bruno collection (folder) from “GitLab Bruno”: 10 requests, 3 collections, 3 folders, 3 environments, 6 variables.'
			);
			await expect(
				p
					.getByRole('list', { name: 'Requests in GitLab Bruno / Projekte / Zweige' })
					.getByRole('listitem')
			).toContainText([
				'GET /projects/:id/repository/branches/:branch/commits Zweig-Commits',
				'POST /projects/:id/uploads Datei hochladen'
			]);
			await expect(p).toContainText('gitlab_token (secret, value left out)');
			await expect(p).toContainText(
				'Switched-off headers (“GitLab Bruno / Projekte / Projekt suchen: X-Debug”)'
			);
			await expect(p).toContainText('Test scripts');
			// Bruno's parser ran in the import worker, not on the page.
			expect(workers.some((url) => /\/workers\/import\.worker-[^/]+\.js$/.test(url))).toBe(true);
			expect(
				(await axe().include('section[aria-labelledby="import-preview-title"]').analyze())
					.violations
			).toEqual([]);
			await expectNoSideScroll(page);

			await p.getByRole('button', { name: 'Import', exact: true }).click();
			await expect(s.status).toContainText(
				'Imported 10 requests in 3 collections and 3 environments from the Bruno collection (folder).'
			);
			await expect(folderInput).toBeFocused();
			const list = s.region.getByRole('list', { name: 'GitLab Bruno / Projekte', exact: true });
			await list.getByRole('button', { name: 'Projekt suchen', exact: true }).click();
			const u = ui(page);
			await expect(u.path).toHaveValue('/projects?search=café%20naïve&per_page=5');
			// Its header takes {{suffix}} from the environment the folder's Produktion.bru became.
			await page
				.getByRole('combobox', { name: 'Environment', exact: true })
				.selectOption('Produktion');
			await u.send.click();
			await expect(u.status).toHaveText('200 OK');
			await expectNoSideScroll(page);
		});
	});
}

test('a folder that is not a Bruno collection is refused, and nothing is imported', async ({
	page
}, info) => {
	await page.goto('/explorer');
	const s = savedRequests(page);
	const dir = await collectionFolder(info);
	await rm(join(dir, 'bruno.json'));
	await s.region.getByLabel('Import a Bruno folder').setInputFiles(dir);
	await expect(s.status).toHaveText(
		'Not imported, nothing changed: The folder holds no bruno.json, so it is not a Bruno collection. Choose the folder that holds bruno.json.'
	);
	await expect(page.getByRole('region', { name: 'Import preview' })).toHaveCount(0);
	await expect(s.region.getByRole('button', { name: 'Projekt suchen', exact: true })).toHaveCount(
		0
	);
});

test('a Bruno collection folder dropped from the disk is previewed as when chosen, then imported', async ({
	page,
	axe
}, info) => {
	await page.goto('/explorer');
	const s = savedRequests(page);
	await dropFromDisk(page, [await collectionFolder(info)]);
	const p = page.getByRole('region', { name: 'Import preview' });
	await expect(p.getByRole('heading', { name: 'Import preview' })).toBeFocused();
	await expect(p).toContainText(
		'Bruno collection (folder) from “GitLab Bruno”: 10 requests, 3 collections, 3 folders, 3 environments, 6 variables.'
	);
	await expect(
		p
			.getByRole('list', { name: 'Requests in GitLab Bruno / Projekte / Zweige' })
			.getByRole('listitem')
	).toContainText([
		'GET /projects/:id/repository/branches/:branch/commits Zweig-Commits',
		'POST /projects/:id/uploads Datei hochladen'
	]);
	expect(
		(await axe().include('section[aria-labelledby="import-preview-title"]').analyze()).violations
	).toEqual([]);
	await p.getByRole('button', { name: 'Import', exact: true }).click();
	await expect(s.status).toContainText(
		'Imported 10 requests in 3 collections and 3 environments from the Bruno collection (folder).'
	);
	await expect(s.region.getByLabel('Import a Bruno folder')).toBeFocused();
	await s.region
		.getByRole('list', { name: 'GitLab Bruno / Projekte', exact: true })
		.getByRole('button', { name: 'Projekt suchen', exact: true })
		.click();
	await expect(ui(page).path).toHaveValue('/projects?search=café%20naïve&per_page=5');
});

test('a dropped folder that is no Bruno collection, or several items, are refused with what to drop', async ({
	page
}, info) => {
	await page.goto('/explorer');
	const s = savedRequests(page);
	const photos = info.outputPath('Fotos');
	await mkdir(photos, { recursive: true });
	await writeFile(join(photos, 'urlaub.bru'), 'meta {\n  name: Urlaub\n}\n');
	await dropFromDisk(page, [photos]);
	await expect(s.status).toHaveText(
		'Not imported, nothing changed: The dropped folder holds no bruno.json, so it is not a Bruno collection. Drop the folder that holds bruno.json, or one exported file.'
	);
	const dir = await collectionFolder(info);
	await dropFromDisk(page, [dir, join(dir, 'bruno.json')]);
	await expect(s.status).toHaveText(
		'Not imported, nothing changed: 2 items were dropped, and one import reads one. Drop one exported file, or one Bruno collection folder (the folder that holds bruno.json).'
	);
	await expect(page.getByRole('region', { name: 'Import preview' })).toHaveCount(0);
	// One file from the disk is still read as a chosen one.
	const postman = info.outputPath('kurz.postman_collection.json');
	await writeFile(
		postman,
		JSON.stringify({
			info: {
				name: 'Kurz',
				schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'
			},
			item: [{ name: 'Ich', request: { method: 'GET', url: `${API_ROOT}/user` } }]
		})
	);
	await dropFromDisk(page, [postman]);
	await expect(page.getByRole('region', { name: 'Import preview' })).toContainText(
		'from “kurz.postman_collection.json”'
	);
});

test('a large dropped folder is looked through with a count shown, and Cancel import stops it with nothing changed', async ({
	page
}, info) => {
	await page.goto('/explorer');
	const s = savedRequests(page);
	// A collection beside a build output: 40,000 files for the walk to look at, one Bruno file.
	const dir = await collectionFolder(info);
	const build = join(dir, 'build');
	for (let d = 0; d < 40; d++) {
		const sub = join(build, `chunk-${d}`);
		await mkdir(sub, { recursive: true });
		await Promise.all(
			Array.from({ length: 1_000 }, (_, i) => writeFile(join(sub, `part-${i}.js`), ''))
		);
	}
	await dropFromDisk(page, [dir]);
	await expect(s.status).toHaveText('Importing “GitLab Bruno”: looking through the folder…');
	const progress = s.region.getByRole('progressbar', { name: 'Collections import progress' });
	await expect(progress).toBeVisible();
	await expect(
		s.region.getByText(/^[\d,]+ items looked at, \d+ Bruno files? found$/)
	).toBeVisible();
	await s.region.getByRole('button', { name: 'Cancel import' }).click();
	await expect(s.status).toHaveText('Import cancelled; nothing changed.');
	await expect(progress).toHaveCount(0);
	await expect(page.getByRole('region', { name: 'Import preview' })).toHaveCount(0);
	await rm(build, { recursive: true });
});

test('when Bruno’s parser cannot be loaded, the folder is refused with what to do, and imports once it can', async ({
	page
}, info) => {
	// The parser's chunk of the import worker (found by Bruno's grammar in it) fails as offline.
	let failed = 0;
	const parserChunk = '**/_app/immutable/workers/chunks/*.js';
	await page.route(parserChunk, async (route) => {
		const response = await route.fetch();
		if (!(await response.text()).includes('BruEnvFile')) return route.fulfill({ response });
		failed++;
		return route.abort('internetdisconnected');
	});
	await page.goto('/explorer');
	const s = savedRequests(page);
	const folderInput = s.region.getByLabel('Import a Bruno folder');
	const dir = await collectionFolder(info);
	await folderInput.setInputFiles(dir);
	await expect(s.status).toHaveText(
		'Not imported, nothing changed: The part of this app that reads Bruno’s .bru files could not be loaded: this browser may be offline, or the app was updated since this page was opened. Reconnect and try again, or reload the page.'
	);
	expect(failed).toBeGreaterThan(0);
	await expect(page.getByRole('region', { name: 'Import preview' })).toHaveCount(0);
	await expect(s.region.getByRole('button', { name: 'Projekt suchen', exact: true })).toHaveCount(
		0
	);
	await expect(folderInput).toBeFocused();

	// Reconnected: the same folder, chosen again, is read.
	await page.unroute(parserChunk);
	await folderInput.setInputFiles(dir);
	await expect(page.getByRole('region', { name: 'Import preview' })).toContainText(
		'Bruno collection (folder) from “GitLab Bruno”: 10 requests'
	);
});
