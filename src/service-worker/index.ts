/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
import { base, build, files, prerendered, version } from '$service-worker';
import {
	answerFromCache,
	isShellAsset,
	knownPaths,
	SHELL_CACHE_PREFIX,
	shellCacheName,
	strategyFor
} from './shell-cache';
import { isNavigation } from './routes';

const sw = self as unknown as ServiceWorkerGlobalScope;
const cacheName = shellCacheName(version);
const fallback = `${base}/200.html`;

const manifest = [...build, ...files, ...prerendered, fallback];
// Only these are ever cached, at install or on first use.
const known = knownPaths(manifest);
// Demo data (large JSON assets) is not precached: a Live user never needs it. It is cached on
// first use by the runtime rule in answerFromCache.
const precache = manifest.filter((path) => isShellAsset(path));

sw.addEventListener('install', (event) => {
	event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll([...new Set(precache)])));
});

sw.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			for (const key of await caches.keys()) {
				if (key.startsWith(SHELL_CACHE_PREFIX) && key !== cacheName) await caches.delete(key);
			}
			await sw.clients.claim();
		})()
	);
});

// The page asks the waiting worker to take over when the user presses "Reload".
sw.addEventListener('message', (event) => {
	if (event.data === 'skip-waiting') void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
	const request = event.request;
	const url = new URL(request.url);
	// API calls (any other origin, or anything not GET) are never touched, let alone cached.
	if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
	if (!url.pathname.startsWith(base + '/') && url.pathname !== base) return;
	if (isNavigation(request)) {
		event.respondWith(answerNavigation(request, url));
		return;
	}
	const strategy = strategyFor(url, known);
	// Not a file of this build: left to the browser, as if there were no worker.
	if (strategy === 'network') return;
	event.respondWith(answerFromCache(cacheName, request, strategy));
});

/** Network first for pages, so a deploy shows at once; the cached shell when offline. */
async function answerNavigation(request: Request, url: URL): Promise<Response> {
	try {
		return await fetch(request);
	} catch {
		const cache = await caches.open(cacheName);
		const path = url.pathname.replace(/\/$/, '') || '/';
		return (
			(await cache.match(path)) ??
			(await cache.match(`${path}.html`)) ??
			(await cache.match(fallback)) ??
			new Response('Offline, and this page was never opened here.', {
				status: 503,
				headers: { 'content-type': 'text/plain; charset=utf-8' }
			})
		);
	}
}
