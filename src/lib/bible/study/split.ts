// How the study data is split into the files the browser loads one at a time (written at build
// time by scripts/bible-study-plugin.ts; the unit tests split the same way in memory):
//   kjv/index.json            the books and their chapters' lengths (a verse's number in the KJV)
//   kjv/<Book>.json           a book of the KJV with Strong's numbers (KjvStrongsBook)
//   strongs/G-0.json …        dictionary entries, DICTIONARY_CHUNK numbers a file
//   strongs-verses/G-0.json … for each number of that range, the verses that have it
//   commentary/<id>/<Book>.json  a book of a commentary (CommentaryBook); a book over
//                             BOOK_FILE_LIMIT characters (the Treasury of David's Psalms, 11.8 MB)
//                             is split instead into commentary/<id>/<Book>/<chapter>.json, each
//                             the chapter's CommentaryRange[]
//   commentary/index.json     each commentary's name and the books it has
//   topics/names.json         every topic's name; topics/<Letter>.json the topics themselves
//   original/<TEXT>/…         the Greek and Hebrew texts' words (../original/split.ts)
import type { OriginalFile } from '../original/format';
import { splitOriginalData } from '../original/split';
import {
	dictionaryChunk,
	type CommentaryFile,
	type DictionaryFile,
	type DictionaryRow,
	type KjvStrongsFile,
	type TopicRow,
	type TopicsFile,
	topicChunk
} from './format';
import { encodeVerseList } from './verse-list';

export interface StudySources {
	kjv: KjvStrongsFile;
	greek: DictionaryFile;
	hebrew: DictionaryFile;
	/** By id: "mhcc", "scofield", "tdavid". */
	commentaries: Record<string, CommentaryFile>;
	topics: TopicsFile;
	/** The Greek New Testament's and the Hebrew Bible's words (none in some tests). */
	original?: OriginalFile[];
}

/** A commentary's book longer than this (JSON characters) is split by chapter. */
export const BOOK_FILE_LIMIT = 1_000_000;

export interface KjvIndex {
	books: { ref: string; chapters: number[] }[];
}

export interface CommentaryIndex {
	commentaries: { id: string; name: string; books: string[] }[];
}

export { decodeVerseList, encodeVerseList } from './verse-list';

export function splitStudyData(sources: StudySources): Map<string, unknown> {
	const files = new Map<string, unknown>();
	const { kjv } = sources;
	files.set('kjv/index.json', {
		books: kjv.books.map((b) => ({ ref: b.ref, chapters: b.chapters.map((c) => c.length) }))
	} satisfies KjvIndex);
	// Which verses have each number: built here, not stored, as it follows from the text.
	const verses = new Map<string, number[]>();
	let ordinal = 0;
	for (const book of kjv.books) {
		files.set(`kjv/${book.ref}.json`, book);
		for (const chapter of book.chapters)
			for (const verse of chapter) {
				for (const m of verse.matchAll(/\{[^|}]*\|([^}]*)\}/g))
					for (const id of m[1]!.split(' ')) {
						const list = verses.get(id) ?? [];
						if (list.at(-1) !== ordinal) list.push(ordinal);
						verses.set(id, list);
					}
				ordinal++;
			}
	}
	const chunks = new Map<string, Record<string, string>>();
	for (const [id, list] of [...verses].sort()) {
		const chunk = chunks.get(dictionaryChunk(id)) ?? {};
		chunk[id] = encodeVerseList(list);
		chunks.set(dictionaryChunk(id), chunk);
	}
	for (const [chunk, map] of chunks) files.set(`strongs-verses/${chunk}.json`, map);
	for (const [letter, dict] of [
		['G', sources.greek],
		['H', sources.hebrew]
	] as const) {
		const byChunk = new Map<string, DictionaryRow[]>();
		for (const row of dict.entries) {
			const chunk = dictionaryChunk(`${letter}${row[0]}`);
			if (!byChunk.has(chunk)) byChunk.set(chunk, []);
			byChunk.get(chunk)!.push(row);
		}
		for (const [chunk, entries] of byChunk) files.set(`strongs/${chunk}.json`, { entries });
	}
	const commentaryIndex: CommentaryIndex = { commentaries: [] };
	for (const [id, file] of Object.entries(sources.commentaries)) {
		for (const book of file.books) {
			if (JSON.stringify(book).length <= BOOK_FILE_LIMIT)
				files.set(`commentary/${id}/${book.ref}.json`, book);
			else
				book.chapters.forEach((ranges, c) =>
					files.set(`commentary/${id}/${book.ref}/${c + 1}.json`, ranges)
				);
		}
		commentaryIndex.commentaries.push({
			id,
			name: file.name,
			books: file.books.map((b) => b.ref)
		});
	}
	files.set('commentary/index.json', commentaryIndex);
	const letters = new Map<string, TopicRow[]>();
	for (const topic of sources.topics.topics) {
		const letter = topicChunk(topic[0]);
		if (!letters.has(letter)) letters.set(letter, []);
		letters.get(letter)!.push(topic);
	}
	files.set(
		'topics/names.json',
		sources.topics.topics.map((t) => t[0])
	);
	for (const [letter, topics] of letters) files.set(`topics/${letter}.json`, topics);
	for (const text of sources.original ?? [])
		for (const [file, value] of splitOriginalData(text)) files.set(file, value);
	return files;
}
