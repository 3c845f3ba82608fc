// Told when chapters are stored or a translation is deleted, so the search index can follow.
// Plain and tiny: the chapter cache calls it, the search client listens (when it is loaded).

export interface ChapterChange {
	bibleRef: string;
	/** [bookRef, chapter] of chapters just stored. */
	stored?: [string, number][];
	/** The whole translation was deleted from this device. */
	deleted?: true;
}

type Listener = (apiRoot: string, change: ChapterChange) => void;
const listeners = new Set<Listener>();

export function onChapterChange(listener: Listener): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

export function chapterChanged(apiRoot: string, change: ChapterChange): void {
	for (const listener of listeners) {
		try {
			listener(apiRoot, change);
		} catch {
			// The index catches up on its next start; storing a chapter must not fail for it.
		}
	}
}
