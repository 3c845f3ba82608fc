// Extracts the Greek New Testament (SBLGNT with MorphGNT's lemmas and parsing) and the Hebrew
// Bible (the Westminster Leningrad Codex with the OSHB's lemmas and morphology) from
// shared/data/original-languages/ (its README names each source's snapshot and licence):
//   data/demo-bible/SBLGNT.json.br, WLC.json.br    the texts the demo Bible serves, verse by verse,
//                                                  unchanged (src/lib/fakes/bible/node-sources.ts)
//   data/bible-study/original-sblgnt.json.br, original-wlc.json.br
//                                                  each verse's words: form, lemma, parsing code,
//                                                  and the lexicon of lemmas with Strong's numbers,
//                                                  glosses and transliterations
//                                                  (src/lib/bible/original/format.ts)
// Run by hand (`npm run bible-original-data`), not by the build or CI, like `npm run
// bible-study-data`; its output is committed. The sources are read from
// ../shared/data/original-languages (or ORIGINAL_LANGUAGES_DIR).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { transliterateGreek } from '../src/lib/bible/original/greek-translit';
import type { LexiconRow, OriginalFile, OriginalWord } from '../src/lib/bible/original/format';
import type { DictionaryFile } from '../src/lib/bible/study/format';
import { KJV_BOOKS } from '../src/lib/fakes/bible/books';
import type { FakeBook } from '../src/lib/fakes/bible/kjv-data';
import {
	readGreekLexicon,
	readHebrewLexicon,
	readMorphGnt,
	readOshb,
	type GreekWordSource,
	type HebrewWordSource,
	type SourceBook
} from './bible-original-sources';

export const GREEK_SOURCE =
	'MorphGNT SBLGNT 6.12 (github.com/morphgnt/sblgnt, commit aaed91e) and the MorphGNT morphological lexicon';
export const HEBREW_SOURCE =
	'Open Scriptures Hebrew Bible (github.com/openscriptures/morphhb, commit d0b5c35) and its lexicon (github.com/openscriptures/HebrewLexicon)';

function write(file: string, value: unknown): void {
	const json = JSON.stringify(value);
	const packed = brotliCompressSync(json, {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: 11,
			[constants.BROTLI_PARAM_SIZE_HINT]: json.length
		}
	});
	writeFileSync(file, packed);
	console.log(`${file}: ${json.length} bytes of JSON, ${packed.length} compressed`);
}

const readBr = <T>(file: string): T =>
	JSON.parse(brotliDecompressSync(readFileSync(file)).toString('utf8')) as T;

/** A text's books as the demo serves them: chapters[c - 1][v - 1], "" where a verse is not in it. */
function texts<W>(books: SourceBook<W>[]): FakeBook[] {
	return books.map((b) => ({
		ref: b.ref,
		name: KJV_BOOKS.find((k) => k.ref === b.ref)!.name,
		chapters: b.chapters.map((verses) => {
			const out = Array.from({ length: Math.max(...verses.map((v) => v.verse)) }, () => '');
			for (const v of verses) out[v.verse - 1] = v.text;
			return out;
		})
	}));
}

/** Words by verse, as format.ts has them, with the codes and lexicon rows they point to. */
function wordsOf<W>(
	books: SourceBook<W>[],
	codeOf: (w: W) => string,
	lemmaOf: (w: W) => number,
	form: (w: W) => string,
	qere: (w: W) => W | undefined
) {
	const codes: string[] = [];
	const codeIndex = new Map<string, number>();
	const code = (w: W) => {
		const c = codeOf(w);
		let i = codeIndex.get(c);
		if (i === undefined) codeIndex.set(c, (i = codes.push(c) - 1));
		return i;
	};
	const word = (w: W): OriginalWord => {
		const q = qere(w);
		const own: [string, number, number] = [form(w), lemmaOf(w), code(w)];
		return q ? [...own, word(q)] : own;
	};
	const out = books.map((b) => ({
		ref: b.ref,
		chapters: b.chapters.map((verses) => {
			const list: OriginalWord[][] = Array.from(
				{ length: Math.max(...verses.map((v) => v.verse)) },
				() => []
			);
			for (const v of verses) list[v.verse - 1] = v.words.map(word);
			return list;
		})
	}));
	return { codes, books: out };
}

/** Greek letters without accents or breathings, lower case: how two spellings of a lemma meet. */
const bare = (s: string) =>
	s
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.replace(/\(.*?\)/g, '')
		.toLowerCase();

