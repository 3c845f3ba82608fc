// The output of `npm run demo-data` (scripts/demo-data.ts), as committed in data/demo-bible/.
import { describe, expect, it } from 'vitest';
import { KJV_BOOKS } from '$lib/fakes/bible/books';
import { loadSwordText } from '$lib/fakes/bible/node-sources';
import { cleanSwordVerse } from '$lib/fakes/bible/sword-text';

const web = await loadSwordText('WEB');
const rv = await loadSwordText('RV1909');
const verse = (books: typeof web, ref: string, c: number, v: number) =>
	books.find((b) => b.ref === ref)!.chapters[c - 1]![v - 1];

describe('the extracted WEB and RV1909', () => {
	it('each has the 66 books of the Protestant canon in order, with OSIS refs, and 1,189 chapters', () => {
		for (const books of [web, rv]) {
			expect(books.map((b) => b.ref)).toEqual(KJV_BOOKS.map((b) => b.ref));
			expect(books.reduce((n, b) => n + b.chapters.length, 0)).toBe(1189);
			// Every chapter has its verses; only a few verses a translation leaves out are empty.
			const verses = books.flatMap((b) => b.chapters.flat());
			expect(verses.length).toBeGreaterThan(31_000);
			expect(verses.filter((t) => !t).length).toBeLessThan(20);
		}
		expect(web.find((b) => b.ref === 'Ps')!.chapters).toHaveLength(150);
		expect(rv.find((b) => b.ref === 'John')!.name).toBe('Juan');
		expect(web.find((b) => b.ref === '1Sam')!.name).toBe('1 Samuel');
	});

	it('BI-TEXT-1: John 3:16 and Genesis 1:1 read as the modules have them, without markup', () => {
		expect(verse(web, 'John', 3, 16)).toBe(
			'For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life.'
		);
		expect(verse(web, 'Gen', 1, 1)).toBe(
			'In the beginning, God created the heavens and the earth.'
		);
		expect(verse(rv, 'John', 3, 16)).toBe(
			'Porque de tal manera amó Dios al mundo, que ha dado á su Hijo unigénito, para que todo aquel que en él cree, no se pierda, mas tenga vida eterna.'
		);
		expect(verse(rv, 'Gen', 1, 1)).toBe('EN el principio crió Dios los cielos y la tierra.');
	});

	it('no word is joined to the next where a note or an element boundary was ("bornSon"), no markup is left', () => {
		for (const books of [web, rv]) {
			const text = books.flatMap((b) => b.chapters.flat()).join('\n');
			// A lower-case letter followed by a capitalised word inside a word: a removed note's trace.
			expect(text.match(/\p{Ll}\p{Lu}\p{Ll}/gu) ?? []).toEqual([]);
			expect(text).not.toMatch(/<|>|&[a-z]+;|\uE000/);
			expect(text).not.toMatch(/ {2}/);
		}
		expect(verse(rv, 'John', 4, 7)).toContain('agua: y Jesús le dice');
		// A pronoun the translators joined to its verb stays joined.
		expect(verse(rv, 'John', 1, 38)).toContain('viéndolos seguirle,');
	});
});

describe('cleanSwordVerse', () => {
	it('puts one space where a note stood between two words, none before punctuation', () => {
		expect(
			cleanSwordVerse(
				'<w>only</w> born</q><note placement="foot">x <reference>y</reference></note><q marker=""><w>Son</w>, that. </q>'
			)
		).toBe('only born Son, that.');
		expect(cleanSwordVerse('word<note n="a">x</note>, more')).toBe('word, more');
	});

	it('drops headings; keeps words the translators added; separates words split only by elements', () => {
		expect(
			cleanSwordVerse('<title type="psalm">A Psalm.</title> <l/>Yahweh, how <w>my</w> foes')
		).toBe('Yahweh, how my foes');
		expect(
			cleanSwordVerse(
				'<transChange type="added">y</transChange><w>Jesús</w> <w>seguir</w><transChange type="added">le</transChange>'
			)
		).toBe('y Jesús seguirle');
		expect(
			cleanSwordVerse('<w>por</w><transChange type="added">medio de</transChange><w>Febe</w>')
		).toBe('por medio de Febe');
		expect(cleanSwordVerse('increased!<l eID="a"/><l sID="b"/>Many &amp; more')).toBe(
			'increased! Many & more'
		);
	});
});
