// The output of `npm run bible-study-data` (scripts/bible-study-data.ts), as committed in
// data/bible-study/: what was extracted from the SWORD modules, checked against known entries.
import { describe, expect, it } from 'vitest';
import { parseStrongsVerse, plainVerse, topicChunk } from '$lib/bible/study/format';
import { loadStudySources } from '../../../../scripts/bible-study-plugin';

const sources = loadStudySources();
const { kjv, greek, hebrew, commentaries, topics } = sources;
const verse = (book: string, c: number, v: number) =>
	kjv.books.find((b) => b.ref === book)!.chapters[c - 1]![v - 1]!;
const greekEntry = (n: number) => greek.entries.find((e) => e[0] === n);
const hebrewEntry = (n: number) => hebrew.entries.find((e) => e[0] === n);

describe("KJV with Strong's numbers", () => {
	it('has the 66 books, 1,189 chapters and 31,102 verses, none empty', () => {
		expect(kjv.books).toHaveLength(66);
		expect(kjv.books.reduce((n, b) => n + b.chapters.length, 0)).toBe(1189);
		const all = kjv.books.flatMap((b) => b.chapters.flat());
		expect(all).toHaveLength(31102);
		expect(all.filter((v) => !v.trim())).toEqual([]);
	});

	it('tags John 3:16 "loved" with G25 and Genesis 1:1 "God" with H430', () => {
		const john = parseStrongsVerse(verse('John', 3, 16));
		expect(john.find((p) => p.text === 'loved')?.strongs).toEqual(['G25']);
		expect(plainVerse(verse('John', 3, 16))).toBe(
			'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.'
		);
		const gen = parseStrongsVerse(verse('Gen', 1, 1));
		expect(gen.find((p) => p.text === 'God')?.strongs).toEqual(['H430']);
		expect(gen.find((p) => p.text === 'beginning')?.strongs).toEqual(['H7225']);
	});

	it('keeps the words the translators added as added ("darkness [was] upon")', () => {
		const pieces = parseStrongsVerse(verse('Gen', 1, 2));
		expect(pieces).toContainEqual({ text: 'was', added: true });
	});

	it('leaves no markup behind: no tags, no USFM markers, every tag closed', () => {
		const all = kjv.books.flatMap((b) => b.chapters.flat()).join('\n');
		expect(all).not.toMatch(/[<>\\]/);
		const unbalanced = kjv.books
			.flatMap((b) => b.chapters.flat())
			.filter((v) => v.split('{').length !== v.split('}').length);
		expect(unbalanced).toEqual([]);
		// About 349,000 tagged word groups in the whole KJV.
		expect((all.match(/\{[^|}]*\|[GH]\d+/g) ?? []).length).toBeGreaterThan(340_000);
	});
});

describe("Strong's dictionaries", () => {
	it('has 5,624 Greek and 8,674 Hebrew entries, numbered from 1', () => {
		expect(greek.entries).toHaveLength(5624);
		expect(hebrew.entries).toHaveLength(8674);
		expect(new Set(hebrew.entries.map((e) => e[0])).size).toBe(8674);
		expect(greek.entries[0]![0]).toBe(1);
		expect(hebrew.entries[0]![0]).toBe(1);
	});

	it('G25 is agapaō, "to love"', () => {
		expect(greekEntry(25)).toEqual([
			25,
			'ἀγαπάω',
			'agapáō',
			"ag-ap-ah'-o",
			expect.stringContaining('to love (in a social or moral sense)')
		]);
	});

	it('H430 is elohim, in Hebrew letters (the module is UTF-8, not Windows-1252)', () => {
		const e = hebrewEntry(430)!;
		expect(e[1]).toBe('אלהים');
		expect(e[2]).toBe("'ĕlôhîym");
		expect(e[3]).toBe("el-o-heem'");
		expect(e[4]).toMatch(/^Plural of H433; gods in the ordinary sense/);
	});

	it.each([
		[greek, 26, 'ἀγάπη', 'agápē'],
		[greek, 2316, 'θεός', 'theós'],
		[greek, 3056, 'λόγος', 'lógos'],
		[greek, 4102, 'πίστις', 'pístis'],
		[hebrew, 7225, 'ראשׁית', "rê'shîyth"],
		[hebrew, 3068, 'יהוה', 'yehôvâh'],
		[hebrew, 1, 'אב', "'âb"],
		[hebrew, 8674, 'תּתּני', 'tattenay']
	])('%# entry %i is %s (%s)', (dict, n, lemma, translit) => {
		const e = dict.entries.find((row) => row[0] === n)!;
		expect(e[1]).toBe(lemma);
		expect(e[2]).toBe(translit);
		expect(e[4].length).toBeGreaterThan(10);
	});

	it('no entry holds markup or mis-decoded text', () => {
		const text = [...greek.entries, ...hebrew.entries].flat().join('\n');
		expect(text).not.toMatch(/[<>]|Ã|×Â/);
	});
});

