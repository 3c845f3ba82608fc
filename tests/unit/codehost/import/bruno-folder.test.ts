/**
 * A Bruno collection kept as a folder of .bru files, read with Bruno's own parser
 * (@usebruno/lang): nested folders with their folder.bru, auth inherited from collection.bru and
 * folders, every body mode, switched-off entries, non-ASCII names and values, variables from
 * collection.bru and environments/*.bru, each request compared with what the explorer would send.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
	brunoFolderExport,
	parseBrunoFolder,
	type FolderText
} from '$lib/codehost/import/bruno-folder';
import { notCarriedLines, type ImportPreview } from '$lib/codehost/import/preview';
import { API_ROOT, sent } from './sent';

const ROOT = fileURLToPath(new URL('./fixtures/bruno-folder/GitLab Bruno', import.meta.url));

/** The folder's files by their path inside it, as the folder picker gives them. */
const folder = (dir = ROOT, prefix = ''): FolderText[] =>
	readdirSync(dir).flatMap((name) =>
		statSync(join(dir, name)).isDirectory()
			? folder(join(dir, name), `${prefix}${name}/`)
			: [{ path: prefix + name, text: readFileSync(join(dir, name), 'utf8') }]
	);

const options = { apiRoot: API_ROOT, knownPaths: [] };

function request(preview: ImportPreview, name: string) {
	for (const c of preview.collections) {
		const r = c.requests.find((x) => x.name === name);
		if (r) return r;
	}
	throw new Error(`no request “${name}”`);
}

describe('a Bruno collection folder', () => {
	const preview = parseBrunoFolder(folder(), options);
	const env = (name: string) => preview.environments.find((e) => e.name === name)!;
	const values = { ...env('GitLab Bruno variables').values, ...env('Produktion').values };

	it('folders and subfolders in their order (seq of folder.bru and of each request), named by folder.bru', () => {
		expect(preview.format).toBe('bruno-folder');
		expect(preview.formatName).toBe('Bruno collection (folder)');
		expect(preview.collections.map((c) => [c.name, c.requests.map((r) => r.name)])).toEqual([
			['GitLab Bruno / Projekte', ['Projekt anlegen', 'Projekt suchen']],
			['GitLab Bruno / Projekte / Zweige', ['Zweig-Commits', 'Datei hochladen']],
			[
				'GitLab Bruno / Übersicht',
				['Ich selbst', 'Formular', 'Notiz als Text', 'XML', 'GraphQL', 'Datei als Body']
			]
		]);
		expect(preview.counts).toEqual({ requests: 10, folders: 3, environments: 3, variables: 6 });
	});

	it('environments/*.bru are environments, secret variables empty and marked, switched-off ones named', () => {
		expect(preview.environments.map((e) => [e.name, e.values, e.secret])).toEqual([
			['GitLab Bruno variables', { project: 'gruppe/projekt' }, undefined],
			['Produktion', { baseUrl: API_ROOT, suffix: 'prod', gitlab_token: '' }, ['gitlab_token']],
			['Test (lokal)', { baseUrl: 'http://localhost:3000/api/v4', suffix: 'lokal' }, undefined]
		]);
		expect(notCarriedLines(preview)).toContain(
			'Switched-off variables (“Produktion: old_host”): left out: an environment here has no switched-off variables.'
		);
	});

	it('collection.bru’s API key and headers reach a request through a folder that inherits; switched-off entries are named', () => {
		const r = request(preview, 'Projekt suchen');
		expect(r.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		expect(sent(r, values)).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects?search=café%20naïve&per_page=5`,
			credentialed: true,
			headers: { Accept: 'application/json', 'X-Team': 'plattform', 'X-Trace': 'prod' }
		});
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/Switched-off query parameters .*Projekt suchen: archived/);
		expect(lines).toMatch(/Switched-off headers .*Projekt suchen: X-Debug/);
	});

	it('a subfolder’s own bearer auth; path parameters with “/” sent encoded', () => {
		const r = request(preview, 'Zweig-Commits');
		expect(r.auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(sent(r, values)).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects/gruppe%2Fprojekt/repository/branches/feature%2Fneu/commits?per_page=10`,
			credentialed: true,
			headers: { Accept: 'application/json', 'X-Team': 'plattform' }
		});
	});

	it('JSON with a variable inside a string; its tests and assertions kept or named; process.env named', () => {
		const r = request(preview, 'Projekt anlegen');
		expect(r.auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(sent(r, values).body).toBe(
			JSON.stringify({ name: 'Schöne prod', visibility: 'private' })
		);
		expect(preview.scripts.map((s) => [s.where, s.kind])).toEqual([
			['GitLab Bruno', 'pre-request'],
			['GitLab Bruno / Projekte / Projekt anlegen', 'test']
		]);
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/Assertions .*Projekt anlegen/);
		expect(lines).toMatch(/Variables from process\.env .*Projekt anlegen/);
	});

	it('every body mode: multipart (its file named), form, text, XML, GraphQL, a file', () => {
		expect(sent(request(preview, 'Datei hochladen'), values).form).toEqual([
			['beschreibung', 'Ein Bild']
		]);
		expect(sent(request(preview, 'Formular'), values)).toMatchObject({
			method: 'PUT',
			body: 'view_diffs_file_by_file=true',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' }
		});
		expect(sent(request(preview, 'GraphQL'), values)).toMatchObject({
			url: 'https://gitlab.example.com/api/graphql',
			body: JSON.stringify({ query: '{ currentUser { id name } }', variables: { first: 2 } })
		});
		// A folder with auth “none” gives its requests none.
		expect(request(preview, 'Ich selbst').auth).toEqual({ method: 'none', way: 'none' });
		expect(sent(request(preview, 'XML'), values)).toMatchObject({
			url: 'https://other.example.org/feed',
			credentialed: false
		});
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/File fields of multipart bodies .*Datei hochladen: file/);
		expect(lines).toMatch(
			/Switched-off body fields .*Datei hochladen: alt.*Formular: show_whitespace_in_diffs/
		);
		expect(lines).toMatch(/Text bodies .*Notiz als Text/);
		expect(lines).toMatch(/XML bodies .*XML/);
		expect(lines).toMatch(/File bodies .*Datei als Body/);
	});
});

