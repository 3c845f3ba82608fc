import { FileRefused } from '$lib/ui/file-refused';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

afterEach(() => vi.unstubAllGlobals());

describe('OpenAPI 3.0 (YAML)', async () => {
	const fetchSpy = vi.fn(() => Promise.reject(new Error('no network')));
	vi.stubGlobal('fetch', fetchSpy);
	const preview = await parseImport(fixture('openapi-3.0.yaml'), options);

	it('one request per operation, grouped by tag; HEAD is named as not carried', () => {
		expect(preview.format).toBe('openapi-3.0');
		expect(preview.counts).toMatchObject({ requests: 6, folders: 2, environments: 2 });
		expect(preview.collections.map((c) => [c.name, c.requests.map((r) => r.name)])).toEqual([
			[
				'GitLab API (Auszug) / projects',
				['Projekte auflisten', 'Projekt anlegen', 'Datei lesen', 'Projekt importieren']
			],
			['GitLab API (Auszug) / issues', ['Issues eines Projekts', 'Issue anlegen']]
		]);
		expect(notCarriedLines(preview).join('\n')).toMatch(
			/Operations with the method HEAD \(.*Kopf”\): left out/
		);
	});

	it('the server URL is {{baseUrl}} of an environment per server; the first, with its variable filled, is the API root', () => {
		expect(preview.environments.map((e) => [e.name, e.values])).toEqual([
			['GitLab API (Auszug) (Unser GitLab)', { baseUrl: 'https://gitlab.example.com/api/v4' }],
			['GitLab API (Auszug) (GitLab.com)', { baseUrl: 'https://gitlab.com/api/v4' }]
		]);
	});

	it('a $ref parameter, a required query parameter with its default, the global API key as PRIVATE-TOKEN', () => {
		const r = request(preview, 'Projekte auflisten');
		expect(r.path).toBe('/projects');
		expect(r.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		// `search` is optional: named in the fields, not sent.
		expect(sent(r).url).toBe(`${API_ROOT}/projects?per_page=20`);
		expect(preview.fields[r.id]).toEqual([
			{ name: 'per_page', in: 'query', required: true },
			{ name: 'search', in: 'query', required: false }
		]);
	});

	it('a JSON body from the schema: required and exampled properties, read-only and recursive ones left out', () => {
		const r = request(preview, 'Projekt anlegen');
		expect(r.bodyKind).toBe('json');
		expect(JSON.parse(sent(r).body!)).toEqual({
			name: 'Mein Projekt',
			visibility: 'private',
			initialize_with_readme: false
		});
		expect(preview.fields[r.id]).toContainEqual({ name: 'name', in: 'body', required: true });
	});

	it('an id example holding “/” (path /projects/{id}/issues) is sent encoded; enum, array and header examples', () => {
		const r = request(preview, 'Issues eines Projekts');
		expect(r.path).toBe('/projects/:id/issues');
		expect(r.pathParams).toEqual({ id: 'gruppe/projekt' });
		expect(sent(r)).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects/gruppe%2Fprojekt/issues?state=opened&labels[]=bug&labels[]=ux`,
			credentialed: true,
			headers: { 'X-Request-Id': 'req-1' }
		});
		expect(notCarriedLines(preview).join('\n')).toMatch(/Cookie parameters .*session/);
	});

	it('an operation’s own security wins: OAuth 2.0, and security: [] is no auth', () => {
		const r = request(preview, 'Issue anlegen');
		expect(r.auth).toEqual({ method: 'oauth', way: 'bearer' });
		expect(sent(r).body).toBe('title=Fehler&labels[]=bug');
		expect(request(preview, 'Datei lesen').auth).toEqual({ method: 'none', way: 'none' });
	});

	it('a file path parameter is one encoded segment', () => {
		const r = request(preview, 'Datei lesen');
		expect(sent(r).url).toBe(
			`${API_ROOT}/projects/gruppe%2Fprojekt/repository/files/src%2Fapp.ts?ref=main`
		);
	});

	it('multipart: text fields as parameters, the binary one named as a file to choose', () => {
		const r = request(preview, 'Projekt importieren');
		expect(sent(r).form).toEqual([
			['namespace', 'tools'],
			['path', 'importiert']
		]);
		expect(notCarriedLines(preview).join('\n')).toMatch(
			/File fields of multipart bodies .*Projekt importieren: file/
		);
	});

	it('nothing was fetched', () => {
		expect(fetchSpy).not.toHaveBeenCalled();
	});
});

describe('OpenAPI 3.1 (JSON) and Swagger 2.0 (YAML)', () => {
	it('3.1: type lists, examples lists, a relative server under the API root', async () => {
		const doc = {
			openapi: '3.1.0',
			info: { title: 'Snippets', version: '1' },
			servers: [{ url: '/api/v4' }],
			paths: {
				'/snippets': {
					post: {
						operationId: 'createSnippet',
						security: [{ bearer: [] }],
						requestBody: {
							content: {
								'application/json': {
									schema: {
										type: 'object',
										required: ['title', 'visibility', 'secret'],
										properties: {
											title: { type: ['string', 'null'], examples: ['Notiz'] },
											visibility: { const: 'private' },
											secret: { type: ['boolean', 'null'] }
										}
									}
								}
							}
						}
					}
				}
			},
			components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }
		};
		const preview = await parseImport(JSON.stringify(doc), options);
		expect(preview.format).toBe('openapi-3.1');
		const r = request(preview, 'createSnippet');
		expect(r.auth).toEqual({ method: 'personal', way: 'bearer' });
		// A boolean is false, never null (CH-BOOL-2).
		expect(sent(r)).toMatchObject({
			url: `${API_ROOT}/snippets`,
			body: JSON.stringify({ title: 'Notiz', visibility: 'private', secret: false })
		});
	});

	it('Swagger 2.0: host, basePath and schemes; body and formData parameters; basic auth named', async () => {
		const yaml = `swagger: '2.0'
info: { title: Alt, version: '1' }
host: gitlab.example.com
basePath: /api/v4
schemes: [https]
securityDefinitions:
  basic: { type: basic }
  token: { type: apiKey, in: query, name: private_token }
security: [ { token: [] } ]
paths:
  /projects/{id}/pipeline:
    post:
      tags: [ci]
      summary: Pipeline
      parameters:
        - { name: id, in: path, required: true, type: string, x-example: '7' }
        - name: body
          in: body
          schema:
            type: object
            required: [ref]
            properties:
              ref: { type: string, example: main }
              variables: { type: array, items: { type: object, properties: { key: { type: string }, value: { type: string } } } }
  /projects/import:
    post:
      summary: Import
      security: [ { basic: [] } ]
      consumes: [multipart/form-data]
      parameters:
        - { name: path, in: formData, type: string, required: true, default: neu }
        - { name: file, in: formData, type: file, required: true }
`;
		const preview = await parseImport(yaml, options);
		expect(preview.format).toBe('swagger-2.0');
		const p = request(preview, 'Pipeline');
		expect(p.collection).toBe('Alt / ci');
		expect(p.auth).toEqual({ method: 'personal', way: 'private-token-query' });
		expect(sent(p, {})).toMatchObject({ body: JSON.stringify({ ref: 'main' }) });
		const i = request(preview, 'Import');
		expect(sent(i).form).toEqual([['path', 'neu']]);
		expect(notCarriedLines(preview).join('\n')).toMatch(/Basic auth .*Import”\)/);
	});

	it('a server elsewhere keeps full URLs (sent without credentials)', async () => {
		const doc = {
			openapi: '3.0.0',
			info: { title: 'T', version: '1' },
			servers: [{ url: 'https://gitlab.com/api/v4' }],
			paths: { '/user': { get: { summary: 'Me' } } }
		};
		const r = request(await parseImport(JSON.stringify(doc), options), 'Me');
		expect(r.path).toBe('https://gitlab.com/api/v4/user');
		expect(sent(r)).toMatchObject({ url: 'https://gitlab.com/api/v4/user', credentialed: false });
	});

	it('a $ref to nothing refuses the file; an external $ref is not fetched and is named', async () => {
		const broken = {
			openapi: '3.0.0',
			info: { title: 'T', version: '1' },
			paths: { '/a': { get: { parameters: [{ $ref: '#/components/parameters/nope' }] } } }
		};
		await expect(parseImport(JSON.stringify(broken), options)).rejects.toThrow(FileRefused);
		await expect(parseImport(JSON.stringify(broken), options)).rejects.toThrow(
			/refers to #\/components\/parameters\/nope, which it does not hold/
		);
		const fetchSpy = vi.fn(() => Promise.reject(new Error('no network')));
		vi.stubGlobal('fetch', fetchSpy);
		const ext = {
			openapi: '3.0.0',
			info: { title: 'T', version: '1' },
			paths: {
				'/a': {
					post: {
						summary: 'A',
						requestBody: {
							content: {
								'application/json': { schema: { $ref: 'https://evil.example/schema.json' } }
							}
						}
					}
				}
			}
		};
		const preview = await parseImport(JSON.stringify(ext), options);
		expect(fetchSpy).not.toHaveBeenCalled();
		expect(notCarriedLines(preview).join('\n')).toMatch(
			/References to other files or URLs: not followed/
		);
		expect(sent(request(preview, 'A')).body).toBe('{}');
	});

	it('a description with more operations than the explorer keeps is refused whole', async () => {
		const paths = Object.fromEntries(
			Array.from({ length: 2_001 }, (_, i) => [`/p${i}`, { get: {} }])
		);
		await expect(
			parseImport(JSON.stringify({ openapi: '3.0.0', info: { title: 'T' }, paths }), options)
		).rejects.toThrow(/more than 2000 requests/);
	});
});
