import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notCarriedLines, type ImportPreview } from '$lib/codehost/import/preview';
import { parseImport } from '$lib/codehost/import/read-import';
import { API_ROOT, sent } from './sent';

const fixture = (name: string) =>
	readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { apiRoot: API_ROOT };

function request(preview: ImportPreview, name: string) {
	for (const c of preview.collections) {
		const r = c.requests.find((x) => x.name === name);
		if (r) return { ...r, collection: c.name };
	}
	throw new Error(`no request “${name}”`);
}

describe('Hoppscotch collection', async () => {
	const preview = await parseImport(fixture('hoppscotch-collection.json'), options);
	const env = preview.environments[0]!;
	const values = { ...env.values, ...preview.secretValues[env.id] };

	it('folders at any depth; collection variables and request variables form one environment', () => {
		expect(preview.format).toBe('hoppscotch-collection');
		expect(preview.counts).toMatchObject({ requests: 5, folders: 2 });
		expect(preview.collections.map((c) => c.name)).toEqual([
			'GitLab über Hoppscotch',
			'GitLab über Hoppscotch / Issues',
			'GitLab über Hoppscotch / Issues / Notizen'
		]);
		expect(env.values).toMatchObject({ baseUrl: API_ROOT, project: '7', id: 'gruppe/projekt' });
	});

	it('<<var>> becomes {{var}}; the folder’s API key and headers reach a request two levels down; URL query and parameters both go', () => {
		const r = request(preview, 'Notizen lesen');
		expect(r.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		expect(sent(r, values)).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects/7/issues/5/notes?sort=asc&per_page=50`,
			credentialed: true,
			headers: { Accept: 'application/json' }
		});
	});

	it('a JSON body, a path parameter from a request variable, scripts kept as text, switched-off parameter named', () => {
		const r = request(preview, 'Issue anlegen');
		expect(sent(r, values)).toMatchObject({
			url: `${API_ROOT}/projects/gruppe%2Fprojekt/issues`,
			headers: {
				Accept: 'application/json',
				'X-Quelle': 'hoppscotch',
				'Content-Type': 'application/json'
			},
			body: JSON.stringify({ title: 'Größe', confidential: false })
		});
		expect(preview.scripts.map((s) => [s.where, s.kind])).toEqual([
			['GitLab über Hoppscotch / Issues / Issue anlegen', 'pre-request'],
			['GitLab über Hoppscotch / Issues / Notizen / Notizen lesen', 'test']
		]);
		expect(notCarriedLines(preview).join('\n')).toMatch(/Switched-off query parameters .*dry/);
	});

	it('a urlencoded body written as Hoppscotch’s key: value lines, # for a switched-off line', () => {
		const r = request(preview, 'Formular');
		expect(r.auth.method).toBe('none');
		expect(sent(r, values).body).toBe('description=Neu%20%26%20sch%C3%B6n&topics[]=a');
		expect(notCarriedLines(preview).join('\n')).toMatch(/Switched-off body fields .*visibility/);
	});

	it('the collection’s bearer auth is inherited by a top-level request; file fields and AWS auth are named', () => {
		expect(request(preview, 'Hochladen').auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(sent(request(preview, 'Hochladen'), values).form).toEqual([['path', 'neu']]);
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/AWS Signature auth .*AWS/);
		expect(lines).toMatch(/File fields of multipart bodies .*Hochladen: file/);
	});
});

describe('Hoppscotch environments', () => {
	it('a list of environments, v1 and v2; secret ones keep their values apart', async () => {
		const preview = await parseImport(fixture('hoppscotch-environment.json'), options);
		expect(preview.format).toBe('hoppscotch-environment');
		expect(preview.environments.map((e) => [e.name, e.values, e.secret])).toEqual([
			['Zuhause', { baseUrl: API_ROOT, gitlab_token: '', hook: '' }, ['gitlab_token', 'hook']],
			['Alt', { baseUrl: 'https://old.example.com/api/v4' }, undefined]
		]);
		expect(preview.secretValues[preview.environments[0]!.id]).toEqual({ hook: 'h00k' });
	});
});
