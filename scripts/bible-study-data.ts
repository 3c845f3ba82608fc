// Extracts the Bible study data into data/bible-study/*.json.br (Brotli JSON, committed): the KJV
// with Strong's numbers, Strong's Greek and Hebrew dictionaries, Matthew Henry's Concise, the
// Scofield Reference Notes and Spurgeon's Treasury of David (Psalms) as commentaries, and Nave's
// Topical Bible. Run by hand (`npm run bible-study-data`), not by the build or CI: it needs
// `apt-get install sword-text-kjv sword-dict-strongs-greek sword-dict-strongs-hebrew
// sword-comm-mhcc sword-comm-scofield sword-comm-tdavid sword-dict-naves`. The modules' files are read directly
// (scripts/bible-study-sword.ts), not through diatheke. scripts/bible-study-plugin.ts splits the
// output into the per-book files the browser loads.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { indexKjv } from '../src/lib/fakes/bible/kjv-data';
import { loadKjvVerses } from '../src/lib/fakes/bible/kjv-package';
import type {
	CommentaryFile,
	DictionaryFile,
	KjvStrongsFile,
	TopicsFile
} from '../src/lib/bible/study/format';
import { commentaryText, dictionaryEntry, kjvStrongsVerse, naveTopic } from './bible-study-osis';
import {
	readDictionary,
	readVerseModule,
	SWORD_ROOT,
	type Versification
} from './bible-study-sword';

const OUT_DIR = 'data/bible-study';

function write(name: string, value: unknown): void {
	const json = JSON.stringify(value);
	const packed = brotliCompressSync(json, {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: 11,
			[constants.BROTLI_PARAM_SIZE_HINT]: json.length
		}
	});
	writeFileSync(join(OUT_DIR, `${name}.json.br`), packed);
	console.log(`${name}.json.br: ${json.length} bytes of JSON, ${packed.length} compressed`);
}

function kjv(v11n: Versification): KjvStrongsFile {
	const verses = readVerseModule(`${SWORD_ROOT}/texts/ztext/engKJV2006eb`, 'b', 10, v11n);
	const books = v11n.map((b) => ({
		ref: b.ref,
		chapters: b.chapters.map((n) => Array.from({ length: n }, () => ''))
	}));
	const byRef = new Map(books.map((b) => [b.ref, b]));
	for (const v of verses)
		byRef.get(v.book)!.chapters[v.chapter - 1]![v.verse - 1] = kjvStrongsVerse(v.text);
	console.log(`KJV: ${verses.length} verses`);
	return { source: 'engKJV2006eb', books };
}

function dictionary(dir: string, source: string): DictionaryFile {
	const entries = readDictionary(`${SWORD_ROOT}/lexdict/zld/${dir}/dict`)
		.map((e) => dictionaryEntry(e.key, e.text))
		.filter((e) => e !== undefined)
		.sort((a, b) => a.n - b.n)
		// The Hebrew module holds H2200 twice, under two keys: once is enough.
		.filter((e, i, all) => e.n !== all[i - 1]?.n);
	return {
		source,
		entries: entries.map((e) => [e.n, e.lemma, e.translit, e.pron, e.def])
	};
}

function commentary(
	dir: string,
	prefix: 'b' | 'c',
	size: 10 | 12,
	v11n: Versification,
	source: string,
	name: string,
	sections = false
): CommentaryFile {
	const entries = readVerseModule(`${SWORD_ROOT}/comments/zcom/${dir}`, prefix, size, v11n);
	const books: CommentaryFile['books'] = [];
	// Verses that share one stored entry are one range of the commentary.
	let last:
		{ at: string; book: string; chapter: number; range: [number, number, string] } | undefined;
	for (const e of entries) {
		if (last && last.at === e.at && last.book === e.book && last.chapter === e.chapter) {
			last.range[1] = e.verse;
			continue;
		}
		const text = commentaryText(e.text);
		if (!text) continue;
		let book = books.at(-1);
		if (book?.ref !== e.book) books.push((book = { ref: e.book, chapters: [] }));
		const range: [number, number, string] = [e.verse, e.verse, text];
		(book.chapters[e.chapter - 1] ??= []).push(range);
		last = { at: e.at, book: e.book, chapter: e.chapter, range };
	}
	for (const b of books) for (let c = 0; c < b.chapters.length; c++) b.chapters[c] ??= [];
	// A commentary on sections (MHCC; the Treasury of David, a whole psalm at its verse 1) stores a
	// section once, at its first verses, and leaves the section's other verses empty: each range
	// runs to the next one, the last to the chapter's end.
	if (sections)
		for (const b of books) {
			const lengths = v11n.find((x) => x.ref === b.ref)!.chapters;
			b.chapters.forEach((ranges, c) =>
				ranges.forEach((r, i) => (r[1] = (ranges[i + 1]?.[0] ?? lengths[c]! + 1) - 1))
			);
		}
	return { source, name, books };
}

function topics(): TopicsFile {
	const list = readDictionary(`${SWORD_ROOT}/lexdict/zld/nave/nave`).map((e) => {
		const { entries, see } = naveTopic(e.text);
		return [e.key, entries, see] as TopicsFile['topics'][number];
	});
	return {
		source: 'Nave',
		topics: list.filter(([, entries, see]) => entries.length || see.length)
	};
}

async function main() {
	mkdirSync(OUT_DIR, { recursive: true });
	const v11n = indexKjv(await loadKjvVerses()).map((b) => ({
		ref: b.ref,
		chapters: b.chapters.map((c) => c.length)
	}));
	write('kjv-strongs', kjv(v11n));
	write('strongs-greek', dictionary('strongsgreek', 'StrongsGreek'));
	write('strongs-hebrew', dictionary('strongshebrew', 'StrongsHebrew'));
	write(
		'commentary-mhcc',
		commentary('mhcc', 'b', 10, v11n, 'MHCC', "Matthew Henry's Concise Commentary", true)
	);
	write(
		'commentary-scofield',
		commentary('scofield', 'b', 10, v11n, 'Scofield', 'Scofield Reference Notes (1917)')
	);
	// zCom4 with chapter blocks (ot.czz): 12-byte verse entries, as its .conf says.
	write(
		'commentary-tdavid',
		commentary('tdavid', 'c', 12, v11n, 'TDavid', "Spurgeon's Treasury of David", true)
	);
	write('naves', topics());
}

await main();
