// Nave's Topical Bible: find a topic by name, read its entries, and the verses they point to.
import { plainVerse, topicChunk, type TopicRow } from './format';
import type { StudySource } from './source';
import { kjvVerse, type VerseRef } from './strongs';

export interface Topic {
	name: string;
	entries: { label: string; refs: PassageRef[] }[];
	see: string[];
}

/** One reference of an entry: a verse, a range of verses, or a whole chapter. */
export interface PassageRef {
	/** As written in the data: "Exod.6.16-Exod.6.20", "Num.17". */
	osis: string;
	bookRef: string;
	chapter: number;
	/** Absent for a whole chapter. */
	from?: number;
	to?: number;
}

/** "Exod.6.16-Exod.6.20", "Ps.5.11", "Num.17" → a reference; undefined if unreadable. */
export function parsePassageRef(osis: string): PassageRef | undefined {
	const m = /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?(?:-\1\.(\d+)\.(\d+)|-\1\.\2\.(\d+))?$/.exec(
		osis
	);
	if (!m) return undefined;
	const chapter = Number(m[2]);
	const from = m[3] ? Number(m[3]) : undefined;
	// A range that ends in the next chapter is shown to the end of this one.
	const to = m[5] && Number(m[4]) === chapter ? Number(m[5]) : m[6] ? Number(m[6]) : from;
	return { osis, bookRef: m[1]!, chapter, ...(from ? { from, to } : {}) };
}

/** Topic names that match a query: names starting with it first, then names containing it. */
export async function searchTopics(
	source: StudySource,
	query: string,
	limit = 50
): Promise<{ names: string[]; total: number }> {
	const q = query.trim().toUpperCase();
	if (!q) return { names: [], total: 0 };
	const all = (await source.read('topics/names.json')) as string[];
	const starts = all.filter((n) => n.toUpperCase().startsWith(q));
	const contains = all.filter((n) => !n.toUpperCase().startsWith(q) && n.toUpperCase().includes(q));
	const names = [...starts, ...contains];
	return { names: names.slice(0, limit), total: names.length };
}

export async function readTopic(source: StudySource, name: string): Promise<Topic | undefined> {
	const file = `topics/${topicChunk(name)}.json`;
	if (!source.has(file)) return undefined;
	const rows = (await source.read(file)) as TopicRow[];
	const row = rows.find((r) => r[0] === name);
	if (!row) return undefined;
	return {
		name: row[0],
		entries: row[1].map(([label, refs]) => ({
			label,
			refs: refs
				.split(' ')
				.map(parsePassageRef)
				.filter((r) => r !== undefined)
		})),
		see: row[2]
	};
}

/** A reference's verses in the KJV, as plain text (added words in brackets); at most `max`. */
export async function passageVerses(
	source: StudySource,
	ref: PassageRef,
	max = 40
): Promise<{ verse: VerseRef; text: string }[]> {
	const out: { verse: VerseRef; text: string }[] = [];
	const last = ref.to ?? (ref.from === undefined ? max : ref.from);
	for (let v = ref.from ?? 1; v <= last && out.length < max; v++) {
		const verse = { bookRef: ref.bookRef, chapter: ref.chapter, verse: v };
		const text = await kjvVerse(source, verse);
		if (text === undefined) break;
		out.push({ verse, text: plainVerse(text) });
	}
	return out;
}
