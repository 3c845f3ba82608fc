// The demo Bible's data as it ships to the browser: a small index, and one file per book of each
// translation folder. Built from the packages at build time (scripts/demo-bible-plugin.ts) and, the
// same way, in memory for the Node fake servers and unit tests.
import type { FakeBook } from './kjv-data';

/** A translation's list fields (BI-LIST-1), as the demo serves them. */
export interface BibleEntry {
	copytightInfo: string;
	langId: string;
	language: string;
	name: string;
	publisher: string;
	ref: string;
}

export interface DemoBookEntry {
	ref: string;
	name: string;
	chaptersCount: number;
	/** The book's file under the demo data folder, e.g. "KJV/John.json". */
	file: string;
	/** The file's size in bytes, uncompressed: progress for a large book. */
	bytes: number;
}

export interface DemoTranslation extends BibleEntry {
	books: DemoBookEntry[];
}

export interface DemoIndex {
	translations: DemoTranslation[];
}

/** One book's file: chapters[c - 1][v - 1] is the text of verse c:v, exactly as its source has it. */
export interface DemoBookFile {
	ref: string;
	chapters: string[][];
}

/**
 * A translation the demo serves: its list entry and the folder of book files it reads. Another
 * translation is another folder (its text source in node-sources.ts) and one more entry here.
 */
export interface DemoTranslationSpec {
	entry: BibleEntry;
	folder: string;
	/** Only these books of the folder, in this order (all of them when left out). */
	books?: readonly string[];
}

const utf8 = new TextEncoder();

/** Splits each folder's text into one JSON file per book and indexes the translations over them. */
export function buildDemoData(
	texts: ReadonlyMap<string, readonly FakeBook[]>,
	specs: readonly DemoTranslationSpec[]
): { index: DemoIndex; files: Map<string, string> } {
	const files = new Map<string, string>();
	const entries = new Map<string, DemoBookEntry>();
	for (const [folder, books] of texts) {
		for (const book of books) {
			const file = `${folder}/${book.ref}.json`;
			const body: DemoBookFile = { ref: book.ref, chapters: book.chapters };
			const text = JSON.stringify(body);
			files.set(file, text);
			entries.set(file, {
				ref: book.ref,
				name: book.name,
				chaptersCount: book.chapters.length,
				file,
				bytes: utf8.encode(text).length
			});
		}
	}
	const translations = specs.map((spec) => {
		const folder = texts.get(spec.folder);
		if (!folder) throw new Error(`No text for the demo folder ${spec.folder}`);
		const refs = spec.books ?? folder.map((b) => b.ref);
		const books = refs.map((ref) => {
			const entry = entries.get(`${spec.folder}/${ref}.json`);
			if (!entry) throw new Error(`No book ${ref} in the demo folder ${spec.folder}`);
			return entry;
		});
		return { ...spec.entry, books };
	});
	return { index: { translations }, files };
}

/**
 * What the reader knows before the demo loads, by ref: translation and book names, and each book's
 * file (so its download can start beside the demo's code). A translation whose books are all
 * named as the same books of an earlier one (the Greek and Hebrew texts, named in English) says
 * whose names it shares, and lists no files: its books are not fetched ahead, and its names and
 * URLs cost the reader's first load nothing.
 */
export type DemoNames = Record<
	string,
	| { name: string; books: Record<string, { name: string; file: string }> }
	| { name: string; booksNamedAs: string }
>;

/** The Greek and Hebrew texts (scripts/bible-original-data.ts): their book files only the demo service names, not the reader's first load. */
export const ORIGINAL_FOLDERS: readonly string[] = ['SBLGNT', 'WLC'];

export function demoNames(index: DemoIndex): DemoNames {
	const out: DemoNames = {};
	for (const t of index.translations) {
		const late = t.books.some((b) => ORIGINAL_FOLDERS.some((f) => b.file.startsWith(`${f}/`)));
		const same = late
			? index.translations.find(
					(o) =>
						o !== t &&
						!o.books.some((b) => ORIGINAL_FOLDERS.some((f) => b.file.startsWith(`${f}/`))) &&
						t.books.every((b) => o.books.some((ob) => ob.ref === b.ref && ob.name === b.name))
				)
			: undefined;
		if (late && !same) throw new Error(`${t.ref}: its book names are not another translation's`);
		out[t.ref] = same
			? { name: t.name, booksNamedAs: same.ref }
			: {
					name: t.name,
					books: Object.fromEntries(t.books.map((b) => [b.ref, { name: b.name, file: b.file }]))
				};
	}
	return out;
}

/** The list fields of a translation, without its books. */
export function listEntry({ books: _books, ...entry }: DemoTranslation): BibleEntry {
	return entry;
}
