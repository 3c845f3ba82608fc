import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notCarriedLines, type ImportPreview } from '$lib/codehost/import/preview';
import { parseImport } from '$lib/codehost/import/read-import';
import { API_ROOT, sent } from './sent';

const fixture = (name: string) =>
	readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { apiRoot: API_ROOT };

function request(preview: ImportPreview, collection: string, name: string) {
	const c = preview.collections.find((x) => x.name === collection);
	const r = c?.requests.find((x) => x.name === name);
	if (!r)
		throw new Error(
			`no request “${name}” in “${collection}”: ${JSON.stringify(preview.collections.map((x) => [x.name, x.requests.map((y) => y.name)]))}`
		);
	return r;
}

const ROOT = 'GitLab – Projekte & Issues';

describe('Postman collection v2.1', async () => {
	const preview = await parseImport(fixture('postman-2.1.json'), options);
	const env = preview.environments[0]!;
	const values = { ...env.values, ...preview.secretValues[env.id] };

	it('is recognised and counted: requests, folders, one environment of the collection variables', () => {
		expect(preview.format).toBe('postman-collection-2.1');
		expect(preview.formatName).toBe('Postman collection (v2.1)');
		// 10 requests in the file; OPTIONS is not sent by the explorer.
		expect(preview.counts).toEqual({ requests: 9, folders: 2, environments: 1, variables: 5 });
		expect(preview.collections.map((c) => c.name)).toEqual([
			`${ROOT} / Projekte`,
			`${ROOT} / Projekte / Issues`,
			ROOT
		]);
		expect(env.name).toBe(`${ROOT} variables`);
		expect(preview.explained.join(' ')).toMatch(/Collection \/ Folder \/ Subfolder/);
	});

	it('a {{baseUrl}} request under the API root sends to the root with the app’s token; switched-off entries stay out', () => {
		const r = request(preview, `${ROOT} / Projekte`, 'Liste der Projekte');
		expect(r.path).toBe('/projects');
		// Inherited from the collection: a bearer token, whose value is never imported.
		expect(r.auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(sent(r, values)).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects?per_page=20&search=café`,
			credentialed: true,
			headers: { Accept: 'application/json', 'X-Team': 'Straße' }
		});
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(
			/Switched-off headers \(“GitLab – Projekte & Issues \/ Projekte \/ Liste der Projekte: X-Trace”\)/
		);
		expect(lines).toMatch(/Switched-off query parameters .*order_by/);
		expect(lines).toMatch(/Descriptions .*Liste der Projekte/);
	});

	it('a folder’s API key auth (PRIVATE-TOKEN) is inherited; a path variable with a “/” is sent encoded', () => {
		const r = request(preview, `${ROOT} / Projekte / Issues`, 'Issue anlegen');
		expect(r.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		expect(r.path).toBe('/projects/:id/issues');
		expect(r.pathParams).toEqual({ id: 'gruppe/projekt' });
		expect(sent(r, values)).toEqual({
			method: 'POST',
			url: `${API_ROOT}/projects/gruppe%2Fprojekt/issues`,
			credentialed: true,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ title: 'Fehler in Übersicht', labels: ['bug', 'ü'] })
		});
	});

	it('“No auth” on a request overrides the folder’s', () => {
		const r = request(preview, `${ROOT} / Projekte / Issues`, 'Issue ohne Auth');
		expect(r.auth).toEqual({ method: 'none', way: 'none' });
		expect(sent(r, values).url).toBe(`${API_ROOT}/projects/42/issues/5`);
	});

	it('a form body keeps its bracket fields and leaves the switched-off one out; a {{host}} variable in the host is read', () => {
		const r = request(preview, ROOT, 'Pipeline starten (Formular)');
		expect(r.path).toBe('/projects/7/pipeline');
		expect(r.bodyKind).toBe('form');
		expect(sent(r, values)).toMatchObject({
			url: `${API_ROOT}/projects/7/pipeline`,
			credentialed: true,
			body: 'ref=main&variables[0][key]=DEPLOY&variables[0][value]=true'
		});
		expect(preview.scripts).toContainEqual({
			where: `${ROOT} / Pipeline starten (Formular)`,
			kind: 'pre-request',
			text: "pm.variables.set('ref', 'main');"
		});
	});

	it('a multipart body keeps its text fields; the file field is named as not carried', () => {
		const r = request(preview, ROOT, 'Import (multipart)');
		expect(sent(r, values)).toMatchObject({
			url: `${API_ROOT}/projects/import`,
			form: [
				['namespace', 'tools'],
				['path', 'importiert']
			]
		});
		expect(notCarriedLines(preview).join('\n')).toMatch(
			/File fields of multipart bodies .*Import \(multipart\): file/
		);
	});

	it('a file body, an XML body and an OPTIONS request are named with why', () => {
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/File bodies \(.*Upload a file body”\): left out/);
		expect(lines).toMatch(/XML bodies \(.*XML body”\): left out/);
		expect(lines).toMatch(
			/Requests with the method OPTIONS \(.*Options request”\): left out: this explorer sends GET, POST, PUT, PATCH and DELETE/
		);
		expect(request(preview, ROOT, 'XML body').headers).toBe('');
	});

	it('GraphQL becomes its JSON body; the literal token of its bearer auth is not imported', () => {
		const r = request(preview, ROOT, 'GraphQL');
		// /api/graphql is on the API root's host but not under /api/v4: kept as the full URL.
		expect(r.path).toBe('https://gitlab.example.com/api/graphql');
		expect(sent(r, values).body).toBe(
			JSON.stringify({ query: 'query { currentUser { name } }', variables: { n: 1 } })
		);
		expect(JSON.stringify(preview)).not.toContain('glpat-SECRETLITERAL0001');
		expect(notCarriedLines(preview).join('\n')).toMatch(
			/Tokens in the file \(.*GraphQL”\): not imported/
		);
	});

	it('a request to another server keeps its full URL and goes without credentials; its token parameter is dropped', () => {
		const r = request(preview, ROOT, 'Other server');
		expect(r.path).toBe('https://status.example.org/v1/summary');
		expect(r.query).toBe('');
		expect(r.headers).toBe('');
		const s = sent(r, values);
		expect(s).toMatchObject({
			url: 'https://status.example.org/v1/summary',
			credentialed: false,
			headers: {}
		});
	});

	it('variables used for credentials are secret: their values are kept apart, never plain', () => {
		expect(env.secret?.sort()).toEqual(
			['gitlab_token', 'other_token'].filter((n) => n in env.values)
		);
		expect(env.values.gitlab_token).toBe('');
		expect(preview.secretValues[env.id]).toEqual({ gitlab_token: 'glpat-COLLECTIONVAR0002' });
		expect(env.values.baseUrl).toBe('https://gitlab.example.com/api/v4');
		expect(JSON.stringify(preview.environments)).not.toContain('glpat-');
	});
});

describe('Postman collection v2.0', async () => {
	const preview = await parseImport(fixture('postman-2.0.json'), options);

	it('reads v2.0 auth objects, string URLs and header text; a raw “/” in a project id is encoded', () => {
		expect(preview.format).toBe('postman-collection-2.0');
		const r = request(preview, 'Läufe / Jobs', 'Artefakte laden');
		expect(r.auth).toEqual({ method: 'job', way: 'job-token-header' });
		expect(r.path).toBe('/projects/gruppe%2Fwerkzeug/jobs/99/artifacts');
		expect(sent(r, { reqId: 'r-1' })).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects/gruppe%2Fwerkzeug/jobs/99/artifacts`,
			credentialed: true,
			headers: { Accept: 'application/json', 'X-Request-Id': 'r-1' }
		});
	});

	it('OAuth 2.0 in the query is this app’s OAuth token as access_token; its settings are named as not carried', () => {
		const r = request(preview, 'Läufe / Jobs', 'Release mit OAuth');
		expect(r.auth).toEqual({ method: 'oauth', way: 'access-token-query' });
		expect(notCarriedLines(preview).join('\n')).toMatch(/OAuth 2.0 settings .*Release mit OAuth/);
	});

	it('Digest and Basic auth are not carried, with why; a password never comes along', () => {
		expect(request(preview, 'Läufe / Jobs', 'Digest').auth.method).toBe('none');
		expect(request(preview, 'Läufe / Jobs', 'Basic').auth.method).toBe('none');
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(
			/Digest auth \(.*Digest”\): not carried: this explorer has no such auth method/
		);
		expect(lines).toMatch(
			/Basic auth \(user name and password\) \(.*Basic”\): not carried: the API takes tokens, not passwords/
		);
		expect(JSON.stringify(preview)).not.toContain('hunter2-PASSWORD');
	});
});

describe('Postman environment', async () => {
	const preview = await parseImport(fixture('postman-environment.json'), options);
	const env = preview.environments[0]!;

	it('secret-typed and secret-named variables keep their values apart; switched-off and unusable names are named', () => {
		expect(preview.format).toBe('postman-environment');
		expect(preview.counts).toEqual({ requests: 0, folders: 0, environments: 1, variables: 4 });
		expect(env.name).toBe('Produktion (München)');
		expect(env.values).toEqual({
			baseUrl: 'https://gitlab.example.com/api/v4',
			gitlab_token: '',
			webhook: '',
			password: ''
		});
		expect(env.secret?.sort()).toEqual(['gitlab_token', 'password', 'webhook']);
		expect(preview.secretValues[env.id]).toEqual({
			gitlab_token: 'glpat-ENVTOKEN00000003',
			webhook: 's3cr3t-value',
			password: 'pw-in-plain'
		});
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/Switched-off variables \(“Produktion \(München\): old”\)/);
		expect(lines).toMatch(
			/Variables with names this explorer cannot use \(“Produktion \(München\): mit Leerzeichen”\)/
		);
	});
});
