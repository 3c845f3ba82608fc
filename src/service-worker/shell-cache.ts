export const SHELL_CACHE_PREFIX = 'app-shell-';

export function shellCacheName(version: string): string {
	return `${SHELL_CACHE_PREFIX}${version}`;
}

/** Large demo data ships as JSON assets; everything else is the shell. */
export function isShellAsset(path: string): boolean {
	return !/\/_app\/immutable\/assets\/.+\.json$/.test(path);
}

/**
 * Built files are immutable (hashed names): cache first, and a file that was not precached
 * (demo data) is stored on first use so Demo mode works offline afterwards. Other files
 * (version.json, the manifest) go to the network first so a deploy is noticed.
 */
export async function answerFromCache(
	cacheName: string,
	request: Request,
	url: URL
): Promise<Response> {
	const cache = await caches.open(cacheName);
	if (url.pathname.includes('/_app/immutable/')) {
		const cached = await cache.match(request);
		if (cached) return cached;
		const response = await fetch(request);
		if (response.ok) await cache.put(request, response.clone());
		return response;
	}
	try {
		return await fetch(request);
	} catch (error) {
		const cached = await cache.match(request, { ignoreSearch: true });
		if (cached) return cached;
		throw error;
	}
}
