import { canonBook } from './books';
import type { VerseRef } from './format';

/** "John 3:16", with the canon's English name (the translation's own names are not known here). */
export function refName(r: VerseRef, bookName?: string): string {
	return `${bookName ?? canonBook(r.book)?.name ?? r.book} ${r.chapter}:${r.verse}`;
}
