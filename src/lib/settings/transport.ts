import type { Transport } from '$lib/http/client';
import type { Connection, ServiceId } from './connection';

/**
 * The only difference between Demo and Live: which fetch answers. The fakes are imported
 * lazily, so a Live user never downloads them.
 */
export function transportFor(service: ServiceId, connection: Connection): Transport {
	if (connection.mode === 'live') return (input, init) => fetch(input, init);
	let demo: Promise<Transport> | undefined;
	return async (input, init) => {
		demo ??= import('$lib/fakes/demo-transport').then((m) => m.demoTransport(service));
		return (await demo)(input, init);
	};
}
