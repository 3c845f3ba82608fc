import { Collection as PostmanCollection, type Item } from 'postman-collection';
import { describe, expect, it } from 'vitest';
import type { Collection, SavedRequest } from '$lib/codehost/collections/collections';
import type { Environment } from '$lib/codehost/environments/environments';
import {
	exportPostman,
	exportPostmanCollections,
	exportPostmanEnvironment
} from '$lib/codehost/import/postman-export';
import { parseImport } from '$lib/codehost/import/read-import';
import { API_ROOT, sent } from './sent';

const item = (over: Partial<SavedRequest>): SavedRequest => ({
	id: `req-${Math.random()}`,
	name: 'r',
	method: 'GET',
	path: '/projects',
	pathParams: {},
	query: '',
	params: '',
	bodyKind: 'query',
	headers: '',
	auth: { method: 'personal', way: 'private-token-header' },
	...over
});

const collection: Collection = {
	id: 'col-1',
	name: 'Tägliche Arbeit',
	requests: [
		item({
			name: 'Projekte',
			query: 'per_page=5&search=caf%C3%A9',
			headers: 'Accept: application/json\nX-Team: {{team}}'
		}),
		item({
			name: 'Issue anlegen',
			method: 'POST',
			path: '/projects/:id/issues',
			pathParams: { id: 'gruppe/projekt' },
			bodyKind: 'json',
			params: JSON.stringify({ title: 'Über', labels: ['a', 'b'] }, null, 2),
			auth: { method: 'oauth', way: 'bearer' }
		}),
		item({
			name: 'Pipeline',
			method: 'POST',
			path: '/projects/7/pipeline',
			bodyKind: 'form',
			params: JSON.stringify({ ref: 'main', variables: [{ key: 'A', value: '1+1' }] }),
			auth: { method: 'job', way: 'job-token-query' }
		}),
		item({
			name: 'Import',
			method: 'POST',
			path: '/projects/import',
			bodyKind: 'multipart',
			params: JSON.stringify({ namespace: 'tools', path: 'neu' }),
			auth: { method: 'none', way: 'none' }
		}),
		item({
			name: 'Suche',
			path: '/users',
			bodyKind: 'query',
			params: JSON.stringify({ search: 'ä b' })
		}),
		item({
			name: 'Status',
			path: 'https://status.example.org/v1/summary',
			query: 'x=1',
			auth: { method: 'none', way: 'none' }
		}),
		item({
			name: 'Löschen',
			method: 'DELETE',
			path: '/projects/:id/share/:group_id',
			pathParams: { id: '1', group_id: '3' },
			auth: { method: 'personal', way: 'bearer' }
		})
	]
};

const environment: Environment = {
	id: 'env-1',
	name: 'Prod',
	values: { team: 'Straße', gitlab_token: 'glpat-NEVEREXPORTED0006', webhook: 'hush' },
	secret: ['webhook']
};

