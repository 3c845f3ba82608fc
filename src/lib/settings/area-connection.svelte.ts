import type { HttpClient } from '$lib/http/client';
import type { Exchange } from '$lib/http/exchange';
import { clientFor } from './client-for';
import type { Mode, ServiceId } from './connection';
import { settings } from './settings.svelte';

/**
 * What an area's state is built from: the connection Settings provide for one service, read
 * fresh on every use, so a change in Settings reaches the area without a reload.
 */
export class AreaConnection {
	readonly service: ServiceId;

	constructor(service: ServiceId) {
		this.service = service;
	}

	get mode(): Mode {
		return settings.connection(this.service).mode;
	}

	get live(): boolean {
		return this.mode === 'live';
	}

	/** The URL the area calls (through the proxy, when one is set). */
	get apiRoot(): string {
		return settings.apiRoot(this.service);
	}

	/** Bumped on every change of any connection or secret. */
	get revision(): number {
		return settings.revision;
	}

	/** The service's "Remember on this device" (Bible has no secret). */
	get remember(): boolean {
		return this.service !== 'bible' && settings.remember[this.service];
	}

	/** An HTTP client for the connection as it is now. */
	client(
		options: { onExchange?: (e: Exchange) => void; secrets?: () => readonly string[] } = {}
	): HttpClient {
		return clientFor(this.service, options.onExchange, { secrets: options.secrets });
	}
}

export const connections: Record<ServiceId, AreaConnection> = {
	codehost: new AreaConnection('codehost'),
	energy: new AreaConnection('energy'),
	bible: new AreaConnection('bible')
};
