// Chapters of a made-up translation, stored through the chapter cache as the reader and the
// downloader store them: the search engine tests build their Bibles with these.
import { bibleCache } from '$lib/bible/offline/cache';
import type { Chapter } from '$lib/bible/schemas';

/** Verse texts by book, then chapter (chapter 1 first), then verse. */
export type Text = Record<string, string[][]>;

/** A chapter as the API sends it, its verses numbered from 1. */
export const chapter = (verses: string[], c: number): Chapter => ({
	apiUrl: 'x',
	ref: c,
	verses: verses.map((text, i) => ({ ref: String(i + 1), text }))
});

/** Stores every chapter of `text` for `bibleRef`, each counted as `bytes` received. */
export async function storeText(
	apiRoot: string,
	bibleRef: string,
	text: Text,
	bytes = 1
): Promise<void> {
	for (const [book, chapters] of Object.entries(text))
		await bibleCache(apiRoot).putMany(
			bibleRef,
			chapters.map((verses, i) => ({
				bookRef: book,
				chapter: i + 1,
				data: chapter(verses, i + 1),
				bytes
			}))
		);
}
