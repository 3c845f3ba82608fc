// The original-language study data's forms: what scripts/bible-original-data.ts writes
// (data/bible-study/original-*.json.br), and the per-book files the build splits it into
// (split.ts). A verse's words are in the order the text has them; each carries its form, so the
// reader finds it in the verse's text as served (locate.ts) and never changes that text.

/** The two texts with words: the Greek New Testament and the Hebrew Bible. */
export type OriginalText = 'SBLGNT' | 'WLC';
export const ORIGINAL_TEXTS: readonly OriginalText[] = ['SBLGNT', 'WLC'];

export const isOriginalText = (ref: string): ref is OriginalText =>
	(ORIGINAL_TEXTS as readonly string[]).includes(ref);

export const languageOf = (text: OriginalText) => (text === 'SBLGNT' ? 'greek' : 'hebrew');

/**
 * A lemma of the text's lexicon: [lemma, Strong's numbers ("G25", "H7225"; several separated by
 * spaces; "" when it has none), a short English gloss, a transliteration].
 */
export type LexiconRow = [string, string, string, string];

/**
 * One word: [form as written, the lemma's row in the lexicon (-1: none), its parsing code's place
 * in the text's list of codes]. A Hebrew form keeps the source's "/" between prefixes, stem and
 * suffixes ("בְּ/רֵאשִׁ֖ית"); a Greek form is the word without its punctuation. A Hebrew word
 * written one way and read another (ketiv) carries the reading (qere) as a fourth element.
 */
export type OriginalWord = [string, number, number] | [string, number, number, OriginalWord];

export interface OriginalBook {
	/** OSIS ref: "Gen", "John". */
	ref: string;
	/** chapters[c - 1][v - 1]: the verse's words (empty: the text has no such verse). */
	chapters: OriginalWord[][][];
}

/** One text's whole extraction, as committed. */
export interface OriginalFile {
	text: OriginalText;
	/** Where it comes from, in words (for the text's information). */
	source: string;
	/** The distinct parsing codes: MorphGNT's part of speech and parsing ("V- 3AAI-S--"), OSHB's morph ("HR/Ncfsa"). */
	codes: string[];
	lexicon: LexiconRow[];
	books: OriginalBook[];
}

/** Lexicon rows per file of the split data. */
export const LEXICON_CHUNK = 1000;
export const lexiconChunk = (row: number) => Math.floor(row / LEXICON_CHUNK);
/** Lemmas per file of places (a common word has thousands). */
export const FORMS_CHUNK = 200;
export const formsChunk = (row: number) => Math.floor(row / FORMS_CHUNK);

/** A word's form as shown: the Hebrew parts joined ("בְּ/רֵאשִׁ֖ית" → "בְּרֵאשִׁ֖ית"). */
export const shownForm = (form: string) => form.replaceAll('/', '');

/** Without the Hebrew cantillation marks (accents), U+0591–U+05AF: the vowels and other points stay. */
export const withoutAccents = (text: string) => text.replace(/[\u0591-\u05AF]/g, '');
