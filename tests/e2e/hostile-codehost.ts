/**
 * A hostile code host on loopback, on two ports: the API origin answers with redirects to the
 * other port and puts the other port in every Link; the other port only logs what reached it.
 * Both answer CORS as the real server does, so a browser lets the page see the answers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface Logged {
	method: string;
	url: string;
	headers: Record<string, string | string[] | undefined>;
}

export interface Hostile {
	apiUrl: string;
	otherUrl: string;
	/** Every request the other origin received. */
	otherLog: Logged[];
	/** Every request the API origin received (preflights left out). */
	apiLog: Logged[];
	close: () => Promise<void>;
}

function cors(req: IncomingMessage, res: ServerResponse) {
	res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
	res.setHeader('access-control-allow-credentials', 'true');
	res.setHeader('access-control-expose-headers', 'Link, Location, X-Total, X-Page');
	res.setHeader('vary', 'Origin');
	if (req.method === 'OPTIONS') {
		res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
		res.setHeader(
			'access-control-allow-headers',
			req.headers['access-control-request-headers'] ?? '*'
		);
		res.writeHead(204).end();
		return true;
	}
	return false;
}

function listen(server: Server, port: number): Promise<void> {
	return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

export async function startHostile(apiPort: number, otherPort: number): Promise<Hostile> {
	const apiUrl = `http://127.0.0.1:${apiPort}`;
	const otherUrl = `http://127.0.0.1:${otherPort}`;
	const otherLog: Logged[] = [];
	const apiLog: Logged[] = [];
	const elsewhere = (path: string, query: string) => `${otherUrl}/api/v4${path}?${query}`;

	const other = createServer((req, res) => {
		if (req.method !== 'OPTIONS')
			otherLog.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
		if (cors(req, res)) return;
		res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":9}]');
	});

	const api = createServer((req, res) => {
		if (req.method !== 'OPTIONS')
			apiLog.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
		if (cors(req, res)) return;
		const url = new URL(req.url ?? '/', apiUrl);
		// Echo the query's credentials in the Links, as a real server echoes the query it got.
		const echo = url.searchParams.toString();
		const redirect = /^\/api\/v4\/moved\/(30[1278])$/.exec(url.pathname);
		if (redirect) {
			res.writeHead(Number(redirect[1]), { location: elsewhere('/projects', echo) }).end();
			return;
		}
		if (url.pathname === '/api/v4/nested') {
			// JSON nested 5,000 levels deep: JSON.parse reads it, a recursive walk does not.
			const body = '{"a":'.repeat(4999) + '{"is_admin":null}' + '}'.repeat(4999);
			res.writeHead(200, { 'content-type': 'application/json' }).end(body);
			return;
		}
		if (url.pathname === '/api/v4/schemeless') {
			// A Link without a scheme, to the other port.
			const next = `<//127.0.0.1:${otherPort}/api/v4/schemeless?page=2>; rel="next"`;
			res
				.writeHead(200, { 'content-type': 'application/json', link: next, 'x-page': '1' })
				.end(url.searchParams.get('page') === '2' ? '[{"id":2}]' : '[{"id":1}]');
			return;
		}
		if (/^\/api\/v4\/projects\/[^/]+$/.test(url.pathname)) {
			// One project, whatever its id: a request with anything in its path is answered.
			res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
			return;
		}
		if (url.pathname === '/api/v4/projects') {
			const keyset = url.searchParams.get('pagination') === 'keyset';
			const links = keyset
				? [`<${elsewhere('/projects', `${echo}&id_after=2`)}>; rel="next"`]
				: ['prev', 'next', 'first', 'last'].map(
						(rel) => `<${elsewhere('/projects', `${echo}&page=2`)}>; rel="${rel}"`
					);
			res
				.writeHead(200, {
					'content-type': 'application/json',
					link: links.join(', '),
					...(keyset ? {} : { 'x-page': '1', 'x-total': '40' })
				})
				.end('[{"id":1},{"id":2}]');
			return;
		}
		res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"404 Not Found"}');
	});

	await Promise.all([listen(api, apiPort), listen(other, otherPort)]);
	return {
		apiUrl,
		otherUrl,
		otherLog,
		apiLog,
		close: async () => {
			await Promise.all(
				// A request the page let go (a cancelled walk's page ahead) may still hold its
				// connection: close them all, or close() waits for it past the test's time.
				[api, other].map(
					(s) =>
						new Promise<void>((done) => {
							s.close(() => done());
							s.closeAllConnections();
						})
				)
			);
		}
	};
}

/** What of a logged request could identify the user: credential headers, parameters, cookies. */
export function credentialsIn(log: Logged[], secrets: string[]): string[] {
	const found: string[] = [];
	for (const r of log) {
		for (const name of ['authorization', 'private-token', 'job-token', 'sudo', 'cookie', 'token'])
			if (r.headers[name] !== undefined) found.push(`${r.method} ${r.url}: ${name} header`);
		const query = new URL(r.url, 'http://x').searchParams;
		for (const name of ['private_token', 'access_token', 'job_token', 'sudo'])
			if (query.has(name)) found.push(`${r.method} ${r.url}: ${name}`);
		for (const s of secrets)
			if (JSON.stringify(r).includes(s)) found.push(`${r.method} ${r.url}: carries ${s}`);
	}
	return found;
}
