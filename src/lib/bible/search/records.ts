// What the search engine takes and answers, and the checks on what it reads from IndexedDB.
import type { BibleDetail, Book } from '../schemas';
import type { ParsedQuery, Testament } from './query';
import type { Snapshot } from './verse-index';
import type { Hit } from './verse-match';

export interface SearchRequest {
	query: ParsedQuery;
	/** "el" finds "él" too. */
	loose: boolean;
	/** Only this translation (its ref); all stored ones when left out. */
	translation?: string;
	/** A book's ref or name. */
	book?: string;
	testament?: Testament;
	/** How many hits come back with their text (all are counted). */
	limit: number;
}

export interface Coverage {
	bibleRef: string;
	name: string;
	/** Chapters searched (stored on this device). */
	chapters: number;
	/** Chapters the translation has, when its book list is stored. */
	total?: number;
}

export interface SearchHit extends Hit {
	bibleRef: string;
	bookName: string;
}

export type SearchAnswer =
	| { ok: true; hits: SearchHit[]; total: number; coverage: Coverage[] }
	| { ok: false; message: string };

/** The New Testament's OSIS refs; other refs fall back to the book's place after Matthew. */
export const NT = new Set(
	'Matt Mark Luke John Acts Rom 1Cor 2Cor Gal Eph Phil Col 1Thess 2Thess 1Tim 2Tim Titus Phlm Heb Jas 1Pet 2Pet 1John 2John 3John Jude Rev'.split(
		' '
	)
);

export const bookKey = (s: string) => s.toLowerCase().replace(/[\s.]+/g, '');

export function isSnapshot(raw: unknown): raw is Snapshot {
	const s = raw as Partial<Snapshot> | undefined;
	return (
		!!s &&
		s.v === 3 &&
		Array.isArray(s.chapters) &&
		s.chapters.every((c) => typeof c === 'string') &&
		Array.isArray(s.verses) &&
		s.verses.length === s.chapters.length &&
		s.verses.every((v) => typeof v === 'string') &&
		typeof s.accents === 'boolean' &&
		typeof s.terms === 'string' &&
		s.offsets instanceof Uint32Array &&
		s.docs instanceof Uint32Array
	);
}

/** Roughly the bytes a saved index takes (a UTF-16 string counted at a byte a character). */
export const snapshotBytes = (s: Snapshot) =>
	s.terms.length + s.offsets.byteLength + s.docs.byteLength + JSON.stringify(s.chapters).length;

/** The answer for a translation asked for by name that this device does not keep. */
export function notStoredAnswer(bibleRef: string, detail: BibleDetail | undefined): SearchAnswer {
	return {
		ok: true,
		hits: [],
		total: 0,
		coverage: [
			{
				bibleRef,
				name: detail?.name ?? bibleRef,
				chapters: 0,
				total: detail?.books.reduce((n, b) => n + b.chaptersCount, 0)
			}
		]
	};
}

export interface ChapterRecord {
	bookRef: string;
	chapter: number;
	verses: { ref: string; text: string }[];
}

/** A stored chapter as the cache writes it; anything else is skipped (the reader drops it too). */
export function asRecord(raw: unknown): ChapterRecord | undefined {
	const r = raw as {
		bookRef?: unknown;
		chapter?: unknown;
		data?: { verses?: unknown };
	} | null;
	if (!r || typeof r.bookRef !== 'string' || typeof r.chapter !== 'number') return undefined;
	const verses = r.data?.verses;
	if (!Array.isArray(verses)) return undefined;
	const ok = verses.every(
		(v: { ref?: unknown; text?: unknown }) =>
			typeof v?.ref === 'string' && typeof v.text === 'string'
	);
	return ok ? { bookRef: r.bookRef, chapter: r.chapter, verses } : undefined;
}

/**
 * The books a search may look in (undefined: all), from its Book and Testament choices; `found`
 * says whether the Book named one of these books.
 */
export function allowedBooks(
	books: readonly Book[],
	request: Pick<SearchRequest, 'book' | 'testament'>
): { allowed?: Set<string>; found: boolean } {
	let allowed: Set<string> | undefined;
	let found = false;
	if (request.book !== undefined) {
		const want = bookKey(request.book);
		const match = books.find((b) => bookKey(b.ref) === want || bookKey(b.name) === want);
		allowed = new Set(match ? [match.ref] : []);
		found = !!match;
	}
	if (request.testament) {
		const matt = books.findIndex((b) => b.ref === 'Matt' || /^matt/i.test(b.name));
		const inNT = (ref: string, i: number) => NT.has(ref) || (matt >= 0 && i >= matt);
		const these = books
			.filter((b, i) => inNT(b.ref, i) === (request.testament === 'NT'))
			.map((b) => b.ref);
		allowed = new Set(allowed ? these.filter((r) => allowed!.has(r)) : these);
	}
	return { allowed, found };
}
