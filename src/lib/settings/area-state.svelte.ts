/**
 * The one way a page gets its area's state. Each area (code host, energy, Bible) has one state
 * for the app, built for its connection as it is and kept while the person moves between pages
 * (an order keeps being followed, a download goes on, a written request stays). When the area's
 * connection changes in Settings (Demo ↔ Live, another address, another token) the next read
 * closes the old state, so its polling, downloads and requests in flight stop, and builds a new
 * one. Read it inside `$derived` so the page follows the change.
 */
import { untrack } from 'svelte';
import type { HttpClient } from '$lib/http/client';
import type { AreaConnection } from './area-connection.svelte';
import type { ServiceId } from './connection';

/** What an area's state offers the lifecycle: a way to stop all of its work. */
export interface AreaWork {
	close(): void;
}

// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a registry, not page state: pages follow connection.identity, which is reactive
const held = new Map<ServiceId, Held<AreaWork>>();

interface Held<T extends AreaWork> {
	identity: string;
	state: T;
	/** Ends the reactive scope the state was built in (its `$derived` fields stop with it). */
	destroy: () => void;
}

/** Stops a state's work, then its reactive scope. */
function end({ state, destroy }: Held<AreaWork>): void {
	state.close();
	destroy();
}

/**
 * The area's state for its connection as it is now. `open` builds one; `previous` is the state
 * it replaces, for what should carry over (a half-written request).
 */
export function areaState<T extends AreaWork, S extends ServiceId = ServiceId>(
	connection: AreaConnection<S>,
	open: (connection: AreaConnection<S>, previous?: T) => T
): T {
	const identity = connection.identity;
	const before = held.get(connection.service) as Held<T> | undefined;
	if (before?.identity === identity) return before.state;
	// Built in a scope of its own, not the page's: a page reading this is a component, and a
	// `$derived` made while it runs would stop updating once the person leaves that page, while
	// the state lives on for the next one.
	let state: T | undefined;
	const destroy = $effect.root(() => {
		state = untrack(() => open(connection, before?.state));
	});
	// Svelte's server build (the unit tests) has no reactive scope and does not run the root.
	state ??= untrack(() => open(connection, before?.state));
	held.set(connection.service, { identity, state, destroy });
	// Closed once this update is over: closing changes the old state's fields, which may not
	// happen while a page's derived value is being worked out.
	if (before) queueMicrotask(() => end(before));
	return state;
}

/** The area's state if one is open (for work started outside its page). */
export function openAreaState<T extends AreaWork>(service: ServiceId): T | undefined {
	return held.get(service)?.state as T | undefined;
}

/**
 * The client as a state built for one connection uses it: every request it sends also stops when
 * `signal` aborts (the state was closed), whoever in the state started it. The same client
 * otherwise (its address, transport and credentials), so it is still made where connections are
 * wired; only `send` takes the signal, and `json` sends through it.
 */
export function closingClient(client: HttpClient, signal: AbortSignal): HttpClient {
	const send = client.send.bind(client);
	const closing = Object.create(client) as HttpClient;
	closing.send = (spec) =>
		send({ ...spec, signal: spec.signal ? AbortSignal.any([spec.signal, signal]) : signal });
	return closing;
}

/** Closes every area's state (tests; a reset of the app's data). */
export function closeAreas(): void {
	for (const entry of held.values()) end(entry);
	held.clear();
}
