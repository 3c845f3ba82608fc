/** The demo code host's paginated listings: offset by default, keyset where the table allows it. */
import { describe, expect, it } from 'vitest';
import { createCodehostApp, EXTERNAL_URL_HEADER, MAX_OFFSET } from '$lib/fakes/codehost/app';
import { linksByRel } from '$lib/http/link-header';
import { BASE, call, PAT } from './demo-host';

describe('demo code host: listings and pagination', () => {
	const app = createCodehostApp();

	it('CH-OFF-1, CH-OFF-2: offset is the default with Link and every x-* header', async () => {
		const res = await call(app, '/api/v4/users?per_page=5&page=2');
		expect(res.status).toBe(200);
		for (const h of [
			'x-next-page',
			'x-page',
			'x-per-page',
			'x-prev-page',
			'x-total',
			'x-total-pages'
		])
			expect(res.headers.has(h)).toBe(true);
		expect(Object.keys(linksByRel(res.headers.get('link')))).toEqual([
			'prev',
			'next',
			'first',
			'last'
		]);
		expect((await res.json()).length).toBe(5);
	});

	it('CH-OFF-1: per_page defaults to 20 and is served as at most 100', async () => {
		expect((await (await call(app, '/api/v4/projects')).json()).length).toBe(20);
		const res = await call(app, '/api/v4/projects?per_page=500');
		expect(res.headers.get('x-per-page')).toBe('100');
	});

	it('CH-OFF-4: above 10,000 projects the totals and rel="last" are left out; next still works', async () => {
		const res = await call(app, '/api/v4/projects?per_page=100');
		expect(res.headers.has('x-total')).toBe(false);
		expect(res.headers.has('x-total-pages')).toBe(false);
		const links = linksByRel(res.headers.get('link'));
		expect(links.last).toBeUndefined();
		expect(links.next).toContain('page=2');
		expect(res.headers.get('x-prev-page')).toBe('');
	});

	it('CH-OFF-6: past the maximum offset the answer is 405 with the reference body', async () => {
		const res = await call(app, `/api/v4/projects?per_page=100&page=${MAX_OFFSET / 100 + 1}`);
		expect(res.status).toBe(405);
		expect((await res.json()).error).toBe(
			'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.'
		);
	});

	it('CH-OFF-7: users past the offset limit are pointed at keyset', async () => {
		const res = await call(app, '/api/v4/users?per_page=100&page=501');
		expect(res.status).toBe(405);
		expect((await res.json()).error).toMatch(/type User.*keyset/);
	});

	it('CH-EP-1, CH-KEY-1, CH-KEY-2, CH-KEY-4: keyset on projects gives only Link with id_after, sorted query', async () => {
		const res = await call(
			app,
			'/api/v4/projects?pagination=keyset&per_page=3&order_by=id&sort=asc'
		);
		const items = (await res.json()) as { id: number }[];
		expect(items.map((p) => p.id)).toEqual([1, 2, 3]);
		expect([...res.headers.keys()].filter((k) => k.startsWith('x-'))).toEqual([]);
		const next = linksByRel(res.headers.get('link')).next!;
		expect(next).toBe(
			`${BASE}/api/v4/projects?id_after=3&order_by=id&pagination=keyset&per_page=3&sort=asc`
		);
		const page2 = (await (await call(app, next)).json()) as { id: number }[];
		expect(page2[0]!.id).toBe(4);
	});

	it('CH-OFF-3: Link URLs carry the configured host, which may differ from the one called (behind a proxy)', async () => {
		const header = { [EXTERNAL_URL_HEADER]: 'https://external.example:8443/ignored/path' };
		const offset = await call(app, '/api/v4/projects?per_page=5', { headers: header });
		for (const url of Object.values(linksByRel(offset.headers.get('link'))))
			expect(url.startsWith('https://external.example:8443/api/v4/projects?')).toBe(true);
		const keyset = await call(
			app,
			'/api/v4/projects?pagination=keyset&order_by=id&sort=asc&per_page=5',
			{ headers: header }
		);
		expect(linksByRel(keyset.headers.get('link')).next).toMatch(
			/^https:\/\/external\.example:8443\/api\/v4\/projects\?id_after=5&/
		);
		const moved = await call(app, '/api/v4/projects/diaspora%2Fold-client', {
			headers: header,
			redirect: 'manual'
		});
		expect(moved.headers.get('location')).toMatch(/^https:\/\/external\.example:8443\//);
		// A switch at start-up does the same for every request; a bad value is ignored.
		const configured = createCodehostApp({ externalUrl: 'http://localhost:9999' });
		const res = await call(configured, '/api/v4/groups?per_page=2');
		expect(linksByRel(res.headers.get('link')).next).toMatch(/^http:\/\/localhost:9999\//);
		const bad = await call(app, '/api/v4/groups?per_page=2', {
			headers: { [EXTERNAL_URL_HEADER]: 'not a url' }
		});
		expect(linksByRel(bad.headers.get('link')).next).toMatch(/^https:\/\/codehost\.demo\//);
	});

	it('CH-KEY-3: when no records remain there is no Link and the array is empty', async () => {
		const res = await call(
			app,
			'/api/v4/projects?pagination=keyset&per_page=50&order_by=id&sort=asc&id_after=10050'
		);
		expect(res.headers.get('link')).toBeNull();
		expect(await res.json()).toEqual([]);
	});

	it('CH-KEY-2: users keyset uses an opaque cursor', async () => {
		const res = await call(
			app,
			'/api/v4/users?pagination=keyset&per_page=2&order_by=username&sort=asc'
		);
		expect(linksByRel(res.headers.get('link')).next).toMatch(/cursor=/);
	});

	it('CH-KEY-1: keyset without order_by or sort is refused with what is missing', async () => {
		for (const path of ['projects', 'users', 'groups']) {
			const res = await call(app, `/api/v4/${path}?pagination=keyset&per_page=2`);
			expect(res.status).toBe(400);
			expect(await res.json()).toEqual({ error: 'order_by is missing, sort is missing' });
		}
		const noSort = await call(app, '/api/v4/projects?pagination=keyset&order_by=id');
		expect(await noSort.json()).toEqual({ error: 'sort is missing' });
	});

	it('CH-KEY-6: keyset only where the table allows it', async () => {
		expect((await call(app, '/api/v4/namespaces?pagination=keyset', { headers: PAT })).status).toBe(
			405
		);
		expect(
			(await call(app, '/api/v4/projects?pagination=keyset&order_by=name&sort=asc')).status
		).toBe(405);
		// Groups: unauthenticated only.
		expect(
			(await call(app, '/api/v4/groups?pagination=keyset&order_by=name&sort=asc')).status
		).toBe(200);
		const authed = await call(app, '/api/v4/groups?pagination=keyset&order_by=name&sort=asc', {
			headers: PAT
		});
		expect(authed.status).toBe(405);
		expect((await authed.json()).error).toBe(
			'Keyset pagination is not yet available for this type of request'
		);
	});

	it('CH-EP-14: namespaces, groups and users are paginated listings', async () => {
		for (const path of ['/api/v4/namespaces', '/api/v4/groups', '/api/v4/users']) {
			const res = await call(app, path, { headers: PAT });
			expect(res.headers.get('x-page'), path).toBe('1');
		}
	});
});
