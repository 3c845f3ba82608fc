// The interlinear of a KJV chapter: under each verse the Greek (New Testament) or Hebrew (Old
// Testament) words in the text's order, each with its lemma's gloss, and, through the KJV's
// Strong's numbers, which English words translate which original word: both carry the same
// number. Verses are paired by number, and only in a chapter both texts number alike (the Hebrew
// Bible numbers some chapters otherwise: Joel 2, the Psalms with titles).
import type { VersePiece } from '../study/format';
import type { StudySource } from '../study/source';
import { strongsChapter } from '../study/strongs';
import {
	LEXICON_CHUNK,
	lexiconChunk,
	shownForm,
	type LexiconRow,
	type OriginalText,
	type OriginalWord
} from './format';
import { originalDir } from './split';
import { hasOriginalBook, originalChapter } from './words';

export interface InterlinearWord {
	/** As written, its parts joined. */
	form: string;
	/** The lemma's short English gloss ("" when the source gives no lemma). */
	gloss: string;
	/** Its lemma's Strong's numbers ("G25"); empty when it has none. */
	strongs: string[];
}

export interface InterlinearChapter {
	text: OriginalText;
	/** english[v - 1]: the KJV verse's pieces, tagged words with their numbers. */
	english: VersePiece[][];
	/** original[v - 1]: the verse's original words in order (empty: the text has no such verse). */
	original: InterlinearWord[][];
	/** Whether both texts number this chapter's verses alike; if not, `original` is empty. */
	sameVerses: boolean;
}

/** Which text a book's original words are in: the Greek New Testament, else the Hebrew Bible. */
export const originalTextOf = (source: StudySource, bookRef: string): OriginalText | undefined =>
	hasOriginalBook(source, 'SBLGNT', bookRef)
		? 'SBLGNT'
		: hasOriginalBook(source, 'WLC', bookRef)
			? 'WLC'
			: undefined;

/**
 * The lexicon rows the words name, by row (one file read per LEXICON_CHUNK rows). The files are
 * looked into, not copied: a chapter names a few hundred rows of thousands.
 */
async function lexiconRows(
	source: StudySource,
	text: OriginalText,
	words: readonly OriginalWord[]
): Promise<(row: number) => LexiconRow | undefined> {
	const chunks = [...new Set(words.filter((w) => w[1] >= 0).map((w) => lexiconChunk(w[1])))];
	const files = await Promise.all(
		chunks.map(
			(n) => source.read(`${originalDir(text)}/lexicon/${n}.json`) as Promise<LexiconRow[]>
		)
	);
	const byChunk = new Map(chunks.map((n, i) => [n, files[i]!]));
	return (row) => (row < 0 ? undefined : byChunk.get(lexiconChunk(row))?.[row % LEXICON_CHUNK]);
}

/** A KJV chapter with its original words; undefined when the KJV or the original lacks it. */
export async function interlinearChapter(
	source: StudySource,
	bookRef: string,
	chapter: number
): Promise<InterlinearChapter | undefined> {
	const text = originalTextOf(source, bookRef);
	if (!text) return undefined;
	const [english, found] = await Promise.all([
		strongsChapter(source, bookRef, chapter),
		originalChapter(source, text, bookRef, chapter)
	]);
	if (!english || !found) return undefined;
	const sameVerses = english.length === found.verses.length;
	if (!sameVerses) return { text, english, original: [], sameVerses };
	const rowAt = await lexiconRows(source, text, found.verses.flat());
	const original = found.verses.map((verse) =>
		verse.map(([form, row]): InterlinearWord => {
			const lemma = rowAt(row);
			return {
				form: shownForm(form),
				gloss: lemma?.[2] ?? '',
				strongs: lemma?.[1].split(' ').filter(Boolean) ?? []
			};
		})
	);
	return { text, english, original, sameVerses };
}

/** Whether a word carrying `strongs` is lit when the numbers `lit` are. */
export const isLit = (strongs: readonly string[] | undefined, lit: readonly string[]) =>
	!!strongs?.some((id) => lit.includes(id));
