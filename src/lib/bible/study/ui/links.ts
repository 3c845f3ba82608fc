// Where a study tool's verse opens: the reader's chapter page, at the verse.
import { resolve } from '$app/paths';
import type { VerseRef } from '../strongs';

export type VerseHref = (ref: VerseRef) => string;

/** The reader's page for a verse of a translation ("KJV" by default: the study text is the KJV). */
export const readerHref =
	(bible = 'KJV'): VerseHref =>
	({ bookRef, chapter, verse }) =>
		`${resolve('/(areas)/bible/[bible]/[book]/[chapter]', {
			bible,
			book: bookRef,
			chapter: String(chapter)
		})}#v${verse}`;
