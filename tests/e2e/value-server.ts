/**
 * A loopback code host of one answer with a value as big as asked, for "Set as variable" of a
 * value the storage cannot hold: `GET /api/v4/value?key=description&chars=6000000` answers
 * `{"id":7,"name":"Release notes","description":"ddd…"}`. CORS open to any origin.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ValueServer {
	/** The API root, e.g. http://127.0.0.1:40123/api/v4. */
	apiRoot: string;
	close(): Promise<void>;
}

export async function startValueServer(): Promise<ValueServer> {
	const server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const cors = {
			'access-control-allow-origin': '*',
			'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
			'access-control-expose-headers': '*'
		};
		if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
		const key = url.searchParams.get('key') ?? 'value';
		const chars = Number(url.searchParams.get('chars') ?? 10);
		if (url.pathname !== '/api/v4/value' || !/^\w+$/.test(key) || !(chars >= 0)) {
			res.writeHead(404, { ...cors, 'content-type': 'application/json' });
			return void res.end('{"message":"404 Not Found"}');
		}
		const body = JSON.stringify({ id: 7, name: 'Release notes', [key]: key[0]!.repeat(chars) });
		res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		apiRoot: `http://127.0.0.1:${port}/api/v4`,
		close: () => new Promise((resolve) => server.close(() => resolve()))
	};
}
