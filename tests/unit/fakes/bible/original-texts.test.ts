// The Greek New Testament and the Hebrew Bible as the demo Bible serves them, every verse of every
// chapter through its HTTP answers, compared with the source files in shared/data/original-languages
// read here on their own terms (MorphGNT's text column; the WLC's XML with its notes dropped),
// not through the extraction's reader.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBibleApp } from '$lib/fakes/bible/app';
import { KJV_BOOKS } from '$lib/fakes/bible/books';
import { ORIGINAL_SOURCES_DIR } from '../../../../scripts/bible-original-sources';

const app = createBibleApp();
const json = async <T>(path: string): Promise<T> => {
	const response = await app.fetch(new Request(`https://bible.demo/api/v1${path}`));
	expect(response.status, path).toBe(200);
	return ((await response.json()) as { data: T }).data;
};

interface Detail {
	name: string;
	langId: string;
	copytightInfo: string;
	books: { ref: string; chaptersCount: number; name: string }[];
}

/** Every verse the demo serves for a translation: "John 3:16" → text. */
async function served(bibleRef: string): Promise<Map<string, string>> {
	const detail = await json<Detail>(`/bibles/${bibleRef}`);
	const out = new Map<string, string>();
	for (const book of detail.books)
		for (let c = 1; c <= book.chaptersCount; c++) {
			const chapter = await json<{ verses: { ref: string; text: string }[] }>(
				`/bibles/${bibleRef}/books/${book.ref}/chapters/${c}`
			);
			for (const v of chapter.verses) out.set(`${book.ref} ${c}:${v.ref}`, v.text);
		}
	return out;
}

/** MorphGNT: the fourth column (the word with its punctuation), a verse's words joined by spaces. */
function greekSource(): Map<string, string> {
	const dir = join(ORIGINAL_SOURCES_DIR, 'morphgnt-sblgnt');
	const files = readdirSync(dir)
		.filter((f) => f.endsWith('-morphgnt.txt'))
		.sort();
	const out = new Map<string, string[]>();
	files.forEach((file, i) => {
		const ref = KJV_BOOKS[39 + i]!.ref;
		for (const line of readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean)) {
			const [bcv, , , text] = line.split(' ');
			const key = `${ref} ${Number(bcv!.slice(2, 4))}:${Number(bcv!.slice(4, 6))}`;
			out.set(key, [...(out.get(key) ?? []), text!]);
		}
	});
	return new Map([...out].map(([k, words]) => [k, words.join(' ')]));
}

/** The WLC: each <verse>'s characters without its notes and tags, "/" dropped, spaces squashed. */
function hebrewSource(): Map<string, string> {
	const out = new Map<string, string>();
	for (const { ref } of KJV_BOOKS.slice(0, 39)) {
		const xml = readFileSync(join(ORIGINAL_SOURCES_DIR, 'oshb-wlc/wlc', `${ref}.xml`), 'utf8');
		for (const m of xml.matchAll(/<verse osisID="\w+\.(\d+)\.(\d+)">([\s\S]*?)<\/verse>/g)) {
			const text = m[3]!
				.replace(/<note\b[\s\S]*?<\/note>/g, '')
				.replace(/<[^>]+>/g, '')
				.replaceAll('/', '')
				.replace(/\s+/g, ' ')
				.trim();
			out.set(`${ref} ${m[1]}:${m[2]}`, text);
		}
	}
	return out;
}

// Every chapter of both texts through the app: seconds, more on a busy machine.
describe(
	'BI-TEXT-1: the original-language texts are served unchanged',
	{ timeout: 120_000 },
	() => {
		it('the SBL Greek New Testament: every verse of the 27 books as MorphGNT has it', async () => {
			const source = greekSource();
			const demo = await served('SBLGNT');
			expect(source.size).toBe(7927);
			expect([...demo.keys()]).toEqual([...source.keys()]);
			const different = [...source].filter(([k, text]) => demo.get(k) !== text);
			expect(different).toEqual([]);
			expect(demo.get('John 3:16')).toContain('ἠγάπησεν');
		});

		it('the Westminster Leningrad Codex: every verse of the 39 books as the OSHB has it, in its chapters', async () => {
			const source = hebrewSource();
			const demo = await served('WLC');
			expect(source.size).toBe(23213);
			expect([...demo.keys()]).toEqual([...source.keys()]);
			const different = [...source].filter(([k, text]) => demo.get(k) !== text);
			expect(different).toEqual([]);
			// Byte for byte: the source's order of vowels and accents, never normalized (NFC would reorder them).
			// bet, dagesh, sheva, resh: as the source orders them (NFC puts the sheva before the dagesh).
			expect(demo.get('Gen 1:1')!.startsWith('\u05D1\u05BC\u05B0\u05E8')).toBe(true);
			expect(demo.get('Gen 1:1')).toMatch(/^\S+ \S+ \S+ \S+ \S+ \S+ \S+׃$/u);
			expect(demo.get('Gen 1:1')!.normalize('NFC')).not.toBe(demo.get('Gen 1:1'));
			// Malachi has three chapters in the Hebrew Bible (the English Bible's 4:1–6 are its 3:19–24).
			const mal = (await json<Detail>('/bibles/WLC')).books.find((b) => b.ref === 'Mal');
			expect(mal?.chaptersCount).toBe(3);
		});

		it('names both texts for the translation list, in their languages, with the attribution their licences ask', async () => {
			const list =
				await json<{ ref: string; name: string; langId: string; copytightInfo: string }[]>(
					'/bibles'
				);
			const gnt = list.find((b) => b.ref === 'SBLGNT')!;
			const wlc = list.find((b) => b.ref === 'WLC')!;
			expect([gnt.name, gnt.langId, wlc.name, wlc.langId]).toEqual([
				'SBL Greek New Testament',
				'grc',
				'Westminster Leningrad Codex',
				'he'
			]);
			expect(gnt.copytightInfo).toMatch(/Society of Biblical Literature.*CC BY 4\.0/);
			expect(gnt.copytightInfo).toMatch(/MorphGNT.*CC BY-SA 3\.0/);
			expect(wlc.copytightInfo).toMatch(/public domain/);
			expect(wlc.copytightInfo).toMatch(
				/Open Scriptures Hebrew Bible, available at github\.com\/openscriptures\/morphhb, CC BY 4\.0/
			);
			const books = (await json<Detail>('/bibles/SBLGNT')).books;
			expect(books.map((b) => b.ref)).toEqual(KJV_BOOKS.slice(39).map((b) => b.ref));
			expect(books.find((b) => b.ref === 'John')?.name).toBe('John');
		});
	}
);
