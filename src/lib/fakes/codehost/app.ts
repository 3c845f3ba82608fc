/**
 * The demo code host over HTTP: Hono routes each path of the seed's API to the service
 * (`service.ts`) and turns its outcomes into the real server's answers.
 */
import type { Context } from 'hono';
// hono/quick: routes are registered without compiling them (the default router built its
// matchers on the first request: a long task on a phone while the Demo page starts).
import { Hono } from 'hono/quick';
import { credentialOf, DEMO_TOKENS, type Principal } from './auth';
import { mergeRequestsOf, type DemoProject } from './data';
import { listGroups, listProjects, listUsers } from './listings';
import { offsetPage, type Listing } from './offset-pagination';
import { readParams } from './params';
import {
	AUTH_REFUSED,
	INSUFFICIENT_SCOPE,
	json,
	KEYSET_UNAVAILABLE,
	METHOD_NOT_ALLOWED,
	missing,
	need,
	NOT_FOUND_ROUTE,
	OAUTH_INVALID,
	OAUTH_UNSUPPORTED,
	SUDO_REFUSED,
	type Ctx
} from './responses';
import { DemoRepositories, hexId, toBase64 } from './repository';
import { CodehostService } from './service';

/** The real server's file headers (readable across origins only where exposed). */
const fileHeaders = (path: string, ref: string, size: string, lastCommit: string) => ({
	'x-gitlab-file-path': path,
	'x-gitlab-ref': ref,
	'x-gitlab-size': size,
	'x-gitlab-last-commit-id': lastCommit
});

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

const API = '/api/v4';
type Handler = (ctx: Ctx, c: Context) => Response | Promise<Response>;
type ProjectHandler = (ctx: Ctx, p: DemoProject, c: Context) => Response | Promise<Response>;

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

/**
 * The path Hono routes on: still percent-encoded (so `group%2Fproject` stays one segment), with
 * the API's optional `.json` suffix and a trailing slash left off.
 */
