/**
 * A Bruno collection kept as a folder of .bru files, chosen in “Import a Bruno folder”: read by
 * Bruno's own parser in the import worker, shown in the “Import preview” (folders, requests,
 * environments, what cannot be carried), imported with “Import”, found under the saved requests
 * and sent in Demo mode. A folder that is not a Bruno collection is refused and imports nothing.
 */
import type { TestInfo } from '@playwright/test';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
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
