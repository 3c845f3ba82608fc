// Serves build/ the way a static host does: files as they are, *.html for clean URLs,
// and the SPA fallback (200.html) for every other route. `vite preview` has no fallback.
// Like a production host it also sends the security headers and the precompressed .br/.gz files.
// With --tls-key and --tls-cert it serves HTTPS over HTTP/2, as static hosts do (the Lighthouse
// benchmark: over HTTP/1.1 a phone fetches six files at a time, over HTTP/2 all at once).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
	options: {
		port: { type: 'string', default: process.env.PORT ?? '4173' },
		host: { type: 'string', default: '127.0.0.1' },
		dir: { type: 'string', default: 'build' },
		base: { type: 'string', default: process.env.BASE_PATH ?? '' },
		// Which precompressed siblings to send: "br,gzip" (the default) or "gzip", as a plain host
		// that compresses only with gzip does (the Lighthouse benchmark's HTTP/1.1 host).
		encodings: { type: 'string', default: 'br,gzip' },
		'tls-key': { type: 'string' },
		'tls-cert': { type: 'string' }
	}
});
const tls =
	values['tls-key'] && values['tls-cert']
		? { key: readFileSync(values['tls-key']), cert: readFileSync(values['tls-cert']) }
		: null;

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

// On every response, errors included. A meta CSP cannot carry frame-ancestors, so it is sent here;
// docs/deploying.md gives the same headers for nginx, Apache and Netlify.
const SECURITY_HEADERS = {
	'x-frame-options': 'DENY',
	'content-security-policy': "frame-ancestors 'none'",
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'no-referrer'
};

/** Precompressed siblings written by adapter-static, in order of preference. */
const KNOWN_ENCODINGS = /** @type {const} */ ([
	['br', '.br'],
	['gzip', '.gz']
]);
const wanted = values.encodings.split(',').map((name) => name.trim());
const unknown = wanted.filter((name) => !KNOWN_ENCODINGS.some(([coding]) => coding === name));
if (unknown.length) {
	console.error(`Unknown encoding ${unknown.join(', ')}: use br, gzip or both ("br,gzip").`);
	process.exit(1);
}
const ENCODINGS = KNOWN_ENCODINGS.filter(([coding]) => wanted.includes(coding));

/** @param {string} file */
function isFile(file) {
	return existsSync(file) && statSync(file).isFile();
}

/** @param {string} pathname */
function fileFor(pathname) {
	const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
	const candidates = [clean, `${clean}.html`, join(clean, 'index.html')];
	for (const candidate of candidates) {
		const file = join(root, candidate);
		if (!file.startsWith(root) || !isFile(file)) continue;
		// A sibling is an encoding of its file, not a file of its own: never sent with the wrong type.
		if (
			KNOWN_ENCODINGS.some(
				([, suffix]) => file.endsWith(suffix) && isFile(file.slice(0, -suffix.length))
			)
		)
			continue;
		return file;
	}
	return null;
}

/**
 * Whether the Accept-Encoding header allows a coding (q > 0, named or by "*").
 * @param {string} header
 * @param {string} coding
 */
function accepts(header, coding) {
	let wildcard = false;
	for (const part of header.toLowerCase().split(',')) {
		const [name = '', ...params] = part.split(';').map((s) => s.trim());
		const q = params.find((p) => p.startsWith('q='));
		const allowed = !q || Number(q.slice(2)) > 0;
		if (name === coding) return allowed;
		if (name === '*') wildcard = allowed;
	}
	return wildcard;
}

/**
 * @param {import('node:http').IncomingMessage | import('node:http2').Http2ServerRequest} req
 * @param {import('node:http').ServerResponse | import('node:http2').Http2ServerResponse} res
 */
const handle = (req, res) => {
	for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
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
	if (!file) {
		if (pathname.startsWith('/_app/') || extname(pathname)) {
			res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
			return;
		}
		file = join(root, '200.html');
	}
	const immutable = pathname.startsWith('/_app/immutable/');
	/** @type {Record<string, string | number>} */
	const headers = {
		'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
		'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache'
	};
	let body = file;
	const variants = ENCODINGS.filter(([, suffix]) => isFile(file + suffix));
	if (variants.length) {
		headers.vary = 'Accept-Encoding';
		const accepted = req.headers['accept-encoding'] ?? '';
		const chosen = variants.find(([coding]) => accepts(accepted, coding));
		if (chosen) {
			body = file + chosen[1];
			headers['content-encoding'] = chosen[0];
		}
	}
	headers['content-length'] = statSync(body).size;
	res.writeHead(200, headers);
	if (req.method === 'HEAD') res.end();
	else createReadStream(body).pipe(res);
};

// HTTP/1.1 too over TLS, for a client that does not offer HTTP/2: the handler uses only what the
// two request and response APIs share.
const server = tls
	? createSecureServer({ ...tls, allowHTTP1: true }, handle)
	: createServer(handle);

server.listen(Number(values.port), values.host, () => {
	const scheme = tls ? 'https' : 'http';
	console.log(
		`Serving ${values.dir}/ at ${scheme}://${values.host}:${values.port}${base}/ (Demo mode by default)`
	);
});
