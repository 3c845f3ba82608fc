// The study lookups for callers that do not hold a source: each loads the browser's data source
// on first use (so nothing of the study data is in a page's first load).
import type { OriginalText } from '../original/format';
import { interlinearChapter } from '../original/interlinear';
import { originalChapter } from '../original/words';
import { commentaryChapter } from './commentary';
import { studySource } from './app-source';
import { findEveryVerse, lookupStrongs, strongsChapter } from './strongs';

/** A KJV chapter's verses with their Strong's numbers (verses[v - 1]), or undefined. */
export const loadStrongsChapter = async (bookRef: string, chapter: number) =>
	strongsChapter(await studySource(), bookRef, chapter);

export const loadStrongsEntry = async (id: string) => lookupStrongs(await studySource(), id);

export const loadEveryVerse = async (id: string) => findEveryVerse(await studySource(), id);

export const loadCommentaryChapter = async (id: string, bookRef: string, chapter: number) =>
	commentaryChapter(await studySource(), id, bookRef, chapter);

/** A chapter's words in the Greek New Testament or the Hebrew Bible, or undefined. */
export const loadOriginalChapter = async (text: OriginalText, bookRef: string, chapter: number) =>
	originalChapter(await studySource(), text, bookRef, chapter);

/** A KJV chapter with the Greek or Hebrew words under each verse, or undefined. */
export const loadInterlinearChapter = async (bookRef: string, chapter: number) =>
	interlinearChapter(await studySource(), bookRef, chapter);
