import type { HttpClient } from '$lib/http/client';
import type { Mode } from '$lib/settings/connection';

/**
 * What the Bible's states are built from: the connection Settings provide (`connections.bible`),
 * read fresh on every use. Its revision changes with every change of connection, which is how a
 * switch between Demo and Live, or to another server, reaches what is loaded.
 */
export interface BibleConnection {
	readonly mode: Mode;
	readonly apiRoot: string;
	readonly revision: number;
	client(): HttpClient;
}