describe('Commentaries', () => {
	it("Matthew Henry's Concise covers every book; John 3 in two sections", () => {
		const mhcc = commentaries.mhcc!;
		expect(mhcc.name).toBe("Matthew Henry's Concise Commentary");
		expect(mhcc.books).toHaveLength(66);
		const john3 = mhcc.books.find((b) => b.ref === 'John')!.chapters[2]!;
		expect(john3.map(([from, to]) => [from, to])).toEqual([
			[1, 21],
			[22, 36]
		]);
		expect(john3[0]![2]).toContain('Nicodemus');
	});

	it('Matthew Henry covers 1,187 of the 1,189 chapters (Leviticus 19 and Psalm 108 have none)', () => {
		const chapters = commentaries.mhcc!.books.flatMap((b) =>
			b.chapters.map((c, i) => [`${b.ref} ${i + 1}`, c.length] as const)
		);
		expect(chapters.filter(([, n]) => n === 0).map(([name]) => name)).toEqual(['Lev 19', 'Ps 108']);
	});

	it('the Scofield notes are by verse', () => {
		const gen1 = commentaries.scofield!.books[0]!.chapters[0]!;
		expect(gen1.find(([from]) => from === 26)?.[2]).toContain('make man in our image');
	});
});

describe("Spurgeon's Treasury of David", () => {
	const tdavid = commentaries.tdavid!;

	it('covers the 150 psalms and nothing else, each psalm whole in one range', () => {
		expect(tdavid.name).toBe("Spurgeon's Treasury of David");
		expect(tdavid.books.map((b) => b.ref)).toEqual(['Ps']);
		const psalms = tdavid.books[0]!.chapters;
		expect(psalms).toHaveLength(150);
		const lengths = kjv.books.find((b) => b.ref === 'Ps')!.chapters.map((c) => c.length);
		expect(psalms.map((ranges) => ranges.map(([from, to]) => [from, to]))).toEqual(
			lengths.map((n) => [[1, n]])
		);
	});

	it('Psalm 23 opens with its overview, "David\'s Heavenly Pastoral", in plain paragraphs', () => {
		const [, , text] = tdavid.books[0]!.chapters[22]![0]!;
		const paragraphs = text.split('\n\n');
		expect(paragraphs[0]).toBe('Psalm 23 OVERVIEW');
		expect(paragraphs[1]).toMatch(/^There is no inspired title to this psalm.*Heavenly Pastoral/);
		expect(paragraphs).toContain('EXPOSITION');
	});

	it('Psalm 119, missing from earlier editions of the module, is there', () => {
		expect(tdavid.books[0]!.chapters[118]![0]![2]).toMatch(
			/^Psalms 119\n\n[\s\S]*THE LONGEST PSALM/
		);
	});

	it('leaves no markup behind', () => {
		const text = tdavid.books[0]!.chapters.flat().map(([, , t]) => t);
		expect(text.filter((t) => /<\/?[a-z]+\b[^>]*>/i.test(t)).length).toBe(0);
	});
});

describe("Nave's Topical Bible", () => {
	it('has over 5,000 topics, among them FAITH with its references', () => {
		expect(topics.topics.length).toBeGreaterThan(5000);
		const faith = topics.topics.find(([name]) => name === 'FAITH')!;
		const [label, refs] = faith[1][0]!;
		expect(label).toBe('General scriptures concerning');
		expect(refs.split(' ')).toContain('Eph.2.8');
	});

	it('AARON points to PRIEST', () => {
		const aaron = topics.topics.find(([name]) => name === 'AARON')!;
		expect(aaron[1][0]).toEqual([
			'Lineage of',
			'Exod.6.16-Exod.6.20 Josh.21.4 Josh.21.10 1Chr.6.2 1Chr.6.3 1Chr.23.13'
		]);
		expect(aaron[2]).toContain('PRIEST');
	});
});

describe('a verse’s words with their Strong’s numbers', () => {
	it('words the translators added, tagged with a number, are marked added without brackets', () => {
		expect(parseStrongsVerse('{[was]|H1961} {light|H216}')).toEqual([
			{ text: 'was', strongs: ['H1961'], added: true },
			{ text: ' ' },
			{ text: 'light', strongs: ['H216'] }
		]);
	});
});

describe('the topic files', () => {
	it('a topic not starting with a letter is in file "0"', () => {
		expect(topicChunk('1 Kings')).toBe('0');
		expect(topicChunk('  love')).toBe('L');
	});
});
