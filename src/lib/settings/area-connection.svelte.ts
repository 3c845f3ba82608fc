import type { HttpClient } from '$lib/http/client';
import { clientFor, type ClientExtras } from './client-for';
import type { Mode, ServiceId } from './connection';
import { loadConnections } from './persistence';
import { settings } from './settings.svelte';
import { preloadDemoBible, type DemoBibleHint } from './transport';

/**
 * What an area's state is built from: the connection Settings provide for one service, read
 * fresh on every use, so a change in Settings reaches the area without a reload.
 */
export class AreaConnection<S extends ServiceId = ServiceId> {
	readonly service: S;

	constructor(service: S) {
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

	/**
	 * What the area's work depends on: the mode, the address and (energy) the token. When it
	 * changes, the page's area state is closed and opened anew (area-state.svelte.ts).
	 */
	get identity(): string {
		return `${this.mode} ${this.apiRoot} ${this.secret}`;
	}

	/** The service's "Remember on this device" (Bible has no secret). */
	get remember(): boolean {
		return this.service !== 'bible' && settings.remember[this.service];
	}

	/**
	 * For a page that is still downloading (a deep link): starts loading the demo Bible and the book
	 * it will read, when the stored settings say the Bible is in Demo mode.
	 */
	async preloadDemo(hint: DemoBibleHint): Promise<void> {
		if (this.service !== 'bible') return;
		try {
			// Read here rather than through settings.load(): the settings' arrival renders the page in
			// the same task, which would start the download only after that render.
			const demo = settings.loaded
				? Promise.resolve(this.mode === 'demo')
				: loadConnections().then((stored) => stored[this.service].mode === 'demo');
			await preloadDemoBible(hint, demo);
		} catch {
			// Only a head start: the reader loads them again, and says so if that fails.
		}
	}

	/** The service's own secret (energy's API token; the others keep theirs in their area). */
	get secret(): string {
		return this.service === 'energy' ? settings.secrets.apiToken : '';
	}

	/** An HTTP client for the connection as it is now; the area adds its own auth in `extras`. */
	client(extras: ClientExtras = {}): HttpClient {
		return clientFor(this.service, settings.connection(this.service), this.secret, extras);
	}
}

export const connections: { readonly [S in ServiceId]: AreaConnection<S> } = {
	codehost: new AreaConnection('codehost'),
	energy: new AreaConnection('energy'),
	bible: new AreaConnection('bible')
};
