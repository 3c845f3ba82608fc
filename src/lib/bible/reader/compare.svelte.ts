import type { BibleConnection } from '../connection';
import { LibraryState } from '../library/library.svelte';
import { ReaderState } from './reader.svelte';

/** One translation shown beside the reading one ("Compare with"): its book list and its chapter. */
export class CompareSide {
	ref = $state('');
	readonly library: LibraryState;
	readonly reader: ReaderState;

	constructor(connection: BibleConnection, ref: string) {
		this.ref = ref;
		this.library = new LibraryState(connection);
		this.reader = new ReaderState(connection, { remember: false });
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
