// Commentaries by chapter: which there are, and a chapter's comments by verse range.
import type { CommentaryBook, CommentaryRange } from './format';
import type { StudySource } from './source';
import type { CommentaryIndex } from './split';

export interface CommentaryInfo {
	id: string;
	name: string;
	/** The books it comments on (OSIS refs): the Treasury of David is only for the Psalms. */
	books: readonly string[];
}

export interface ChapterComment {
	from: number;
	to: number;
	/** Paragraphs in order. */
	paragraphs: string[];
}

export async function listCommentaries(source: StudySource): Promise<CommentaryInfo[]> {
	const index = (await source.read('commentary/index.json')) as CommentaryIndex;
	return index.commentaries.map(({ id, name, books }) => ({ id, name, books }));
}

/** A chapter's comments in verse order; empty when the commentary says nothing on it. */
export async function commentaryChapter(
	source: StudySource,
	id: string,
	bookRef: string,
	chapter: number
): Promise<ChapterComment[]> {
	const file = `commentary/${id}/${bookRef}.json`;
	// A long book is split by chapter (split.ts).
	const chapterFile = `commentary/${id}/${bookRef}/${chapter}.json`;
	let ranges: CommentaryRange[] = [];
	if (source.has(chapterFile)) ranges = (await source.read(chapterFile)) as CommentaryRange[];
	else if (source.has(file))
		ranges = ((await source.read(file)) as CommentaryBook).chapters[chapter - 1] ?? [];
	return ranges.map(([from, to, text]) => ({ from, to, paragraphs: text.split('\n\n') }));
}
