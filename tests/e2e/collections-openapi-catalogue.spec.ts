/**
 * An OpenAPI description as part of the endpoint list: imported with “Add its operations to the
 * endpoint list”, its paths are offered by the path field's completion and its parameters by the
 * endpoint details, after a reload too. A newer version of it shows in the “Import preview” what
 * it adds, changes and removes; Cancel changes nothing, Import updates the saved requests it made
 * and the completion. Removed from the list, its paths are no longer offered; its requests stay.
 */
import type { Page, TestInfo } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { savedRequests, ui } from './explorer-helpers';
import { expect, expectNoSideScroll, test } from './fixtures';

const API_ROOT = 'https://codehost.demo/api/v4';

/** Version 1 and 2 of one description, as an API's build would publish it (OpenAPI 3.0, YAML). */
const tracker = (v2: boolean) => `openapi: 3.0.3
info:
  title: Ticket-Tracker
  version: ${v2 ? '2.0.0' : '1.0.0'}
servers:
  - url: ${API_ROOT}
paths:
  /projects/{id}/tracker_tickets:
    get:
      tags: [Tickets]
      summary: Tickets auflisten
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string, example: '1' }
        - name: state
          in: query
          ${v2 ? 'required: true' : 'required: false'}
          description: Nur Tickets in diesem Zustand.
          schema: { type: string, enum: [opened, closed] }
        - name: per_page
          in: query
          schema: { type: integer }
      responses:
        '200': { description: OK }
${
	v2
		? `  /projects/{id}/tracker_labels:
    get:
      tags: [Labels]
      summary: Labels auflisten
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string, example: '1' }
      responses:
        '200': { description: OK }
`
		: `  /projects/{id}/tracker_milestones:
    get:
      tags: [Meilensteine]
      summary: Meilensteine auflisten
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string, example: '1' }
      responses:
        '200': { description: OK }
`
}`;

async function onDisk(info: TestInfo, name: string, text: string): Promise<string> {
	const path = info.outputPath(name);
	await writeFile(path, text);
	return path;
}

const preview = (page: Page) => page.getByRole('region', { name: 'Import preview' });
const option = (page: Page, name: string) => page.getByRole('option', { name, exact: true });

/** Types into the path field, as a person does, and returns the field. */
async function typePath(page: Page, text: string) {
	const path = ui(page).path;
	await path.fill('');
	await path.pressSequentially(text);
	return path;
}

