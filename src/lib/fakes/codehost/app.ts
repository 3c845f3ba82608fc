import { Hono } from 'hono';
import { credentialOf, DEMO_SESSION, DEMO_TOKENS, OAuthProvider, type Principal } from './auth';
import {
	BRANCHES,
	demoGroups,
	demoNamespaces,
	demoUsers,
	issuesOf,
	notesOf,
	PROJECT_COUNT,
	projectById,
	projectByPath,
	projectListing,
	RENAMED_PROJECTS,
	REPOSITORY_FILES,
	TAGS,
	type DemoProject,
	type DemoUser
} from './data';
import { offsetPage, DEFAULT_PER_PAGE, MAX_PER_PAGE, type Listing } from './offset-pagination';
import { readParams, type Params } from './params';

/** Tokens the demo code host accepts; anything else is 401 (CH-AUTH-0). */
export const DEMO_CODEHOST_TOKENS = Object.keys(DEMO_TOKENS);

/** Offset pagination stops here on resources that also have keyset (CH-OFF-6, reference). */
export const MAX_OFFSET = 50_000;
/** Longer query strings answer 414 (CH-PAY-3). */
export const MAX_QUERY_CHARS = 4096;
export const CAPTCHA_SITE_KEY = '6LeDemoSiteKey-codehost-demo';
/**
 * Demo switch, per request: the server's configured host (an origin such as
 * `https://code.example`). The real server writes its configured host into Link, Location and
 * `web_url`, which differs from the host the client called when it sits behind a proxy.
 */
export const EXTERNAL_URL_HEADER = 'X-Demo-External-Url';

/** The request URL as the server sees itself: on its configured host when one is set. */
function asConfigured(url: URL, externalUrl: string | null | undefined): URL {
	if (!externalUrl) return url;
	try {
		const origin = new URL(externalUrl).origin;
		return origin === 'null' ? url : new URL(`${url.pathname}${url.search}`, origin);
	} catch {
		return url;
	}
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
	new Response(status === 204 ? null : JSON.stringify(body), {
		status,
		headers: status === 204 ? headers : { 'content-type': 'application/json', ...headers }
	});

const UNAUTHORIZED = () => json({ message: '401 Unauthorized' }, 401);
const NOT_FOUND_ROUTE = () => json({ error: '404 Not Found' }, 404);
const METHOD_NOT_ALLOWED = () => json({ error: '405 Method Not Allowed' }, 405);
const KEYSET_UNAVAILABLE = () =>
	json({ error: 'Keyset pagination is not yet available for this type of request' }, 405);
const maxOffsetError = (type: string) =>
	json(
		{
			error: `Offset pagination has a maximum allowed offset of ${MAX_OFFSET} for requests that return objects of type ${type}. Remaining records can be retrieved using keyset pagination.`
		},
		405
	);
/** Keyset needs both order_by and sort (CH-KEY-1); the server's parameter check answers 400. */
function keysetOrderMissing(url: URL): Response | null {
	const lacking = ['order_by', 'sort'].filter((name) => !url.searchParams.get(name));
	return lacking.length
		? json({ error: lacking.map((n) => `${n} is missing`).join(', ') }, 400)
		: null;
}
const missing = (name: string) => json({ message: `400 (Bad request) "${name}" not given` }, 400);

function perPageOf(url: URL): number {
	const n = Number(url.searchParams.get('per_page'));
	return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PER_PAGE) : DEFAULT_PER_PAGE;
}

function pastMaxOffset(url: URL): boolean {
	const page = Number(url.searchParams.get('page') ?? 1);
	return Number.isInteger(page) && page > 1 && (page - 1) * perPageOf(url) >= MAX_OFFSET;
}

/** A keyset Link: same path, the filter replaced, the query sorted (as the real server does). */
function keysetNext(url: URL, set: Record<string, string>, drop: string[]): string {
	const params = new URLSearchParams(url.search);
	for (const d of drop) params.delete(d);
	for (const [k, v] of Object.entries(set)) params.set(k, v);
	params.sort();
	return `${url.origin}${url.pathname}?${params.toString()}`;
}

function keysetAnswer<T>(items: T[], url: URL, perPage: number, next: () => string): Response {
	const headers: Record<string, string> = {};
	// A full page may have more after it; an empty or short page has no Link (CH-KEY-2, CH-KEY-3).
	if (items.length === perPage && items.length > 0) headers.link = `<${next()}>; rel="next"`;
	return json(items, 200, headers);
}

