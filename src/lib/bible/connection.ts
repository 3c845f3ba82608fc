import type { HttpClient } from '$lib/http/client';
import type { Mode } from '$lib/settings/connection';

/**
 * What the Bible's states are built from: the connection of their area (area.svelte.ts), one
 * server in one mode. Settings moving the connection bring a new area with new states, rather
 * than changing this one under them.
 */
export interface BibleConnection {
	readonly mode: Mode;
	readonly apiRoot: string;
	client(): HttpClient;
}
