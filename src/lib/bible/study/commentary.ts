// Commentaries by chapter: which there are, and a chapter's comments by verse range.
import type { CommentaryBook, CommentaryRange } from './format';
import type { StudySource } from './source';
import type { CommentaryIndex } from './split';

export interface CommentaryInfo {
	id: string;
	name: string;
}

export interface ChapterComment {
	from: number;
	to: number;
	/** Paragraphs in order. */
	paragraphs: string[];
}

export async function listCommentaries(source: StudySource): Promise<CommentaryInfo[]> {
	const index = (await source.read('commentary/index.json')) as CommentaryIndex;
	return index.commentaries.map(({ id, name }) => ({ id, name }));
}

/** A chapter's comments in verse order; empty when the commentary says nothing on it. */
export async function commentaryChapter(
	source: StudySource,
	id: string,
	bookRef: string,
	chapter: number
): Promise<ChapterComment[]> {
	const file = `commentary/${id}/${bookRef}.json`;
	if (!source.has(file)) return [];
	const book = (await source.read(file)) as CommentaryBook;
	const ranges: CommentaryRange[] = book.chapters[chapter - 1] ?? [];
	return ranges.map(([from, to, text]) => ({ from, to, paragraphs: text.split('\n\n') }));
}
