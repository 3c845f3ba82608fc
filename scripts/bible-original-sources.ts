// Reads the original-language sources as they were copied into shared/data/original-languages/
// (see its README): MorphGNT's SBLGNT (one word a line), its lexicon (lexemes.yaml), the OSHB's
// Westminster Leningrad Codex (OSIS XML per book) and the OSHB lexicon's LexicalIndex.xml.
// scripts/bible-original-data.ts turns what these return into the demo texts and the study data;
// the unit tests read the sources through here too, to compare what the demo serves with them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SaxesParser } from 'saxes';
import { parse as parseYaml } from 'yaml';
import { KJV_BOOKS } from '../src/lib/fakes/bible/books';

/** Where the sources are: beside the repository, as on every machine of this project and in CI. */
export const ORIGINAL_SOURCES_DIR = resolve(
	process.env.ORIGINAL_LANGUAGES_DIR ??
		resolve(import.meta.dirname, '../../shared/data/original-languages')
);

export interface GreekWordSource {
	/** MorphGNT's part of speech ("V-", "N-", "RA"). */
	pos: string;
	/** The eight-place parsing code ("3AAI-S--"). */
	code: string;
	/** The word with its punctuation, as the text prints it ("κόσμον,"). */
	text: string;
	/** The word without punctuation ("κόσμον"). */
	word: string;
	lemma: string;
}

export interface SourceVerse<W> {
	verse: number;
	/** The verse as the text reads, unchanged. */
	text: string;
	words: W[];
}

export interface SourceBook<W> {
	ref: string;
	/** chapters[c - 1]: the chapter's verses in order. */
	chapters: SourceVerse<W>[][];
}

/** The 27 books of MorphGNT, "61-Mt-morphgnt.txt" … "87-Re-morphgnt.txt", in order. */
export function readMorphGnt(dir = join(ORIGINAL_SOURCES_DIR, 'morphgnt-sblgnt')) {
	const files = readdirSync(dir)
		.filter((f) => /^\d\d-\w+-morphgnt\.txt$/.test(f))
		.sort();
	if (files.length !== 27) throw new Error(`MorphGNT: ${files.length} books in ${dir}, not 27`);
	return files.map((file, i): SourceBook<GreekWordSource> => {
		const ref = KJV_BOOKS[39 + i]!.ref;
		const chapters: SourceVerse<GreekWordSource>[][] = [];
		let last: SourceVerse<GreekWordSource> | undefined;
		for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
			if (!line) continue;
			const cols = line.split(' ');
			if (cols.length !== 7) throw new Error(`${file}: not seven columns: ${line}`);
			const [bcv, pos, code, text, word, , lemma] = cols as [string, ...string[]];
			const c = Number(bcv.slice(2, 4));
			const v = Number(bcv.slice(4, 6));
			const chapter = (chapters[c - 1] ??= []);
			if (last?.verse !== v || chapter.at(-1) !== last) {
				last = { verse: v, text: '', words: [] };
				chapter.push(last);
			}
			last.words.push({ pos: pos!, code: code!, text: text!, word: word!, lemma: lemma! });
		}
		for (const chapter of chapters)
			for (const verse of chapter ?? []) verse.text = verse.words.map((w) => w.text).join(' ');
		return { ref, chapters };
	});
}

export interface GreekLexeme {
	strongs: number[];
	gloss: string;
}

/** lexemes.yaml: each lemma's Strong's numbers and gloss. */
export function readGreekLexicon(
	file = join(ORIGINAL_SOURCES_DIR, 'morphgnt-lexicon/lexemes.yaml')
): Map<string, GreekLexeme> {
	const raw = parseYaml(readFileSync(file, 'utf8')) as Record<
		string,
		{ strongs?: number | number[]; gloss?: string } | null
	>;
	const out = new Map<string, GreekLexeme>();
	for (const [lemma, entry] of Object.entries(raw)) {
		const strongs = entry?.strongs;
		out.set(lemma, {
			strongs: strongs === undefined ? [] : Array.isArray(strongs) ? strongs : [strongs],
			gloss: String(entry?.gloss ?? '')
		});
	}
	return out;
}

export interface HebrewWordSource {
	/** As written, with "/" between its parts ("בְּ/רֵאשִׁ֖ית"). */
	form: string;
	/** OSHB's lemma: prefixes and the augmented Strong's number ("b/7225", "1254 a"). */
	lemma: string;
	/** OSHB's morphology ("HR/Ncfsa"). */
	morph: string;
	/** A word written one way and read another: the reading (qere). */
	qere?: HebrewWordSource;
}

