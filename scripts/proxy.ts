// A local CORS proxy for one upstream API that sends no CORS headers.
//   npm run proxy -- --target https://api.example.com [--port 8790] [--origin https://app.example]
// Listens on loopback only, answers only requests addressed to it by a loopback name (no DNS
// rebinding), forwards every request to that one target (paths byte for byte, so %2F stays
// encoded), answers preflights for the app's origin, and never logs credentials.
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseArgs } from 'node:util';
import { redactUrl } from '../src/lib/http/redact';

const { values } = parseArgs({
	options: {
		target: { type: 'string' },
		port: { type: 'string', default: '8790' },
		host: { type: 'string', default: '127.0.0.1' },
		origin: { type: 'string', multiple: true, default: [] }
	}
});

function fail(message: string): never {
	console.error(message);
	process.exit(2);
}

if (!values.target)
	fail('Give the API to forward to: npm run proxy -- --target https://api.example.com');
function parseTarget(value: string): URL {
	try {
		return new URL(value);
	} catch {
		return fail(`--target must be an absolute http(s) URL, not "${value}".`);
	}
}
const target = parseTarget(values.target);
if (target.protocol !== 'https:' && target.protocol !== 'http:')
	fail('--target must use http or https.');
if (!['127.0.0.1', 'localhost', '::1'].includes(values.host))
	fail('The proxy listens on loopback only.');

// A page on a rebound name (evil.example → 127.0.0.1) is same-origin with the proxy as far as the
// browser knows, so no CORS check stops it; its requests still carry that name in Host.
const OWN_HOSTS = new Set(
	['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${Number(values.port)}`)
);

/** Origins allowed to use the proxy: the ones given, or any page served from loopback. */
function allowedOrigin(origin: string | undefined): string | null {
	if (!origin) return null;
	if (values.origin.length) return values.origin.includes(origin) ? origin : null;
	try {
		const url = new URL(origin);
		return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ? origin : null;
	} catch {
		return null;
	}
}

// The credentials and headers the three APIs use; passed through, never logged.
const PASS_REQUEST_HEADERS = [
	'accept',
	'content-type',
	'token',
	'private-token',
	'job-token',
	'authorization',
	'sudo',
	'if-none-match',
	'if-unmodified-since',
	'x-service-captcha-response',
	'x-service-spam-log-id',
	'x-gitlab-captcha-response',
	'x-gitlab-spam-log-id'
];
const HOP_BY_HOP = new Set([
	'connection',
	'keep-alive',
	'transfer-encoding',
	'upgrade',
	'proxy-authenticate',
	'proxy-authorization',
	'te',
	'trailer'
]);

const basePath = target.pathname.replace(/\/$/, '');

const server = createServer((req, res) => {
	const origin = allowedOrigin(req.headers.origin);
	const raw = req.url ?? '/';
	const host = req.headers.host?.toLowerCase();
	if (!host || !OWN_HOSTS.has(host)) {
		res
			.writeHead(421, { 'content-type': 'text/plain' })
			.end(`This proxy answers only requests addressed to ${[...OWN_HOSTS].join(', ')}.\n`);
		console.log(`refused ${req.method} for host ${JSON.stringify(host ?? '')}`);
		return;
	}
	// Absolute-form request targets ("GET http://other/ HTTP/1.1") would make this an open proxy.
	if (!raw.startsWith('/')) {
		res
			.writeHead(403, { 'content-type': 'text/plain' })
			.end(`This proxy forwards only to ${target.origin}.\n`);
		console.log(`refused ${req.method} (another target)`);
		return;
	}
	if (req.headers.origin && !origin) {
		res
			.writeHead(403, { 'content-type': 'text/plain' })
			.end('This origin may not use the proxy; start it with --origin <the app origin>.\n');
		console.log(`refused ${req.method} from origin ${req.headers.origin}`);
		return;
	}
	const cors: Record<string, string> = origin
		? { 'access-control-allow-origin': origin, vary: 'Origin' }
		: {};
	if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
		res.writeHead(204, {
			...cors,
			'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
			'access-control-allow-headers':
				req.headers['access-control-request-headers'] ?? PASS_REQUEST_HEADERS.join(', '),
			'access-control-max-age': '600'
		});
		res.end();
		return;
	}
	const headers: Record<string, string | string[]> = {};
	for (const name of PASS_REQUEST_HEADERS) {
		const value = req.headers[name];
		if (value !== undefined) headers[name] = value;
	}
	if (req.headers['content-length']) headers['content-length'] = req.headers['content-length'];
	const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
	const upstream = send(
		{
			protocol: target.protocol,
			hostname: target.hostname,
			port: target.port || undefined,
			method: req.method,
			path: basePath + raw,
			headers
		},
		(answer) => {
			const out: Record<string, string | string[]> = { ...cors };
			const exposed: string[] = [];
			for (const [name, value] of Object.entries(answer.headers)) {
				if (HOP_BY_HOP.has(name) || name.startsWith('access-control-') || value === undefined)
					continue;
				out[name] = value;
				exposed.push(name);
			}
			// Hide nothing: every upstream header is readable by the app (Retry-After, Location, RateLimit-*).
			if (origin && exposed.length) out['access-control-expose-headers'] = exposed.join(', ');
			res.writeHead(answer.statusCode ?? 502, out);
			answer.pipe(res);
			console.log(`${req.method} ${redactUrl(raw)} → ${answer.statusCode}`);
		}
	);
	upstream.on('error', (error) => {
		if (!res.headersSent) res.writeHead(502, { ...cors, 'content-type': 'text/plain' });
		res.end(`The proxy could not reach ${target.origin}: ${error.message}\n`);
		console.log(
			`${req.method} ${redactUrl(raw)} → upstream error ${(error as NodeJS.ErrnoException).code ?? ''}`
		);
	});
	req.pipe(upstream);
});

server.listen(Number(values.port), values.host, () => {
	console.log(
		`Proxy for ${target.origin}${basePath} listening at http://${values.host}:${values.port}`
	);
	console.log('Set this address as the Proxy URL of the service in Settings.');
});
