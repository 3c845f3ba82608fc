export const SHELL_CACHE_PREFIX = 'app-shell-';

export function shellCacheName(version: string): string {
	return `${SHELL_CACHE_PREFIX}${version}`;
}

/** Large demo data ships as JSON assets; everything else is the shell. */
export function isShellAsset(path: string): boolean {
	return !/\/_app\/immutable\/assets\/.+\.json$/.test(path);
}

/** The build's own paths (from $service-worker), as URL pathnames so they compare with requests. */
export function knownPaths(paths: readonly string[]): ReadonlySet<string> {
	return new Set(paths.map((path) => new URL(path, 'https://app.invalid').pathname));
}

/**
 * How the worker answers a same-origin GET that is not a navigation:
 * - 'cache-first': a hashed file of this build; stored on first use (demo data is not precached).
 * - 'network-first': another file of this build (the web manifest, icons); the cache when offline.
 * - 'network': anything else, never stored. Not even under /_app/immutable/: a same-origin API or
 *   an attacker-chosen path could answer there, and a cached answer would outlive the deploy.
 */
export type Strategy = 'cache-first' | 'network-first' | 'network';

export function strategyFor(url: URL, known: ReadonlySet<string>): Strategy {
	// Manifest entries have no query string; another one would be a different, unknown resource.
	if (url.search || !known.has(url.pathname)) return 'network';
	return url.pathname.includes('/_app/immutable/') ? 'cache-first' : 'network-first';
}

/**
 * Hashed files cannot change: cache first, and a file that was not precached (demo data) is stored
 * on first use so Demo mode works offline afterwards. Other files of the build (the web manifest)
 * go to the network first so a deploy is noticed.
 */
export async function answerFromCache(
	cacheName: string,
	request: Request,
	strategy: Exclude<Strategy, 'network'>
): Promise<Response> {
	const cache = await caches.open(cacheName);
	if (strategy === 'cache-first') {
		const cached = await cache.match(request);
		if (cached) return cached;
		const response = await fetch(request);
		if (response.ok) await cache.put(request, response.clone());
		return response;
	}
	try {
		return await fetch(request);
	} catch (error) {
		const cached = await cache.match(request);
		if (cached) return cached;
		throw error;
	}
}