test('an OpenAPI description added to the endpoint list completes paths; its newer version is previewed as a diff and updates it', async ({
	page,
	axe
}, info) => {
	test.slow();
	await page.goto('/explorer');
	const s = savedRequests(page);
	const p = preview(page);

	// Version 1, added to the endpoint list.
	await s.importFile.setInputFiles(await onDisk(info, 'tracker-v1.yaml', tracker(false)));
	await expect(p).toContainText('OpenAPI 3.0 description from “tracker-v1.yaml”');
	const add = p.getByRole('checkbox', { name: 'Add its operations to the endpoint list' });
	await expect(add).not.toBeChecked();
	await add.check();
	await p.getByRole('button', { name: 'Import', exact: true }).click();
	await expect(s.status).toContainText('2 operations are in the endpoint list now.');
	const listed = s.region.getByRole('region', { name: 'API descriptions in the endpoint list' });
	await expect(listed).toContainText('Ticket-Tracker 1.0.0: 2 operations');

	// Its paths complete in the path field, and its parameters are the description's.
	await typePath(page, '/projects/1/tracker_');
	await expect(option(page, 'GET /projects/:id/tracker_tickets')).toBeVisible();
	await expect(option(page, 'GET /projects/:id/tracker_milestones')).toBeVisible();
	await option(page, 'GET /projects/:id/tracker_tickets').click();
	await expect(page.getByText('From “Ticket-Tracker”: Tickets auflisten')).toBeVisible();
	await page.getByText(/^Query parameters \(0 required, 2 optional\)$/).click();
	await expect(page.getByText('Nur Tickets in diesem Zustand.')).toBeVisible();

	// Kept across a reload.
	await page.reload();
	await typePath(page, '/projects/1/tracker_tickets?st');
	await expect(
		option(
			page,
			'state · string · optional — Nur Tickets in diesem Zustand. Allowed: opened, closed'
		)
	).toBeVisible();

	// Version 2: the preview says what it adds, changes and removes. Cancel changes nothing.
	await s.importFile.setInputFiles(await onDisk(info, 'tracker-v2.yaml', tracker(true)));
	await expect(p).toContainText('OpenAPI 3.0 description from “tracker-v2.yaml”');
	await expect(add).toBeChecked();
	await expect(
		p.getByRole('heading', { name: 'Changes since the version in the endpoint list' })
	).toBeVisible();
	await expect(p).toContainText(
		'“Ticket-Tracker” 1.0.0 is in the endpoint list. Import updates it to 2.0.0'
	);
	await expect(p.getByRole('list', { name: 'Added operations' })).toHaveText(
		'GET /projects/:id/tracker_labels Labels auflisten'
	);
	await expect(p.getByRole('list', { name: 'Changed operations' })).toHaveText(
		'GET /projects/:id/tracker_tickets: query parameter “state” now required'
	);
	await expect(p.getByRole('list', { name: 'Removed operations' })).toHaveText(
		'GET /projects/:id/tracker_milestones Meilensteine auflisten'
	);
	expect((await axe().include('#import-preview-title').analyze()).violations).toEqual([]);
	expect(
		(await axe().include('section[aria-labelledby="import-preview-title"]').analyze()).violations
	).toEqual([]);
	await p.getByRole('button', { name: 'Cancel' }).click();
	await expect(s.status).toHaveText('Import cancelled; nothing changed.');
	await expect(s.item('Meilensteine auflisten')).toBeVisible();
	await expect(listed).toContainText('Ticket-Tracker 1.0.0');

	// Import applies it: the saved requests and the completion follow version 2.
	await s.importFile.setInputFiles(await onDisk(info, 'tracker-v2.yaml', tracker(true)));
	await p.getByRole('button', { name: 'Import', exact: true }).click();
	await expect(s.status).toContainText(
		'Updated “Ticket-Tracker” from its newer version: 1 operation added, 1 operation changed, 1 operation removed; the saved requests it made follow it.'
	);
	await expect(s.item('Meilensteine auflisten')).toHaveCount(0);
	await expect(s.item('Labels auflisten')).toBeVisible();
	await expect(s.item('Tickets auflisten')).toHaveCount(1);
	await expect(listed).toContainText('Ticket-Tracker 2.0.0: 2 operations');
	await typePath(page, '/projects/1/tracker_');
	await expect(option(page, 'GET /projects/:id/tracker_labels')).toBeVisible();
	await expect(option(page, 'GET /projects/:id/tracker_milestones')).toHaveCount(0);
	await typePath(page, '/projects/1/tracker_tickets?st');
	await expect(
		option(
			page,
			'state · string · required — Nur Tickets in diesem Zustand. Allowed: opened, closed'
		)
	).toBeVisible();

	// The changed request sends what version 2 says.
	await s.item('Tickets auflisten').click();
	await expect(ui(page).query).toHaveValue(/(^|&)state=opened(&|$)/);
	await expect(page.getByText(/^Will send /)).toContainText(
		`GET ${API_ROOT}/projects/1/tracker_tickets?state=opened`
	);
	await expectNoSideScroll(page);

	// Removed from the endpoint list: no longer offered; the saved requests stay.
	await listed
		.getByRole('button', { name: 'Remove “Ticket-Tracker” from the endpoint list' })
		.click();
	await expect(s.status).toContainText('Removed “Ticket-Tracker” from the endpoint list');
	await expect(listed).toHaveCount(0);
	await typePath(page, '/projects/1/tracker_');
	await expect(option(page, 'GET /projects/:id/tracker_labels')).toHaveCount(0);
	await expect(s.item('Labels auflisten')).toBeVisible();
	await page.reload();
	await typePath(page, '/projects/1/tracker_');
	await expect(page.getByRole('listbox', { name: 'Endpoints' }).getByRole('option')).toHaveCount(0);
});
