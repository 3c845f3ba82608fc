// The study data's forms: what scripts/bible-study-data.ts writes (data/bible-study/*.json.br),
// what scripts/bible-study-plugin.ts splits into the files the browser loads, and how a verse
// with Strong's numbers is read back.

/** The KJV with Strong's numbers; each verse in the compact form `kjvStrongsVerse` writes. */
export interface KjvStrongsFile {
	source: string;
	books: KjvStrongsBook[];
}
export interface KjvStrongsBook {
	/** OSIS book ref: "Gen", "John", "1John". */
	ref: string;
	/** chapters[c - 1][v - 1]: `In the {beginning|H7225} {God|H430}…`; added words `[are]`. */
	chapters: string[][];
}

/** [number, lemma, transliteration, pronunciation, derivation and definition]. */
export type DictionaryRow = [number, string, string, string, string];
export interface DictionaryFile {
	source: string;
	entries: DictionaryRow[];
}

/** [first verse, last verse, text in paragraphs separated by a blank line]. */
export type CommentaryRange = [number, number, string];
export interface CommentaryFile {
	source: string;
	name: string;
	books: CommentaryBook[];
}
export interface CommentaryBook {
	ref: string;
	/** chapters[c - 1]: the chapter's ranges in order (empty: no comment on it). */
	chapters: CommentaryRange[][];
}

/** [label, OSIS references separated by spaces ("Exod.6.16-Exod.6.20 Num.17")]. */
export type TopicEntry = [string, string];
/** [name, entries, names of related topics]. */
export type TopicRow = [string, TopicEntry[], string[]];
export interface TopicsFile {
	source: string;
	topics: TopicRow[];
}

/** A piece of a verse: plain text, or words tagged with Strong's numbers ("G25", "H430"). */
export interface VersePiece {
	text: string;
	strongs?: string[];
	/** Words the translators added (printed in italics). */
	added?: boolean;
}

/** Reads a verse's compact form back into pieces; `[added]` words become their own pieces. */
export function parseStrongsVerse(compact: string): VersePiece[] {
	const pieces: VersePiece[] = [];
	const plain = (text: string) => {
		for (const [i, part] of text.split(/\[([^\]]*)\]/).entries())
			if (part) pieces.push(i % 2 ? { text: part, added: true } : { text: part });
	};
	let at = 0;
	for (const m of compact.matchAll(/\{([^|}]*)\|([^}]*)\}/g)) {
		plain(compact.slice(at, m.index));
		const words = m[1]!;
		const strongs = m[2]!.split(' ').filter(Boolean);
		const added = /^\[.*\]$/.test(words);
		pieces.push({
			text: added ? words.slice(1, -1) : words.replace(/[[\]]/g, ''),
			strongs,
			...(added ? { added } : {})
		});
		at = m.index + m[0].length;
	}
	plain(compact.slice(at));
	return pieces;
}

/** The verse's plain text, added words in brackets as the KJV prints them elsewhere in the app. */
export function plainVerse(compact: string): string {
	return compact.replace(/\{([^|}]*)\|[^}]*\}/g, '$1');
}

/** "g25", "G0025", "H430" → "G25" / "H430"; anything else → undefined. */
export function normalizeStrongs(raw: string): string | undefined {
	const m = /^\s*([GH])0*(\d{1,5})\s*$/i.exec(raw);
	if (!m || Number(m[2]) === 0) return undefined;
	return `${m[1]!.toUpperCase()}${Number(m[2])}`;
}

/** Numbers per dictionary file: G1–G499 are in "G-0", G500–G999 in "G-1", … */
export const DICTIONARY_CHUNK = 500;
export const dictionaryChunk = (id: string) =>
	`${id.slice(0, 1)}-${Math.floor(Number(id.slice(1)) / DICTIONARY_CHUNK)}`;

/** Topics are split by their first letter (anything else: "0"). */
export const topicChunk = (name: string) => {
	const c = name.trim()[0]?.toUpperCase() ?? '0';
	return /[A-Z]/.test(c) ? c : '0';
};