describe('brunoFolderExport', () => {
	const config = { path: 'bruno.json', text: '{"version":"1","name":"Klein","type":"collection"}' };

	it('a folder without folder.bru is named by its directory; a file Bruno cannot read is named, the rest read', () => {
		const preview = parseBrunoFolder(
			[
				config,
				{
					path: 'Ärger/ok.bru',
					text: 'meta {\n  name: Geht\n  type: http\n  seq: 1\n}\n\nget {\n  url: https://x.example/a\n  body: none\n  auth: none\n}\n'
				},
				{ path: 'Ärger/kaputt.bru', text: 'meta {\n  name: kaputt\n\nget {{{\n' },
				{ path: 'notes.txt', text: 'not read' }
			],
			options
		);
		expect(preview.collections.map((c) => [c.name, c.requests.map((r) => r.name)])).toEqual([
			['Klein / Ärger', ['Geht']]
		]);
		expect(notCarriedLines(preview)).toContain(
			'Files Bruno’s parser could not read (“Ärger/kaputt.bru”): left out: open them in Bruno to see what is wrong, then import the folder again.'
		);
	});

	it('folders bruno.json ignores are not read', () => {
		const { data } = brunoFolderExport([
			{ ...config, text: '{"name":"Klein","ignore":["node_modules","drafts"]}' },
			{ path: 'drafts/x.bru', text: 'meta {\n  name: x\n}\n' }
		]);
		expect(data.items).toEqual([]);
	});

	it('no bruno.json, or one that is not JSON or not a collection, refuses the folder', () => {
		expect(() => brunoFolderExport([{ path: 'a.bru', text: '' }])).toThrow(FileRefused);
		expect(() => brunoFolderExport([{ path: 'bruno.json', text: '{' }])).toThrow(
			/bruno\.json is not JSON/
		);
		expect(() => brunoFolderExport([{ path: 'bruno.json', text: '{"type":"workspace"}' }])).toThrow(
			/does not describe a Bruno collection/
		);
	});
});
