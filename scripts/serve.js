// Serves build/ the way a static host does: files as they are, *.html for clean URLs,
// and the SPA fallback (200.html) for every other route. `vite preview` has no fallback.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
	options: {
		port: { type: 'string', default: process.env.PORT ?? '4173' },
		host: { type: 'string', default: '127.0.0.1' },
		dir: { type: 'string', default: 'build' },
		base: { type: 'string', default: process.env.BASE_PATH ?? '' }
	}
});

const root = resolve(values.dir);
const base = values.base.replace(/\/$/, '');
if (!existsSync(join(root, '200.html'))) {
	console.error(`No built site in ${root}. Run "npm run build" first.`);
	process.exit(1);
}

/** @type {Record<string, string>} */
const TYPES = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json',
	'.webmanifest': 'application/manifest+json',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.ico': 'image/x-icon',
	'.txt': 'text/plain; charset=utf-8',
	'.woff2': 'font/woff2'
};

/** @param {string} pathname */
function fileFor(pathname) {
	const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
	const candidates = [clean, `${clean}.html`, join(clean, 'index.html')];
	for (const candidate of candidates) {
		const file = join(root, candidate);
		if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file;
	}
	return null;
}

const server = createServer((req, res) => {
	const url = new URL(req.url ?? '/', 'http://localhost');
	let pathname = url.pathname;
	if (base) {
		if (pathname === base) pathname = '/';
		else if (pathname.startsWith(base + '/')) pathname = pathname.slice(base.length);
		else {
			res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
			return;
		}
	}
	let file = fileFor(pathname);
	let status = 200;
	if (!file) {
		if (pathname.startsWith('/_app/') || extname(pathname)) {
			res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
			return;
		}
		file = join(root, '200.html');
	}
	const immutable = pathname.startsWith('/_app/immutable/');
	res.writeHead(status, {
		'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
		'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache'
	});
	if (req.method === 'HEAD') res.end();
	else createReadStream(file).pipe(res);
});

server.listen(Number(values.port), values.host, () => {
	console.log(
		`Serving ${values.dir}/ at http://${values.host}:${values.port}${base}/ (Demo mode by default)`
	);
});