const b64 = (s: string) => btoa(s);
const unb64 = (s: string) => {
	try {
		return atob(s);
	} catch {
		return '';
	}
};

/** Route shapes below /projects/:id, so an unknown shape is 404 before the project is looked up. */
function knownProjectRoute(seg: string[]): boolean {
	const [, , sub, a, b] = seg;
	const n = seg.length;
	if (n === 2) return true;
	if (sub === 'share') return n === 4;
	if (sub === 'pipeline' || sub === 'releases') return n === 3;
	if (sub === 'issues') return n === 3 || n === 4 || (n === 5 && b === 'notes');
	if (sub === 'repository') return n === 5 && (a === 'files' || a === 'tags');
	if (sub === 'branches') return n === 5 && b === 'commits';
	if (sub === 'jobs') return n === 5 && b === 'artifacts';
	return false;
}

interface Ctx {
	request: Request;
	url: URL;
	method: string;
	/** Decoded path segments after /api/v4. */
	seg: string[];
	principal: Principal | null;
}

/** The demo code host: a web-standard app following the seed's conventions. */
export function createCodehostApp(
	options: {
		now?: () => number;
		/** The configured host (as behind a proxy); a request can set its own with EXTERNAL_URL_HEADER. */
		externalUrl?: string;
	} = {}
): Hono {
	const users = demoUsers();
	const groups = demoGroups();
	const namespaces = demoNamespaces(users, groups);
	const oauth = new OAuthProvider(options.now);
	const spamLogs = new Set<number>();
	let nextSpamLog = 42;
	let nextId = 20_000;

	const app = new Hono();

	app.post('/oauth/token', async (c) => {
		const url = new URL(c.req.url);
		const { params } = await readParams(c.req.raw, url);
		const grant = String(params.grant_type ?? '');
		let tokens = null;
		if (grant === 'refresh_token') tokens = oauth.refresh(String(params.refresh_token ?? ''));
		else if (grant === 'password')
			tokens = oauth.password(String(params.username ?? ''), String(params.password ?? ''));
		else
			return json(
				{
					error: 'unsupported_grant_type',
					error_description:
						'The authorization grant type is not supported by the authorization server.'
				},
				400
			);
		if (!tokens)
			return json(
				{
					error: 'invalid_grant',
					error_description:
						'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.'
				},
				400
			);
		return json(tokens);
	});
	// Test hook for the refresh race: how many refreshes the provider served.
	app.get('/oauth/__stats', () => json({ refreshes: oauth.refreshes }));

	app.all('/api/v4/*', async (c) => {
		const request = c.req.raw;
		const url = asConfigured(
			new URL(request.url),
			request.headers.get(EXTERNAL_URL_HEADER) ?? options.externalUrl
		);
		if (url.search.length > MAX_QUERY_CHARS)
			return new Response(
				'<html><head><title>414 Request-URI Too Large</title></head><body><center><h1>414 Request-URI Too Large</h1></center></body></html>',
				{ status: 414, headers: { 'content-type': 'text/html' } }
			);
		const raw = url.pathname.slice('/api/v4'.length).replace(/\.json$/, '');
		let seg: string[];
		try {
			seg = raw
				.split('/')
				.slice(1)
				.filter((s, i, a) => s !== '' || i < a.length - 1)
				.map(decodeURIComponent);
		} catch {
			return NOT_FOUND_ROUTE();
		}
		const who = authenticate(request, url, seg);
		if (who instanceof Response) return who;
		const ctx: Ctx = { request, url, method: request.method.toUpperCase(), seg, principal: who };
		const sudo = request.headers.get('sudo') ?? url.searchParams.get('sudo');
		if (sudo) {
			const as = sudoAs(ctx.principal, sudo);
			if (as instanceof Response) return as;
			ctx.principal = as;
		}
		return route(ctx);
	});

	app.notFound(() => NOT_FOUND_ROUTE());

	function authenticate(request: Request, url: URL, seg: string[]): Principal | null | Response {
		const cred = credentialOf(request, url);
		if (cred.kind === 'none') return null;
		if (cred.kind === 'cookie')
			return cred.session === DEMO_SESSION
				? { username: 'alice', admin: false, scopes: ['api'], via: 'session' }
				: UNAUTHORIZED();
		const known = DEMO_TOKENS[cred.token];
		if (cred.kind === 'job') {
			if (!known || known === 'deploy' || known.via !== 'job') return UNAUTHORIZED();
			// Only some endpoints accept a job token (CH-AUTH-3).
			const jobEndpoint =
				seg[0] === 'projects' &&
				((seg[2] === 'jobs' && seg[4] === 'artifacts') ||
					(seg[2] === 'releases' && seg.length === 3));
			return jobEndpoint ? known : UNAUTHORIZED();
		}
		if (known === 'deploy') return UNAUTHORIZED(); // CH-AUTH-6
		if (known) return known.via === 'job' ? UNAUTHORIZED() : known;
		if (cred.kind === 'bearer' || cred.kind === 'access') {
			const o = oauth.check(cred.token);
			if (o === 'expired')
				return json(
					{
						error: 'invalid_token',
						error_description:
							'Token is expired. You can either do re-authorization or token refresh.'
					},
					401
				);
			if (o === 'revoked')
				return json(
					{
						error: 'invalid_token',
						error_description: 'Token was revoked. You have to re-authorize from the user.'
					},
					401
				);
			if (o) return o;
		}
		return UNAUTHORIZED();
	}

	function findUser(idOrName: string): DemoUser | undefined {
		const lower = idOrName.toLowerCase();
		return users.find((u) => String(u.id) === idOrName || u.username.toLowerCase() === lower);
	}

	function sudoAs(principal: Principal | null, target: string): Principal | Response {
		if (!principal) return UNAUTHORIZED();
		if (!principal.admin || principal.via === 'job' || principal.via === 'session')
			return json({ message: '403 Forbidden - Must be admin to use sudo' }, 403);
		if (!principal.scopes.includes('sudo'))
			return json(
				{
					error: 'insufficient_scope',
					error_description:
						'The request requires higher privileges than provided by the access token.',
					scope: 'sudo'
				},
				403
			);
		const user = findUser(target);
		if (!user) return json({ message: `404 User with ID or username '${target}' Not Found` }, 404);
		return { username: user.username, admin: user.is_admin, scopes: ['api'], via: principal.via };
	}

	function project(ctx: Ctx, ref: string): DemoProject | Response {
		if (ref in RENAMED_PROJECTS) {
			const rest = ctx.url.pathname.split('/').slice(5).join('/');
			const location = `${ctx.url.origin}/api/v4/projects/${RENAMED_PROJECTS[ref]}${rest ? `/${rest}` : ''}${ctx.url.search}`;
			return new Response(null, { status: 301, headers: { location } });
		}
		const p = /^\d+$/.test(ref) ? projectById(Number(ref), ctx.url.origin) : projectByPath(ref);
		if (!p || (p.visibility !== 'public' && !ctx.principal))
			return json({ message: '404 Project Not Found' }, 404);
		return p.web_url.startsWith(ctx.url.origin) ? p : projectById(p.id, ctx.url.origin)!;
	}

	const need = (ctx: Ctx): Response | null => (ctx.principal ? null : UNAUTHORIZED());

	async function route(ctx: Ctx): Promise<Response> {
		const { seg, method } = ctx;
		const [root, id, sub, a, b] = seg;
		const only = (m: string, handler: () => Response | Promise<Response>) =>
			method === m ? handler() : METHOD_NOT_ALLOWED();
		if (root === 'projects') {
			if (seg.length === 1)
				return method === 'GET'
					? listProjects(ctx)
					: method === 'POST'
						? createProject(ctx)
						: METHOD_NOT_ALLOWED();
			if (id === 'import' && seg.length === 2) return only('POST', () => importProject(ctx));
			if (!knownProjectRoute(seg)) return NOT_FOUND_ROUTE();
			const p = project(ctx, id!);
			if (p instanceof Response) return p;
			if (seg.length === 2) return only('GET', () => json(p));
			if (sub === 'share' && seg.length === 4) return only('DELETE', () => unshare(ctx, p, a!));
			if (sub === 'pipeline' && seg.length === 3) return only('POST', () => pipeline(ctx, p));
			if (sub === 'issues') return issues(ctx, p, seg.slice(3));
			if (sub === 'repository' && a === 'files' && seg.length === 5)
				return only('GET', () => file(ctx, b!));
			if (sub === 'repository' && a === 'tags' && seg.length === 5)
				return only('GET', () =>
					TAGS.includes(b!)
						? json({ name: b, message: `Tag ${b}`, target: 'a1b2c3d4', protected: false })
						: json({ message: '404 Tag Not Found' }, 404)
				);
			if (sub === 'branches' && seg.length === 5 && b === 'commits')
				return only('GET', () =>
					BRANCHES.includes(a!)
						? json([
								{
									id: 'a1b2c3d4e5',
									short_id: 'a1b2c3d4',
									title: `Latest commit on ${a}`,
									author_name: 'Alice Example'
								}
							])
						: json({ message: '404 Branch Not Found' }, 404)
				);
			if (sub === 'jobs' && seg.length === 5 && b === 'artifacts')
				return only('GET', () => {
					const denied = need(ctx);
					if (denied) return denied;
					if (a !== '7') return json({ message: '404 Not found' }, 404);
					return new Response('PK\u0003\u0004 demo artifacts archive of job 7', {
						headers: {
							'content-type': 'application/zip',
							'content-disposition': 'attachment; filename="artifacts.zip"'
						}
					});
				});
			if (sub === 'releases' && seg.length === 3)
				return only('GET', () =>
					json([
						{
							tag_name: 'release/1.0',
							name: 'Release 1.0',
							description: 'First release.',
							project_id: p.id
						}
					])
				);
			return NOT_FOUND_ROUTE();
		}
		if (seg.length === 1 && root === 'users') return only('GET', () => listUsers(ctx));
		if (seg.length === 1 && root === 'groups') return only('GET', () => listGroups(ctx));
		if (seg.length === 1 && root === 'namespaces')
			return only('GET', () => {
				const denied = need(ctx);
				if (denied) return denied;
				if (ctx.url.searchParams.get('pagination') === 'keyset') return KEYSET_UNAVAILABLE();
				const { items, headers } = offsetPage(namespaces, ctx.url);
				return new Response(JSON.stringify(items), { headers });
			});
		if (seg.length === 1 && root === 'user')
			return only('GET', () => {
				const denied = need(ctx);
				if (denied) return denied;
				const u = findUser(ctx.principal!.username)!;
				return json({ ...u, authenticated_via: ctx.principal!.via });
			});
		if (seg.length === 1 && root === 'snippets') return only('POST', () => createSnippet(ctx));
		return NOT_FOUND_ROUTE();
	}

	function listProjects(ctx: Ctx): Response {
		const { url } = ctx;
		const perPage = perPageOf(url);
		if (url.searchParams.get('pagination') === 'keyset') {
			const unordered = keysetOrderMissing(url);
			if (unordered) return unordered;
			const orderBy = url.searchParams.get('order_by') ?? 'id';
			if (orderBy !== 'id') return KEYSET_UNAVAILABLE();
			const desc = url.searchParams.get('sort') === 'desc';
			const after = Number(url.searchParams.get(desc ? 'id_before' : 'id_after')) || undefined;
			const items = projectListing(url.origin, desc, after).slice(0, perPage);
			return keysetAnswer(items, url, perPage, () =>
				keysetNext(url, { [desc ? 'id_before' : 'id_after']: String(items.at(-1)!.id) }, [
					'id_after',
					'id_before'
				])
			);
		}
		if (pastMaxOffset(url)) return maxOffsetError('Project');
		const { items, headers } = offsetPage(projectListing(url.origin), url, PROJECT_COUNT);
		return new Response(JSON.stringify(items), { headers });
	}

	function listUsers(ctx: Ctx): Response {
		const { url } = ctx;
		const perPage = perPageOf(url);
		if (url.searchParams.get('pagination') === 'keyset') {
			const unordered = keysetOrderMissing(url);
			if (unordered) return unordered;
			const orderBy = (url.searchParams.get('order_by') ?? 'id') as keyof DemoUser;
			if (!['id', 'name', 'username'].includes(orderBy)) return KEYSET_UNAVAILABLE();
			const desc = url.searchParams.get('sort') === 'desc';
			const sorted = [...users].sort((x, y) => {
				const c =
					String(x[orderBy]).localeCompare(String(y[orderBy]), 'en', { numeric: true }) ||
					x.id - y.id;
				return desc ? -c : c;
			});
			const cursor = url.searchParams.get('cursor');
			let start = 0;
			if (cursor) {
				const lastId = Number((JSON.parse(unb64(cursor) || '{}') as { id?: number }).id);
				start = sorted.findIndex((u) => u.id === lastId) + 1;
			}
			const items = sorted.slice(start, start + perPage);
			return keysetAnswer(items, url, perPage, () =>
				keysetNext(
					url,
					{
						cursor: b64(JSON.stringify({ id: items.at(-1)!.id, [orderBy]: items.at(-1)![orderBy] }))
					},
					[]
				)
			);
		}
		// Offset on users is deprecated; past the maximum offset keyset is enforced (CH-OFF-7).
		if (pastMaxOffset(url)) return maxOffsetError('User');
		const { items, headers } = offsetPage(users, url);
		return new Response(JSON.stringify(items), { headers });
	}

	function listGroups(ctx: Ctx): Response {
		const { url } = ctx;
		const visible = ctx.principal ? groups : groups.filter((g) => g.visibility === 'public');
		if (url.searchParams.get('pagination') === 'keyset') {
			const unordered = keysetOrderMissing(url);
			if (unordered) return unordered;
			// Groups: keyset only unauthenticated, order_by=name, sort=asc (CH-KEY-6).
			const orderBy = url.searchParams.get('order_by') ?? 'name';
			const sort = url.searchParams.get('sort') ?? 'asc';
			if (ctx.principal || orderBy !== 'name' || sort !== 'asc') return KEYSET_UNAVAILABLE();
			const perPage = perPageOf(url);
			const sorted = [...visible].sort((x, y) => x.name.localeCompare(y.name));
			const cursor = url.searchParams.get('cursor');
			const lastName = cursor
				? (JSON.parse(unb64(cursor) || '{}') as { name?: string }).name
				: undefined;
			const start = lastName === undefined ? 0 : sorted.findIndex((g) => g.name === lastName) + 1;
			const items = sorted.slice(start, start + perPage);
			return keysetAnswer(items, url, perPage, () =>
				keysetNext(url, { cursor: b64(JSON.stringify({ name: items.at(-1)!.name })) }, [])
			);
		}
		const { items, headers } = offsetPage(visible, url);
		return new Response(JSON.stringify(items), { headers });
	}

	function issues(ctx: Ctx, p: DemoProject, rest: string[]): Response {
		if (ctx.method !== 'GET') return METHOD_NOT_ALLOWED();
		const list = issuesOf(p.id);
		if (rest.length === 0) {
			const { items, headers } = offsetPage(list, ctx.url);
			return new Response(JSON.stringify(items), { headers });
		}
		// Fetched by iid, not id (CH-ID-1, CH-EP-7).
		const issue = list.find((i) => String(i.iid) === rest[0]);
		if (!issue) return json({ message: '404 Issue Not Found' }, 404);
		if (rest.length === 1) return json(issue);
		if (rest.length === 2 && rest[1] === 'notes') {
			const { items, headers } = offsetPage(notesOf(issue) as Listing<unknown>, ctx.url);
			return new Response(JSON.stringify(items), { headers });
		}
		return NOT_FOUND_ROUTE();
	}

	function file(ctx: Ctx, path: string): Response {
		const ref = ctx.url.searchParams.get('ref');
		if (!ref) return missing('ref');
		const content = REPOSITORY_FILES[path];
		if (content === undefined || !BRANCHES.includes(ref))
			return json({ message: '404 File Not Found' }, 404);
		return json(
			{
				file_name: path.split('/').pop(),
				file_path: path,
				size: content.length,
				encoding: 'base64',
				content: b64(content),
				ref,
				blob_id: 'b10bd0e',
				last_commit_id: 'a1b2c3d4e5'
			},
			200,
			{ 'x-gitlab-file-path': path, 'x-gitlab-ref': ref, 'x-gitlab-size': String(content.length) }
		);
	}

	async function createProject(ctx: Ctx): Promise<Response> {
		const denied = need(ctx);
		if (denied) return denied;
		const { params } = await readParams(ctx.request, ctx.url);
		const name = params.name;
		if (typeof name !== 'string' || name.trim() === '') return missing('name');
		if (name.toLowerCase() === 'existing')
			return json({ message: '409 Conflict: a project with this path already exists' }, 409);
		if (/[!@#$]/.test(name))
			return json(
				{
					message: {
						name: ["can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces."],
						route: { path: ["can't be blank"] }
					}
				},
				400
			);
		const description = typeof params.description === 'string' ? params.description : '';
		if (description.length > 255)
			return json({ message: { description: ['is too long (maximum is 255 characters)'] } }, 400);
		const path = name
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '');
		return json(
			{
				id: ++nextId,
				name,
				path,
				path_with_namespace: `${ctx.principal!.username}/${path}`,
				description,
				visibility: 'private'
			},
			201
		);
	}

	async function importProject(ctx: Ctx): Promise<Response> {
		const denied = need(ctx);
		if (denied) return denied;
		if (!(ctx.request.headers.get('content-type') ?? '').includes('multipart/form-data'))
			return json({ error: 'file is missing, path is missing' }, 400);
		const { params, files } = await readParams(ctx.request, ctx.url);
		if (!files.file) return missing('file');
		if (typeof params.path !== 'string' || !params.path) return missing('path');
		return json(
			{
				id: ++nextId,
				path: params.path,
				name: params.path,
				namespace: params.namespace ?? ctx.principal!.username,
				import_status: 'scheduled',
				file: { name: files.file.name, size: files.file.size },
				override_params: params.override_params ?? {}
			},
			201
		);
	}

	async function pipeline(ctx: Ctx, p: DemoProject): Promise<Response> {
		const denied = need(ctx);
		if (denied) return denied;
		const { params } = await readParams(ctx.request, ctx.url);
		if (typeof params.ref !== 'string' || !params.ref) return missing('ref');
		if (!BRANCHES.includes(params.ref))
			return json({ message: { base: ['Reference not found'] } }, 400);
		const raw = params.variables ?? [];
		const list = Array.isArray(raw) ? raw : Object.values(raw as Params);
		const variables = list.map((v) => (v && typeof v === 'object' ? (v as Params) : {}));
		const bad = variables.findIndex((v) => typeof v.key !== 'string' || v.key === '');
		if (bad !== -1)
			return json({ message: `422 Unprocessable Entity: variables[${bad}] has no key` }, 422);
		return json(
			{
				id: ++nextId,
				project_id: p.id,
				ref: params.ref,
				status: 'created',
				variables: variables.map((v) => ({ key: v.key, value: v.value ?? '' }))
			},
			201
		);
	}

	function unshare(ctx: Ctx, p: DemoProject, groupId: string): Response {
		const denied = need(ctx);
		if (denied) return denied;
		if (!/^\d+$/.test(groupId)) return json({ error: 'group_id is invalid' }, 400);
		const since = ctx.request.headers.get('if-unmodified-since');
		if (since && Date.parse(since) < Date.parse('2025-01-01T00:00:00Z'))
			return json({ message: '412 Precondition Failed' }, 412);
		if (!groups.some((g) => String(g.id) === groupId))
			return json({ message: '404 Group Not Found' }, 404);
		void p;
		return new Response(null, { status: 204 });
	}

	async function createSnippet(ctx: Ctx): Promise<Response> {
		const denied = need(ctx);
		if (denied) return denied;
		const { params } = await readParams(ctx.request, ctx.url);
		for (const name of ['title', 'file_name', 'content'])
			if (params[name] === undefined) return missing(name);
		const visibility = String(params.visibility ?? 'private');
		if (!['private', 'internal', 'public'].includes(visibility) || params.file_name === '')
			return json(
				{
					message: {
						...(params.file_name === '' ? {} : { visibility: ['is not included in the list'] }),
						...(params.file_name === '' ? { files: { file_path: ["can't be blank"] } } : {})
					}
				},
				400
			);
		const content = String(params.content);
		if (/lottery/i.test(content))
			return json(
				{ message: { error: 'Your snippet has been recognized as spam and has been discarded.' } },
				400
			);
		if (/casino/i.test(content)) {
			const h = ctx.request.headers;
			const answer = h.get('x-service-captcha-response') ?? h.get('x-gitlab-captcha-response');
			const logId = Number(h.get('x-service-spam-log-id') ?? h.get('x-gitlab-spam-log-id'));
			if (!answer || !spamLogs.has(logId)) {
				const id = nextSpamLog++;
				spamLogs.add(id);
				return json(
					{
						needs_captcha_response: true,
						spam_log_id: id,
						captcha_site_key: CAPTCHA_SITE_KEY,
						message: {
							error:
								'Your snippet has been recognized as spam. Please, change the content or solve the reCAPTCHA to proceed.'
						}
					},
					409
				);
			}
			spamLogs.delete(logId);
		}
		return json(
			{
				id: ++nextId,
				title: params.title,
				file_name: params.file_name,
				visibility,
				author: { username: ctx.principal!.username },
				web_url: `${ctx.url.origin}/-/snippets/${nextId}`
			},
			201
		);
	}

	return app;
}