describe('exportPostman', () => {
	const text = exportPostman(collection, environment, { apiRoot: API_ROOT });
	const read = new PostmanCollection(JSON.parse(text) as object);
	const items: Item[] = [];
	read.forEachItem((i) => void items.push(i));

	it('Postman’s own library reads every request back: method, URL, headers, query and body equal', () => {
		expect(items.map((i) => i.name)).toEqual(collection.requests.map((r) => r.name));
		const vars = { baseUrl: API_ROOT, team: 'Straße' };
		for (const [n, r] of collection.requests.entries()) {
			const got = items[n]!;
			const want = sent(r, vars);
			expect(got.request.method).toBe(r.method);
			// Postman fills {{baseUrl}} and :params when it sends; the raw URL is what it keeps.
			const url = got.request.url.toString().replace('{{baseUrl}}', API_ROOT);
			// Postman sends a path variable as its file writes it.
			const filled = got.request.url.variables
				.all()
				.reduce((u, v) => u.replace(`:${v.key}`, String(v.value)), url);
			expect(filled.replace('{{team}}', 'Straße')).toBe(want.url);
			const headers = Object.fromEntries(
				got.request.headers.all().map((h) => [h.key, h.value.replace('{{team}}', 'Straße')])
			);
			expect(headers).toEqual(want.headers);
			const body = got.request.body;
			if (want.body === undefined && !want.form) expect(body?.mode ?? 'none').toMatch(/none|^$/);
			else if (r.bodyKind === 'json')
				expect(JSON.parse(body!.raw!)).toEqual(JSON.parse(want.body!));
			else if (r.bodyKind === 'form')
				expect(
					body!
						.urlencoded!.all()
						.map((p) => `${p.key}=${encodeURIComponent(p.value!)}`)
						.join('&')
				).toBe(want.body);
			else if (r.bodyKind === 'multipart')
				expect(body!.formdata!.all().map((p) => [p.key, p.value])).toEqual(want.form);
		}
	});

	it('auth is Postman’s with a {{token}} variable; no token or secret value is written', () => {
		const auth = items.map((i) => i.request.auth?.type ?? 'none');
		expect(auth).toEqual(['apikey', 'bearer', 'apikey', 'noauth', 'apikey', 'noauth', 'bearer']);
		expect(items[0]!.request.auth!.parameters().toObject()).toEqual({
			key: 'PRIVATE-TOKEN',
			value: '{{token}}',
			in: 'header'
		});
		expect(items[2]!.request.auth!.parameters().toObject()).toEqual({
			key: 'job_token',
			value: '{{job_token}}',
			in: 'query'
		});
		expect(text).not.toContain('glpat-NEVEREXPORTED0006');
		expect(text).not.toContain('hush');
		const vars = Object.fromEntries(read.variables.all().map((v) => [v.key, v.value]));
		expect(vars).toMatchObject({
			baseUrl: API_ROOT,
			token: '',
			oauth_token: '',
			job_token: '',
			team: 'Straße',
			gitlab_token: '',
			webhook: ''
		});
	});

	it('imported again, every request is the one exported (app → Postman v2.1 → app)', async () => {
		const back = await parseImport(text, { apiRoot: API_ROOT });
		const requests = back.collections.flatMap((c) => c.requests);
		expect(requests.map((r) => r.name)).toEqual(collection.requests.map((r) => r.name));
		for (const [n, r] of collection.requests.entries()) {
			const got = requests[n]!;
			const vars = { team: 'Straße' };
			expect(sent(got, vars)).toEqual(sent(r, vars));
			expect(got.auth).toEqual(r.auth);
		}
	});

	it('the environment file lists secret variables with an empty value', () => {
		const env = JSON.parse(exportPostmanEnvironment(environment)) as {
			values: { key: string; value: string; type: string }[];
		};
		expect(env.values).toEqual([
			{ key: 'team', value: 'Straße', type: 'default', enabled: true },
			{ key: 'gitlab_token', value: '', type: 'secret', enabled: true },
			{ key: 'webhook', value: '', type: 'secret', enabled: true }
		]);
	});
});

describe('exportPostmanCollections', () => {
	const second: Collection = {
		id: 'col-2',
		name: 'Zweite',
		requests: [item({ name: 'Ich', path: '/user' })]
	};

	it('writes every collection as a folder of one file that Postman’s library reads request for request', () => {
		const text = exportPostmanCollections([collection, second], environment, { apiRoot: API_ROOT });
		const data = JSON.parse(text) as {
			item: { name: string }[];
			variable: { key: string; value: string }[];
		};
		expect(data.item.map((f) => f.name)).toEqual(['Tägliche Arbeit', 'Zweite']);
		expect(data.variable.find((v) => v.key === 'baseUrl')?.value).toBe(API_ROOT);
		const read = new PostmanCollection(data);
		const items: Item[] = [];
		read.forEachItem((i) => void items.push(i));
		expect(items.map((i) => i.name)).toEqual([...collection.requests.map((r) => r.name), 'Ich']);
		expect(text).not.toContain('glpat-NEVEREXPORTED0006');
		expect(text).not.toContain('hush');
	});

	it('a single collection is the file itself, as exportPostman writes it', () => {
		expect(exportPostmanCollections([second], environment, { apiRoot: API_ROOT })).toBe(
			exportPostman(second, environment, { apiRoot: API_ROOT })
		);
	});
});
