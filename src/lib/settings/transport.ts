import type { DemoService } from '$lib/fakes/demo-transport';
import type { Prepare, Transport } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
import { browserTransport } from '$lib/http/reachability';
import type { Connection, ServiceId } from './connection';

export interface ServiceTransport {
	transport: Transport;
	/** Loads the demo service (code, then the data a request needs) outside the request's timeout. */
	prepare?: Prepare;
}

/** Rejects when the signal aborts, without stopping the shared work behind `promise`. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
	if (!signal) return promise;
	return new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(signal.reason);
		if (signal.aborted) return onAbort();
		signal.addEventListener('abort', onAbort, { once: true });
		promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
	});
}

/**
 * The only difference between Demo and Live: which fetch answers. The fakes are imported
 * lazily, so a Live user never downloads them.
 */
export function transportFor(service: ServiceId, connection: Connection): ServiceTransport {
	if (connection.mode === 'live') return { transport: browserTransport };
	let demo: Promise<DemoService> | undefined;
	let ready = false;
	const load = () =>
		(demo ??= import('$lib/fakes/demo-transport').then(
			(m) => {
				ready = true;
				return m.demoService(service);
			},
			(error: unknown) => {
				demo = undefined;
				throw error;
			}
		));
	return {
		transport: async (input, init) => (await load()).fetch(input, init),
		async prepare(request) {
			if (!ready) request.onProgress?.({ loaded: 0, total: 0 });
			let fake;
			try {
				fake = await untilAborted(load(), request.signal);
			} catch (error) {
				if (request.signal?.aborted) throw error;
				throw new ApiProblem({
					kind: 'network',
					method: request.method,
					url: request.url,
					message: 'The demo could not be loaded: the app’s own files did not arrive.',
					hint: 'Check your connection, then try again.',
					cause: error,
					demoFailure: true
				});
			}
			await fake.prepare(request);
		}
	};
}

/** What the demo Bible can start downloading before the page asks for it: a chapter's book. */
export interface DemoBibleHint {
	bibleRef: string;
	bookRef: string;
}

/**
 * Starts loading the demo Bible's code and a book while the page's own code is still downloading:
 * a deep-linked chapter then waits one round trip for them, not two. Only when `demo` resolves true,
 * so a Live user never downloads the fakes. (The names are the reader's own, Live or Demo.)
 */
export async function preloadDemoBible(hint: DemoBibleHint, demo: Promise<boolean>): Promise<void> {
	// Both at once: waiting for the names after the settings would let the page render first.
	const [{ preloadDemoBook }, isDemo] = await Promise.all([import('$lib/fakes/bible/names'), demo]);
	if (isDemo) preloadDemoBook(hint.bibleRef, hint.bookRef);
}