function routedPath(request: Request): string {
	let path = new URL(request.url).pathname;
	if (path.startsWith(`${API}/`)) path = path.replace(/\.json$/, '');
	return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** Decoded path segments after /api/v4; null when one is not valid percent-encoding. */
function segmentsOf(url: URL): string[] | null {
	try {
		return url.pathname
			.slice(API.length)
			.replace(/\.json$/, '')
			.split('/')
			.slice(1)
			.filter((s, i, a) => s !== '' || i < a.length - 1)
			.map(decodeURIComponent);
	} catch {
		return null;
	}
}

/**
 * A file's path as the request wrote it (one encoded segment after `files/`): read from the URL
 * itself, since the router leaves off a `.json` suffix, which a file's name may well end with.
 */
function filePathOf(request: Request): string {
	const m = /\/repository\/files\/([^/]+)/.exec(new URL(request.url).pathname);
	try {
		return m ? decodeURIComponent(m[1]!) : '';
	} catch {
		return '';
	}
}

/** The endpoints that accept a job token (CH-AUTH-3). */
const isJobEndpoint = (seg: string[]) =>
	seg[0] === 'projects' &&
	((seg[2] === 'jobs' && seg[4] === 'artifacts') || (seg[2] === 'releases' && seg.length === 3));

const pageOf = (list: Listing<unknown>, url: URL) => {
	const { items, headers } = offsetPage(list, url);
	return new Response(JSON.stringify(items), { headers });
};

/** The demo code host: a web-standard app following the seed's conventions. */
export function createCodehostApp(
	options: {
		now?: () => number;
		/** The configured host (as behind a proxy); a request can set its own with EXTERNAL_URL_HEADER. */
		externalUrl?: string;
	} = {}
): Hono {
	const service = new CodehostService(options.now);
	const { oauth, writes } = service;
	const repos = new DemoRepositories(options.now && (() => options.now!() * 1000));
	const app = new Hono({ getPath: routedPath });
	// What the middleware learnt about each request (who, on which host), for its route.
	const contexts = new WeakMap<Request, Ctx>();
	const api = app.basePath(API);

	app.post('/oauth/token', async (c) => {
		const { params } = await readParams(c.req.raw, new URL(c.req.url));
		const grant = String(params.grant_type ?? '');
		let tokens = null;
		if (grant === 'refresh_token') tokens = oauth.refresh(String(params.refresh_token ?? ''));
		else if (grant === 'password')
			tokens = oauth.password(String(params.username ?? ''), String(params.password ?? ''));
		else return json(OAUTH_UNSUPPORTED, 400);
		return tokens ? json(tokens) : json(OAUTH_INVALID, 400);
	});
	// Test hook for the refresh race: how many refreshes the provider served.
	app.get('/oauth/__stats', () => json({ refreshes: oauth.refreshes }));

	// Every API request: the query's length, who is calling, and whom sudo makes them.
	api.use('*', async (c, next) => {
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
		const seg = segmentsOf(url);
		if (!seg) return NOT_FOUND_ROUTE();
		const who = service.authenticate(credentialOf(request, url), isJobEndpoint(seg));
		if (who && 'refused' in who) return AUTH_REFUSED[who.refused]();
		let principal: Principal | null = who;
		const sudo = request.headers.get('sudo') ?? url.searchParams.get('sudo');
		if (sudo) {
			const as = service.sudo(principal, sudo);
			if ('refused' in as) return SUDO_REFUSED[as.refused](sudo);
			principal = as;
		}
		contexts.set(request, { request, url, method: request.method.toUpperCase(), seg, principal });
		await next();
	});

	/** A path and what each method does there; any other method is 405. */
	const route = (path: string, methods: Record<string, Handler>) =>
		api.all(path, (c) => {
			const ctx = contexts.get(c.req.raw)!;
			const handler = methods[ctx.method];
			return handler ? handler(ctx, c) : METHOD_NOT_ALLOWED();
		});

	/** A path under a project: the project is looked up (404, or 301 if renamed) before the method. */
	const projectRoute = (path: string, methods: Record<string, ProjectHandler>) =>
		api.all(`/projects/:id${path}`, (c) => {
			const ctx = contexts.get(c.req.raw)!;
			const ref = c.req.param('id');
			const found = service.project(ref, ctx.url.origin, ctx.principal);
			if ('movedTo' in found) {
				const rest = ctx.url.pathname.split('/').slice(5).join('/');
				const location = `${ctx.url.origin}${API}/projects/${found.movedTo}${rest ? `/${rest}` : ''}${ctx.url.search}`;
				return new Response(null, { status: 301, headers: { location } });
			}
			if ('missing' in found) return json({ message: '404 Project Not Found' }, 404);
			const handler = methods[ctx.method];
			return handler ? handler(ctx, found.found, c) : METHOD_NOT_ALLOWED();
		});

	route('/projects', {
		GET: (ctx) => listProjects(ctx.url),
		POST: (ctx) => writes.createProject(ctx)
	});
	route('/projects/import', { POST: (ctx) => writes.importProject(ctx) });
	projectRoute('', { GET: (_, p) => json(p) });
	projectRoute('/share/:groupId', {
		DELETE: (ctx, p, c) => writes.unshare(ctx, p, c.req.param('groupId')!)
	});
	projectRoute('/pipeline', { POST: (ctx, p) => writes.pipeline(ctx, p) });
	projectRoute('/issues', { GET: (ctx, p) => pageOf(service.issues(p), ctx.url) });
	projectRoute('/merge_requests', { GET: (ctx, p) => pageOf(mergeRequestsOf(p.id), ctx.url) });
	projectRoute('/issues/:iid', {
		GET: (_, p, c) => {
			const issue = service.issue(p, c.req.param('iid')!);
			return issue ? json(issue) : json({ message: '404 Issue Not Found' }, 404);
		}
	});
	projectRoute('/issues/:iid/notes', {
		GET: (ctx, p, c) => {
			const issue = service.issue(p, c.req.param('iid')!);
			return issue
				? pageOf(service.notes(issue), ctx.url)
				: json({ message: '404 Issue Not Found' }, 404);
		}
	});
	projectRoute('/repository/tree', {
		GET: (ctx, p) => {
			const ref = ctx.url.searchParams.get('ref') || p.default_branch;
			const recursive = ctx.url.searchParams.get('recursive') === 'true';
			const tree = repos.tree(p.id, ref, ctx.url.searchParams.get('path') ?? '', recursive);
			return tree ? pageOf(tree, ctx.url) : json({ message: '404 Tree Not Found' }, 404);
		}
	});
	projectRoute('/repository/branches/:branch', {
		GET: (_, p, c) => {
			const name = c.req.param('branch')!;
			return repos.hasBranch(p.id, name)
				? json({ name, merged: false, protected: false, default: name === p.default_branch })
				: json({ message: '404 Branch Not Found' }, 404);
		}
	});
	projectRoute('/repository/files/:path', {
		GET: (ctx, p) => {
			const ref = ctx.url.searchParams.get('ref');
			if (!ref) return missing('ref');
			const path = filePathOf(ctx.request);
			const file = repos.file(p.id, ref, path);
			if (!file) return json({ message: '404 File Not Found' }, 404);
			const size = String(new TextEncoder().encode(file.content).length);
			return json(
				{
					file_name: path.split('/').pop(),
					file_path: path,
					size: Number(size),
					encoding: 'base64',
					content: toBase64(file.content),
					ref,
					blob_id: hexId(file.content),
					commit_id: file.lastCommitId,
					last_commit_id: file.lastCommitId
				},
				200,
				fileHeaders(path, ref, size, file.lastCommitId)
			);
		}
	});
	projectRoute('/repository/files/:path/raw', {
		GET: (ctx, p) => {
			const ref = ctx.url.searchParams.get('ref') || p.default_branch;
			const path = filePathOf(ctx.request);
			const file = repos.file(p.id, ref, path);
			if (!file) return json({ message: '404 File Not Found' }, 404);
			const size = String(new TextEncoder().encode(file.content).length);
			return new Response(file.content, {
				headers: {
					'content-type': 'text/plain; charset=utf-8',
					...fileHeaders(path, ref, size, file.lastCommitId)
				}
			});
		}
	});
	projectRoute('/repository/commits', {
		POST: async (ctx, p) => {
			const denied = need(ctx);
			if (denied) return denied;
			if (!ctx.principal!.scopes.includes('api')) return INSUFFICIENT_SCOPE('api');
			let body: unknown;
			try {
				body = await ctx.request.json();
			} catch {
				return json({ error: 'The request body is not JSON' }, 400);
			}
			if (!body || typeof body !== 'object') return json({ error: 'actions is missing' }, 400);
			const outcome = repos.commit(p.id, {
				...(body as Record<string, unknown>),
				author_name: ctx.principal!.username
			});
			return 'status' in outcome
				? json({ message: outcome.message }, outcome.status)
				: json(outcome, 201);
		}
	});
	projectRoute('/repository/tags/:tag', {
		GET: (_, __, c) => {
			const tag = service.tag(c.req.param('tag')!);
			return tag ? json(tag) : json({ message: '404 Tag Not Found' }, 404);
		}
	});
	projectRoute('/branches/:branch/commits', {
		GET: (_, __, c) => {
			const commits = service.commitsOf(c.req.param('branch')!);
			return commits ? json(commits) : json({ message: '404 Branch Not Found' }, 404);
		}
	});
	projectRoute('/jobs/:job/artifacts', {
		GET: (ctx, _, c) => {
			const denied = need(ctx);
			if (denied) return denied;
			if (!service.hasArtifacts(c.req.param('job')!))
				return json({ message: '404 Not found' }, 404);
			return new Response('PK\u0003\u0004 demo artifacts archive of job 7', {
				headers: {
					'content-type': 'application/zip',
					'content-disposition': 'attachment; filename="artifacts.zip"'
				}
			});
		}
	});
	projectRoute('/releases', { GET: (_, p) => json(service.releases(p)) });

	route('/users', { GET: (ctx) => listUsers(ctx.url, service.users) });
	route('/groups', { GET: (ctx) => listGroups(ctx.url, service.groups, ctx.principal) });
	route('/namespaces', {
		GET: (ctx) => {
			const denied = need(ctx);
			if (denied) return denied;
			if (ctx.url.searchParams.get('pagination') === 'keyset') return KEYSET_UNAVAILABLE();
			return pageOf(service.namespaces, ctx.url);
		}
	});
	route('/user', {
		GET: (ctx) => {
			const denied = need(ctx);
			if (denied) return denied;
			const u = service.findUser(ctx.principal!.username)!;
			return json({ ...u, authenticated_via: ctx.principal!.via });
		}
	});
	route('/snippets', { POST: (ctx) => writes.createSnippet(ctx) });

	app.notFound(() => NOT_FOUND_ROUTE());
	return app;
}
