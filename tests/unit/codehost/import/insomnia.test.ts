import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
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

const valuesOf = (preview: ImportPreview, name: string) => {
	const env = preview.environments.find((e) => e.name === name)!;
	return { ...env.values, ...preview.secretValues[env.id] };
};

describe('Insomnia export, format 4', () => {
	const text = fixture('insomnia-4.json');

	it.each([
		['JSON', text],
		['YAML', stringify(JSON.parse(text))]
	])(
		'%s: workspaces, request groups, and sub-environments on top of the base environment',
		async (_kind, file) => {
			const preview = await parseImport(file, options);
			expect(preview.format).toBe('insomnia-4');
			expect(preview.counts).toEqual({ requests: 5, folders: 2, environments: 2, variables: 12 });
			expect(preview.collections.map((c) => [c.name, c.requests.map((r) => r.name)])).toEqual([
				['GitLab Arbeitsbereich / Issues', ['Issues öffnen']],
				['GitLab Arbeitsbereich / Issues / CI', ['Pipeline']],
				['GitLab Arbeitsbereich', ['Projekt anlegen', 'GraphQL', 'Import']]
			]);
			expect(preview.environments.map((e) => e.name)).toEqual([
				'GitLab Arbeitsbereich – Produktion',
				'GitLab Arbeitsbereich – Staging'
			]);
			expect(valuesOf(preview, 'GitLab Arbeitsbereich – Staging')).toMatchObject({
				baseUrl: 'https://staging.example.com/api/v4',
				host: 'gitlab.example.com',
				'nested.deep': '1',
				team: 'Kern',
				projectName: 'Stage'
			});
			expect(notCarriedLines(preview).join('\n')).toMatch(/gRPC requests: left out/);
		}
	);

	it('{{ _.var }} becomes {{var}}; the folder’s bearer auth and headers are inherited; a path parameter with “/” is encoded', async () => {
		const preview = await parseImport(text, options);
		const r = request(preview, 'Issues öffnen');
		expect(r.auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(r.headers).toBe('Accept: application/json\nX-Team: {{team}}');
		expect(sent(r, valuesOf(preview, 'GitLab Arbeitsbereich – Produktion'))).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects/gruppe%2Fprojekt/issues?state=opened`,
			credentialed: true,
			headers: { Accept: 'application/json', 'X-Team': 'Kern' }
		});
		expect(notCarriedLines(preview).join('\n')).toMatch(/Switched-off query parameters .*scope/);
	});

	it('secret values stay apart: the token variable used by the auth, and a token-named one', async () => {
		const preview = await parseImport(text, options);
		const prod = preview.environments.find((e) => e.name.endsWith('Produktion'))!;
		expect(prod.values.gitlab_token).toBe('');
		expect(prod.secret).toEqual(expect.arrayContaining(['gitlab_token']));
		expect(preview.secretValues[prod.id]).toMatchObject({
			gitlab_token: 'glpat-INSOMNIA000000007'
		});
		expect(JSON.stringify(preview.environments)).not.toContain('glpat-');
	});

	it('a host variable, JOB-TOKEN API key, form body; scripts kept as text', async () => {
		const preview = await parseImport(text, options);
		const r = request(preview, 'Pipeline');
		expect(r.auth).toEqual({ method: 'job', way: 'job-token-header' });
		expect(sent(r, valuesOf(preview, 'GitLab Arbeitsbereich – Produktion'))).toMatchObject({
			url: `${API_ROOT}/projects/7/pipeline`,
			body: 'ref=main'
		});
		expect(preview.scripts.map((s) => [s.kind, s.text])).toEqual([
			['pre-request', "insomnia.environment.set('x', 1);"],
			['test', "insomnia.test('ok', () => {});"]
		]);
	});

	it('template tags are named; GraphQL becomes JSON; Digest is named; the file field is named', async () => {
		const preview = await parseImport(text, options);
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/Template tags .*Projekt anlegen/);
		expect(lines).toMatch(/Digest auth .*GraphQL/);
		expect(lines).toMatch(/File fields of multipart bodies .*Import: file/);
		expect(sent(request(preview, 'GraphQL')).body).toBe(
			JSON.stringify({ query: '{ currentUser { name } }', variables: {} })
		);
		expect(sent(request(preview, 'Import')).form).toEqual([['path', 'neu']]);
		expect(request(preview, 'Projekt anlegen').auth.method).toBe('none');
	});
});

describe('Insomnia collection, version 5 (YAML)', async () => {
	const preview = await parseImport(fixture('insomnia-5.yaml'), options);
	const values = valuesOf(preview, 'GitLab (v5) – Ich');

	it('the tree, its folder auth (PRIVATE-TOKEN), a variable in the path and a tag with “/”', () => {
		expect(preview.format).toBe('insomnia-5');
		const r = request(preview, 'Tag lesen');
		expect(r.collection).toBe('GitLab (v5) / Projekte');
		expect(r.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		expect(sent(r, values)).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects/7/repository/tags/release%2F1.0`,
			credentialed: true,
			headers: { 'Accept-Language': 'de' }
		});
		expect(preview.scripts).toEqual([
			{
				where: 'GitLab (v5) / Projekte / Tag lesen',
				kind: 'test',
				text: 'expect(insomnia.response.code).to.equal(200);'
			}
		]);
	});

	it('basic auth is named, its password variable is secret', () => {
		expect(request(preview, 'Wer bin ich').auth.method).toBe('none');
		const env = preview.environments[0]!;
		expect(env.secret?.sort()).toEqual(['password', 'token']);
		expect(preview.secretValues[env.id]).toEqual({
			token: 'glpat-INSOMNIA5000000008',
			password: 'pw'
		});
	});
});
