/**
 * A loopback server of big answers for the explorer's benchmarks and e2e: JSON arrays of a given
 * number of objects (about 250 bytes each, so 20,000 make 5 MB) or of about a given size, and
 * plain text of a given size. CORS open to any origin (the app runs on another port), every
 * header readable, Timing-Allow-Origin so the page can read when the last byte came.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BigAnswers {
	/** The API root, e.g. http://127.0.0.1:40123/api/v4. */
	apiRoot: string;
	close(): Promise<void>;
}

/** One project-like object of about 250 bytes; `seed` changes a few fields (for Compare). */
export function bigItem(i: number, seed = 0): Record<string, unknown> {
	return {
		id: i + 1,
		name: `Project ${i + 1}`,
		path: `group-${i % 50}/project-${i + 1}`,
		description: seed && i % 97 === 0 ? `Changed in answer ${seed}` : 'One of a big list',
		visibility: i % 3 ? 'private' : 'public',
		archived: false,
		star_count: (i * 7 + seed) % 13,
		created_at: '2026-01-01T00:00:00.000Z',
		web_url: `https://code.example/group-${i % 50}/project-${i + 1}`
	};
}

/** A JSON array of `items` objects. */
export const jsonOfItems = (items: number, seed = 0): string =>
	JSON.stringify(Array.from({ length: items }, (_, i) => bigItem(i, seed)));

/** About `bytes` of JSON (an array of objects, whole). */
export function jsonOfBytes(bytes: number, seed = 0): string {
	const one = JSON.stringify(bigItem(10_000, seed)).length + 1;
	return jsonOfItems(Math.max(1, Math.round(bytes / one)), seed);
}

/** About `bytes` of log-like text lines. */
export function textOfBytes(bytes: number): string {
	const lines: string[] = [];
	let size = 0;
	for (let i = 0; size < bytes; i++) {
		const line = `${String(i + 1).padStart(8, '0')} 2026-01-01T00:00:00Z INFO request served in ${i % 997} ms for /api/v4/projects/${i % 5000}`;
		lines.push(line);
		size += line.length + 1;
	}
	return lines.join('\n');
}

const cache = new Map<string, string>();

function body(url: URL): { type: string; text: string } | null {
	const n = Number(url.searchParams.get('n') ?? 0);
	const seed = Number(url.searchParams.get('seed') ?? 0);
	const key = `${url.pathname}?${n}&${seed}`;
	const kind = url.pathname.replace(/^\/api\/v4\/big\//, '');
	const make =
		kind === 'items'
			? () => jsonOfItems(n, seed)
			: kind === 'json'
				? () => jsonOfBytes(n, seed)
				: kind === 'text'
					? () => textOfBytes(n)
					: null;
	if (!make || !(n > 0)) return null;
	if (!cache.has(key)) cache.set(key, make());
	return {
		type: kind === 'text' ? 'text/plain; charset=utf-8' : 'application/json',
		text: cache.get(key)!
	};
}

export async function startBigAnswers(port = 0): Promise<BigAnswers> {
	const server: Server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const cors = {
			'access-control-allow-origin': '*',
			'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
			'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
			'access-control-expose-headers': '*',
			'timing-allow-origin': '*'
		};
		if (req.method === 'OPTIONS') {
			res.writeHead(204, cors).end();
			return;
		}
		const found = body(url);
		if (!found) {
			res.writeHead(404, { ...cors, 'content-type': 'application/json' });
			res.end('{"message":"404 Not Found"}');
			return;
		}
		const bytes = Buffer.from(found.text);
		res.writeHead(200, { ...cors, 'content-type': found.type, 'content-length': bytes.length });
		res.end(bytes);
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	const { port: bound } = server.address() as AddressInfo;
	return {
		apiRoot: `http://127.0.0.1:${bound}/api/v4`,
		close: () => new Promise((resolve) => server.close(() => resolve()))
	};
}
