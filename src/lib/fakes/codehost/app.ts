import { Hono } from 'hono';
import { demoProjects } from './data';
import { offsetPage } from './offset-pagination';

/** Tokens the demo code host accepts; anything else is 401 (CH-AUTH-0). */
export const DEMO_CODEHOST_TOKENS = ['glpat-demo-token'];

function tokenOf(request: Request, url: URL): string | null {
	const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
	return (
		request.headers.get('private-token') ??
		bearer ??
		url.searchParams.get('private_token') ??
		url.searchParams.get('access_token') ??
		null
	);
}

/** The demo code host: a web-standard app following the seed's conventions. */
export function createCodehostApp(): Hono {
	const projects = demoProjects();
	const app = new Hono().basePath('/api/v4');

	app.use('*', async (c, next) => {
		const url = new URL(c.req.url);
		const token = tokenOf(c.req.raw, url);
		if (token !== null && !DEMO_CODEHOST_TOKENS.includes(token)) {
			return c.json({ message: '401 Unauthorized' }, 401);
		}
		await next();
	});

	app.get('/projects', (c) => {
		const url = new URL(c.req.url);
		const { items, headers } = offsetPage(projects, url);
		return new Response(JSON.stringify(items), { status: 200, headers });
	});

	app.get('/projects/:id', (c) => {
		const id = c.req.param('id');
		const project = projects.find((p) => String(p.id) === id || p.path_with_namespace === id);
		if (!project) return c.json({ message: '404 Project Not Found' }, 404);
		return c.json(project);
	});

	// Unknown route (CH-ERR-3).
	app.notFound((c) => c.json({ error: '404 Not Found' }, 404));
	return app;
}
