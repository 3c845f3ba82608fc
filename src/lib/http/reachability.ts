import type { ProblemKind } from './problem';

export type Transport = typeof fetch;

/** The browser's own fetch: Live mode's transport. The HTTP core is the one place that reaches it. */
export const browserTransport: Transport = (input, init) => fetch(input, init);

export interface ReachabilityEnv {
	/** navigator.onLine where there is a navigator. */
	online: () => boolean;
	/** Origin of the page, to know whether a URL is cross-origin. */
	pageOrigin: () => string | undefined;
}

export const browserEnv: ReachabilityEnv = {
	online: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
	pageOrigin: () => (typeof location === 'undefined' ? undefined : location.origin)
};

/**
 * A fetch that throws says nothing about why. Tell "offline or unreachable" from "blocked by
 * CORS": a no-cors request reaches a server that does not allow our origin, and gives an opaque
 * answer; if even that fails, the server (or the network) is not there.
 */
export async function classifyFetchFailure(
	url: string,
	transport: Transport,
	env: ReachabilityEnv = browserEnv
): Promise<Extract<ProblemKind, 'network' | 'cors'>> {
	if (!env.online()) return 'network';
	let target: URL;
	try {
		target = new URL(url);
	} catch {
		return 'network';
	}
	const pageOrigin = env.pageOrigin();
	if (!pageOrigin || pageOrigin === target.origin) return 'network';
	try {
		await transport(target.origin + '/', {
			mode: 'no-cors',
			method: 'GET',
			cache: 'no-store',
			credentials: 'omit',
			signal: AbortSignal.timeout(5000)
		});
		return 'cors';
	} catch {
		return 'network';
	}
}