function greek(dictionary: DictionaryFile): OriginalFile {
	const books = readMorphGnt();
	const lexemes = readGreekLexicon();
	// A lemma the lexicon gives no number: Strong's dictionary's word of the same letters.
	const byLetters = new Map<string, number>();
	for (const [n, lemma] of dictionary.entries)
		if (!byLetters.has(bare(lemma))) byLetters.set(bare(lemma), n);
	const lemmas = [
		...new Set(books.flatMap((b) => b.chapters.flat().flatMap((v) => v.words.map((w) => w.lemma))))
	].sort((a, b) => a.localeCompare(b, 'el'));
	const joined = { lexicon: 0, dictionary: 0, none: [] as string[] };
	const lexicon = lemmas.map((lemma): LexiconRow => {
		const entry = lexemes.get(lemma);
		let strongs = (entry?.strongs ?? []).map((n) => `G${n}`).join(' ');
		if (strongs) joined.lexicon++;
		else {
			const n = byLetters.get(bare(lemma));
			if (n) {
				strongs = `G${n}`;
				joined.dictionary++;
			} else joined.none.push(lemma);
		}
		return [lemma, strongs, entry?.gloss ?? '', transliterateGreek(lemma)];
	});
	console.log(
		`Greek: ${lemmas.length} lemmas; Strong's from the lexicon ${joined.lexicon}, from the dictionary's spelling ${joined.dictionary}, none ${joined.none.length}: ${joined.none.join(' ')}`
	);
	const row = new Map(lemmas.map((l, i) => [l, i]));
	const { codes, books: words } = wordsOf<GreekWordSource>(
		books,
		(w) => `${w.pos} ${w.code}`,
		(w) => row.get(w.lemma)!,
		(w) => w.word,
		() => undefined
	);
	write('data/demo-bible/SBLGNT.json.br', { source: GREEK_SOURCE, books: texts(books) });
	return { text: 'SBLGNT', source: GREEK_SOURCE, codes, lexicon, books: words };
}

/** An OSHB lemma's word: the last part ("b/7225" → "7225", "1254 a"). */
const mainLemma = (lemma: string) => lemma.split('/').at(-1)!.trim();

function hebrew(dictionary: DictionaryFile): OriginalFile {
	const books = readOshb();
	const index = readHebrewLexicon();
	const all = (w: HebrewWordSource) => [w, ...(w.qere ? [w.qere] : [])];
	const keys = [
		...new Set(
			books.flatMap((b) =>
				b.chapters.flat().flatMap((v) => v.words.flatMap(all).map((w) => mainLemma(w.lemma)))
			)
		)
	]
		.filter((k) => /^\d+/.test(k))
		.sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b));
	const strongs = new Map(dictionary.entries.map((e) => [e[0], e]));
	const joined = { index: 0, dictionary: 0, none: [] as string[] };
	const lexicon = keys.map((key): LexiconRow => {
		const n = parseInt(key, 10);
		const found = index.get(key) ?? index.get(key.replace(/\+$/, '')) ?? index.get(String(n));
		if (found) {
			joined.index++;
			return [found.lemma, `H${n}`, found.gloss, found.xlit];
		}
		const entry = strongs.get(n);
		if (entry) {
			joined.dictionary++;
			return [entry[1], `H${n}`, '', entry[2]];
		}
		joined.none.push(key);
		return ['', `H${n}`, '', ''];
	});
	console.log(
		`Hebrew: ${keys.length} lemmas; from the lexical index ${joined.index}, from Strong's dictionary only ${joined.dictionary}, none ${joined.none.length}: ${joined.none.join(' ')}`
	);
	const row = new Map(keys.map((k, i) => [k, i]));
	const { codes, books: words } = wordsOf<HebrewWordSource>(
		books,
		(w) => w.morph,
		(w) => row.get(mainLemma(w.lemma)) ?? -1,
		(w) => w.form,
		(w) => w.qere
	);
	write('data/demo-bible/WLC.json.br', { source: HEBREW_SOURCE, books: texts(books) });
	return { text: 'WLC', source: HEBREW_SOURCE, codes, lexicon, books: words };
}

function main() {
	mkdirSync('data/demo-bible', { recursive: true });
	mkdirSync('data/bible-study', { recursive: true });
	const dict = (name: string) =>
		readBr<DictionaryFile>(join('data/bible-study', `${name}.json.br`));
	write('data/bible-study/original-sblgnt.json.br', greek(dict('strongs-greek')));
	write('data/bible-study/original-wlc.json.br', hebrew(dict('strongs-hebrew')));
}

main();
