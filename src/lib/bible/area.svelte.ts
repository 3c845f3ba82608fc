/**
 * How the Bible's pages get their state: one area for the app per connection
 * (area-state.svelte.ts), so a download goes on and the library stays loaded while the reader
 * moves between pages. When Settings change the mode or the address, the old area is closed (its
 * download stops, its requests in flight are aborted) and a new one is built for the new
 * connection; the pages' own states (the chapter, the passage, a translation beside it) are built
 * from the area, so they follow it.
 *
 * What does not depend on the connection stays shared by every area: notes, highlights and
 * reading plans (this device's, whichever server the text came from), the study data (the build's
 * files), and the search worker, which only reads what this device keeps, per server, and sends
 * nothing.
 */
import { connections } from '$lib/settings/area-connection.svelte';
import { areaState, closingClient } from '$lib/settings/area-state.svelte';
import { CompareSide } from './reader/compare.svelte';
import type { BibleConnection } from './connection';
import { LibraryState } from './library/library.svelte';
import { OfflineState } from './offline/offline.svelte';
import { PassageState } from './passage/passage.svelte';
import { ReaderState } from './reader/reader.svelte';
import { SearchState } from './search/search.svelte';

export class BibleArea {
	/** The connection as the area's states use it: every request stops when the area closes. */
	readonly connection: BibleConnection;
	/** The translations and the books of the one being looked at. */
	readonly library: LibraryState;
	/** Downloads for offline reading, and what is stored. */
	readonly offline: OfflineState;
	readonly search: SearchState;
	readonly #work = new AbortController();

	constructor(connection: BibleConnection) {
		const signal = this.#work.signal;
		this.connection = {
			mode: connection.mode,
			apiRoot: connection.apiRoot,
			client: () => closingClient(connection.client(), signal)
		};
		this.library = new LibraryState(this.connection);
		this.offline = new OfflineState(this.connection);
		this.search = new SearchState(this.connection);
	}

	/** A chapter page's reader on this connection (`remember: false` for one shown beside). */
	reader(options?: { remember?: boolean }): ReaderState {
		return new ReaderState(this.connection, options);
	}

	/** The reference field's passage on this connection. */
	passage(): PassageState {
		return new PassageState(this.connection);
	}

	/** A translation shown beside the reading one, on this connection. */
	compareSide(ref: string): CompareSide {
		return new CompareSide(this.connection, ref);
	}

	get closed(): boolean {
		return this.#work.signal.aborted;
	}

	/** Settings moved the connection: the download stops, requests in flight are aborted. */
	close(): void {
		this.#work.abort();
		this.offline.cancel();
	}
}

/** The area for the connection as it is now, with the search being typed carried over. */
export function openBible(connection: BibleConnection, previous?: BibleArea): BibleArea {
	const area = new BibleArea(connection);
	if (previous) area.search.text = previous.search.text;
	return area;
}

/** The Bible area for the connection as it is now; read it inside `$derived`. */
export function bibleArea(): BibleArea {
	return areaState<BibleArea>(connections.bible, openBible);
}
