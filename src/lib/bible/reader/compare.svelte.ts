import type { AreaSession } from '$lib/settings/area-session.svelte';
import { LibraryState } from '../library/library.svelte';
import { ReaderState } from './reader.svelte';

/** One translation shown beside the reading one ("Compare with"): its book list and its chapter. */
export class CompareSide {
	ref = $state('');
	readonly library: LibraryState;
	readonly reader: ReaderState;

	constructor(session: AreaSession<'bible'>, ref: string) {
		this.ref = ref;
		this.library = new LibraryState(session);
		this.reader = new ReaderState(session, { remember: false });
	}

	/** Reads the same chapter in this translation (kept on this device like any chapter). */
	show(bookRef: string, chapter: number): Promise<void> {
		return this.library.show({
			bibleRef: this.ref,
			reader: { state: this.reader, bookRef, chapter },
			list: false
		});
	}
}