/** One book of the WLC (`wlc/Gen.xml`): each verse's text as printed, and its words. */
export function readOshbBook(ref: string, dir = join(ORIGINAL_SOURCES_DIR, 'oshb-wlc/wlc')) {
	const xml = readFileSync(join(dir, `${ref}.xml`), 'utf8');
	const parser = new SaxesParser({ xmlns: true });
	const chapters: SourceVerse<HebrewWordSource>[][] = [];
	let verse: (SourceVerse<HebrewWordSource> & { parts: string[] }) | undefined;
	let word: { attrs: Record<string, string>; text: string; inNote: boolean } | undefined;
	let noteDepth = 0;
	let segDepth = 0;
	parser.on('opentag', (tag) => {
		const attrs = Object.fromEntries(
			Object.values(tag.attributes).map((a) => [a.local, a.value])
		) as Record<string, string>;
		if (tag.local === 'verse') {
			const m = /^\w+\.(\d+)\.(\d+)$/.exec(attrs.osisID ?? '');
			if (!m) throw new Error(`${ref}: verse ${attrs.osisID}`);
			verse = { verse: Number(m[2]), text: '', words: [], parts: [] };
			(chapters[Number(m[1]) - 1] ??= []).push(verse);
		} else if (!verse) return;
		else if (tag.local === 'note') noteDepth++;
		else if (tag.local === 'w') word = { attrs, text: '', inNote: noteDepth > 0 };
		else if (tag.local === 'seg' && !word && !noteDepth) segDepth++;
	});
	parser.on('text', (text) => {
		if (!verse) return;
		if (word) word.text += text;
		else if (noteDepth) return;
		else if (segDepth) verse.parts.push(text);
		else if (/\s/.test(text)) verse.parts.push(' ');
	});
	parser.on('closetag', (tag) => {
		if (!verse) return;
		if (tag.local === 'verse') {
			verse.text = verse.parts.join('').replace(/\s+/g, ' ').trim();
			delete (verse as { parts?: string[] }).parts;
			verse = undefined;
		} else if (tag.local === 'note') noteDepth--;
		else if (tag.local === 'seg' && !word && segDepth) segDepth--;
		else if (tag.local === 'w' && word) {
			const w: HebrewWordSource = {
				form: word.text,
				lemma: word.attrs.lemma ?? '',
				morph: word.attrs.morph ?? ''
			};
			if (word.inNote) {
				// The reading of the word just before: <note type="variant"><rdg type="x-qere"><w>.
				const written = verse.words.at(-1);
				if (written) written.qere = w;
			} else {
				verse.words.push(w);
				verse.parts.push(shown(w.form));
			}
			word = undefined;
		}
	});
	parser.write(xml).close();
	return { ref, chapters } satisfies SourceBook<HebrewWordSource>;
}

const shown = (form: string) => form.replaceAll('/', '');

/** The 39 books of the WLC, in the order of the English Bible (as the other translations). */
export const readOshb = (dir?: string) =>
	KJV_BOOKS.slice(0, 39).map((b) => readOshbBook(b.ref, dir));

export interface HebrewLexeme {
	lemma: string;
	xlit: string;
	gloss: string;
}

/**
 * LexicalIndex.xml: each entry with a Strong's number, keyed as OSHB lemmas are ("7225",
 * "1254 a"; the prefixes "b", "c", …). A number with several entries is also keyed bare, by its
 * first entry.
 */
export function readHebrewLexicon(
	file = join(ORIGINAL_SOURCES_DIR, 'oshb-lexicon/LexicalIndex.xml')
): Map<string, HebrewLexeme> {
	const out = new Map<string, HebrewLexeme>();
	const parser = new SaxesParser({ xmlns: true });
	let entry: { lemma: string; xlit: string; gloss: string; keys: string[] } | undefined;
	let field: 'w' | 'def' | undefined;
	parser.on('opentag', (tag) => {
		const attr = (name: string) =>
			Object.values(tag.attributes).find((a) => a.local === name)?.value;
		if (tag.local === 'entry') entry = { lemma: '', xlit: '', gloss: '', keys: [] };
		else if (!entry) return;
		else if (tag.local === 'w' && !entry.lemma) {
			field = 'w';
			entry.xlit = attr('xlit') ?? '';
		} else if (tag.local === 'def' && !entry.gloss) field = 'def';
		else if (tag.local === 'xref') {
			const strong = attr('strong');
			const aug = attr('aug');
			if (strong) entry.keys.push(aug ? `${strong} ${aug}` : strong, strong);
		}
	});
	parser.on('text', (text) => {
		if (!entry || !field) return;
		if (field === 'w') entry.lemma += text;
		else entry.gloss += text;
	});
	parser.on('closetag', (tag) => {
		if (tag.local === 'w' || tag.local === 'def') field = undefined;
		else if (tag.local === 'entry' && entry) {
			const value = { lemma: entry.lemma.trim(), xlit: entry.xlit, gloss: entry.gloss.trim() };
			for (const key of entry.keys) if (!out.has(key)) out.set(key, value);
			entry = undefined;
		}
	});
	parser.write(readFileSync(file, 'utf8')).close();
	return out;
}
