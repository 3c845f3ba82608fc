/**
 * How the Bible's pages get their state: one area for the app per connection
 * (area-state.svelte.ts), so a download goes on and the library stays loaded while the reader
 * moves between pages. The area is made from an area session (area-session.svelte.ts): every
 * state of the area sends through it, so when Settings change the mode or the address the old
 * area's session is closed (its download stops, its requests in flight are aborted) and a new
 * area is built for the new connection; the pages' own states (the chapter, the passage, a
 * translation beside it) are built from the area, so they follow it.
 *
 * What does not depend on the connection stays shared by every area: notes, highlights and
 * reading plans (this device's, whichever server the text came from), the study data (the build's
 * files), and the search worker, which only reads what this device keeps, per server, and sends
 * nothing.
 */
import { connections, type AreaConnection } from '$lib/settings/area-connection.svelte';
import { AreaSession } from '$lib/settings/area-session.svelte';
import { areaState } from '$lib/settings/area-state.svelte';
import { LibraryState } from './library/library.svelte';
import { verseNotes, type NotesState } from './notes/notes.svelte';
import { OfflineState } from './offline/offline.svelte';
import { PassageState } from './passage/passage.svelte';
import { CompareSide } from './reader/compare.svelte';
import { ReaderState } from './reader/reader.svelte';
import { SearchState } from './search/search.svelte';

export class BibleArea {
	/** The connection as the area's states use it: every request stops when the area closes. */
	readonly session: AreaSession<'bible'>;
	/** The translations and the books of the one being looked at. */
	readonly library: LibraryState;
	/** Downloads for offline reading, and what is stored. */
	readonly offline: OfflineState;
	readonly search: SearchState;
	/** The notes, highlights and bookmarks of this device: the same whatever the connection. */
	readonly notes: NotesState = verseNotes;

	constructor(session: AreaSession<'bible'>) {
		this.session = session;
		this.library = new LibraryState(session);
		this.offline = new OfflineState(session);
		this.search = new SearchState(session);
	}

	/** A chapter page's reader on this connection (`remember: false` for one shown beside). */
	reader(options?: { remember?: boolean }): ReaderState {
		return new ReaderState(this.session, options);
	}

	/** The reference field's passage on this connection. */
	passage(): PassageState {
		return new PassageState(this.session);
	}

	/** A translation shown beside the reading one, on this connection. */
	compareSide(ref: string): CompareSide {
		return new CompareSide(this.session, ref);
	}

	get closed(): boolean {
		return this.session.closed;
	}

	/** Settings moved the connection: the download stops, requests in flight are aborted. */
	close(): void {
		this.session.close();
	}
}

/** The area for the connection as it is now, with the search being typed carried over. */
export function openBible(connection: AreaConnection<'bible'>, previous?: BibleArea): BibleArea {
	const area = new BibleArea(new AreaSession(connection));
	if (previous) area.search.text = previous.search.text;
	return area;
}

/** The Bible area for the connection as it is now; read it inside `$derived` (in a route). */
export function bibleArea(): BibleArea {
	return areaState<BibleArea, 'bible'>(connections.bible, openBible);
}
