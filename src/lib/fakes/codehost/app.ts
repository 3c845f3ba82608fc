import { Hono } from 'hono';
import { credentialOf, DEMO_SESSION, DEMO_TOKENS, OAuthProvider, type Principal } from './auth';
import {
	BRANCHES,
	demoGroups,
	demoNamespaces,
	demoUsers,
	issuesOf,
	notesOf,
	projectById,
	projectByPath,
	RENAMED_PROJECTS,
	REPOSITORY_FILES,
	TAGS,
	type DemoProject,
	type DemoUser
} from './data';
import { listGroups, listProjects, listUsers } from './listings';
import { offsetPage, type Listing } from './offset-pagination';
import { readParams } from './params';
import {
	b64,
	json,
	KEYSET_UNAVAILABLE,
	METHOD_NOT_ALLOWED,
	missing,
	need,
	NOT_FOUND_ROUTE,
	UNAUTHORIZED,
	type Ctx
} from './responses';
import { CodehostWrites } from './writes';

export { MAX_OFFSET } from './responses';
export { CAPTCHA_SITE_KEY } from './writes';

/** Tokens the demo code host accepts; anything else is 401 (CH-AUTH-0). */
export const DEMO_CODEHOST_TOKENS = Object.keys(DEMO_TOKENS);

/** Longer query strings answer 414 (CH-PAY-3). */
export const MAX_QUERY_CHARS = 4096;
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
	const writes = new CodehostWrites(groups);

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
			const location = `${ctx.url.origin}/api/v4/projects/${RENAMED_PROJECTS[ref] ?? ref}${rest ? `/${rest}` : ''}${ctx.url.search}`;
			return new Response(null, { status: 301, headers: { location } });
		}
		const p = /^\d+$/.test(ref) ? projectById(Number(ref), ctx.url.origin) : projectByPath(ref);
		if (!p || (p.visibility !== 'public' && !ctx.principal))
			return json({ message: '404 Project Not Found' }, 404);
		return p.web_url.startsWith(ctx.url.origin) ? p : projectById(p.id, ctx.url.origin)!;
	}

	async function route(ctx: Ctx): Promise<Response> {
		const { seg, method } = ctx;
		const [root, id, sub, a, b] = seg;
		const only = (m: string, handler: () => Response | Promise<Response>) =>
			method === m ? handler() : METHOD_NOT_ALLOWED();
		if (root === 'projects') {
			if (seg.length === 1)
				return method === 'GET'
					? listProjects(ctx.url)
					: method === 'POST'
						? writes.createProject(ctx)
						: METHOD_NOT_ALLOWED();
			if (id === 'import' && seg.length === 2) return only('POST', () => writes.importProject(ctx));
			if (!knownProjectRoute(seg)) return NOT_FOUND_ROUTE();
			const p = project(ctx, id!);
			if (p instanceof Response) return p;
			if (seg.length === 2) return only('GET', () => json(p));
			if (sub === 'share' && seg.length === 4)
				return only('DELETE', () => writes.unshare(ctx, p, a!));
			if (sub === 'pipeline' && seg.length === 3)
				return only('POST', () => writes.pipeline(ctx, p));
			if (sub === 'issues') return issues(ctx, p, seg.slice(3));
			if (sub === 'repository' && a === 'files' && seg.length === 5)
				return only('GET', () => file(ctx, b!));
			if (sub === 'repository' && a === 'tags' && seg.length === 5)
				return only('GET', () =>
					TAGS.includes(b!)
						? json({ name: b, message: `Tag ${b ?? ''}`, target: 'a1b2c3d4', protected: false })
						: json({ message: '404 Tag Not Found' }, 404)
				);
			if (sub === 'branches' && seg.length === 5 && b === 'commits')
				return only('GET', () =>
					BRANCHES.includes(a!)
						? json([
								{
									id: 'a1b2c3d4e5',
									short_id: 'a1b2c3d4',
									title: `Latest commit on ${a ?? ''}`,
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
		if (seg.length === 1 && root === 'users') return only('GET', () => listUsers(ctx.url, users));
		if (seg.length === 1 && root === 'groups')
			return only('GET', () => listGroups(ctx.url, groups, ctx.principal));
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
		if (seg.length === 1 && root === 'snippets')
			return only('POST', () => writes.createSnippet(ctx));
		return NOT_FOUND_ROUTE();
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

	return app;
}
