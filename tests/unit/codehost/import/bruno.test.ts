import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notCarriedLines, type ImportPreview } from '$lib/codehost/import/preview';
import { parseImport } from '$lib/codehost/import/read-import';
import { API_ROOT, sent } from './sent';

const text = readFileSync(new URL('./fixtures/bruno.json', import.meta.url), 'utf8');

function request(preview: ImportPreview, name: string) {
	for (const c of preview.collections) {
		const r = c.requests.find((x) => x.name === name);
		if (r) return { ...r, collection: c.name };
	}
	throw new Error(`no request “${name}”`);
}

describe('Bruno collection (JSON export)', async () => {
	const preview = await parseImport(text, { apiRoot: API_ROOT });
	const lokal = preview.environments.find((e) => e.name === 'Lokal')!;
	const vars = preview.environments.find((e) => e.name === 'GitLab Bruno variables')!;
	const values = { ...vars.values, ...lokal.values };

	it('folders in their order (seq), the collection’s environments and the folder variables', () => {
		expect(preview.format).toBe('bruno-json');
		expect(preview.collections.map((c) => [c.name, c.requests.map((r) => r.name)])).toEqual([
			['GitLab Bruno / Projekte', ['Projekt anlegen', 'Zweig-Commits']],
			['GitLab Bruno', ['GraphQL', 'Mehrteilig', 'Formular']]
		]);
		expect(vars.values).toEqual({ project: 'gruppe/projekt' });
		expect(lokal.secret).toEqual(['gitlab_token']);
	});

	it('a folder’s API key and headers are inherited; path parameters (a branch with “/”) are sent encoded', () => {
		const r = request(preview, 'Zweig-Commits');
		expect(r.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		expect(sent(r, values)).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects/gruppe%2Fprojekt/branches/feature%2Fneu/commits?per_page=10`,
			credentialed: true,
			headers: { 'X-Client': 'bruno', Accept: 'application/json' }
		});
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/Switched-off headers .*X-Alt/);
		expect(lines).toMatch(/Assertions .*Zweig-Commits/);
		expect(preview.scripts.map((s) => [s.where, s.kind])).toEqual([
			['GitLab Bruno / Projekte', 'pre-request'],
			['GitLab Bruno / Projekte / Zweig-Commits', 'test']
		]);
	});

	it('a JSON body with a variable inside a string; process.env is named', () => {
		const r = request(preview, 'Projekt anlegen');
		expect(r.auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(sent(r, values).body).toBe(JSON.stringify({ name: 'Schöne Sache' }));
		expect(notCarriedLines(preview).join('\n')).toMatch(
			/Variables from process\.env .*Projekt anlegen/
		);
	});

	it('the collection’s bearer auth reaches a top-level request; GraphQL, multipart, form; AWS auth named', () => {
		expect(request(preview, 'Mehrteilig').auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(sent(request(preview, 'Mehrteilig'), values).form).toEqual([['path', 'neu']]);
		expect(sent(request(preview, 'GraphQL')).body).toBe(
			JSON.stringify({ query: '{ currentUser { id } }' })
		);
		expect(sent(request(preview, 'Formular'), values).body).toBe('ref=main');
		expect(notCarriedLines(preview).join('\n')).toMatch(/AWS Signature auth .*Formular/);
	});
});
