// The word lists under the search index: lookups over what was saved and what was added since,
// the saved form, and a damaged saved form refused before a search could read past its end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intersect, Postings, type SavedPostings } from '$lib/bible/search/postings';
import { TranslationIndex } from '$lib/bible/search/verse-index';

const all = (list: ArrayLike<number>) => Array.from(list);
const keepAll = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

function built(docs: string[][]): Postings {
	const p = new Postings();
	docs.forEach((words, doc) => p.add(doc, words));
	return p;
}

describe('intersect', () => {
	it('keeps what every list holds, whatever their lengths', () => {
		expect(all(intersect([[1, 3, 5, 7, 9, 11], [3, 9], Uint32Array.of(0, 3, 4, 9, 12)]))).toEqual([
			3, 9
		]);
		expect(all(intersect([[1, 2], []]))).toEqual([]);
		expect(all(intersect([]))).toEqual([]);
	});

	it('agrees with a plain filter', () => {
		const sorted = fc.uniqueArray(fc.nat(200)).map((a) => a.sort((x, y) => x - y));
		fc.assert(
			fc.property(fc.array(sorted, { minLength: 1, maxLength: 4 }), (lists) => {
				const want = lists[0]!.filter((d) => lists.every((l) => l.includes(d)));
				expect(all(intersect(lists))).toEqual(want);
			})
		);
	});
});

describe('Postings', () => {
	it('finds a word or a prefix in what was saved and what was added since, in order', () => {
		const saved = built([['light', 'day'], ['darkness'], ['light', 'lamp']]).save(keepAll(3));
		const p = new Postings(saved);
		p.add(3, ['lightning', 'light']);
		p.add(5, ['lamb']);
		expect(all(p.word('light'))).toEqual([0, 2, 3]);
		expect(all(p.word('lightning'))).toEqual([3]);
		expect(all(p.word('dark'))).toEqual([]);
		expect(all(p.prefix('li'))).toEqual([0, 2, 3]);
		expect(all(p.prefix('la'))).toEqual([2, 5]);
		expect(all(p.prefix('dark'))).toEqual([1]);
		expect(all(p.prefix('z'))).toEqual([]);
	});

	it('refuses a document numbered below one added before', () => {
		const p = built([['a'], ['b']]);
		expect(() => p.add(1, ['c'])).toThrow(new RangeError('Document 1 is not above 1.'));
		expect(() => new Postings(p.save(keepAll(2))).add(0, ['c'])).toThrow(RangeError);
	});

	it('saves renumbered, leaving out dropped documents and words left with none', () => {
		const p = built([['a', 'b'], ['b'], ['c']]);
		const saved = p.save(Int32Array.of(0, -1, 1));
		expect(saved.terms).toBe('a\u0001b\u0001c');
		expect(all(saved.offsets)).toEqual([0, 1, 2, 3]);
		expect(all(saved.docs)).toEqual([0, 0, 1]);
		expect(p.save(Int32Array.of(-1, -1, 0)).terms).toBe('c');
	});

	it('refuses a damaged saved form, saying what is wrong', () => {
		const good = built([['a'], ['b', 'a']]).save(keepAll(2));
		expect(all(good.offsets)).toEqual([0, 2, 3]);
		expect(all(good.docs)).toEqual([0, 1, 1]);
		expect(() => new Postings(good).validate(2)).not.toThrow();
		const refused = (saved: SavedPostings, documents = 2) => {
			try {
				new Postings(saved).validate(documents);
			} catch (error) {
				return (error as Error).message;
			}
			return 'accepted';
		};
		// Each damage alone, so each check is shown to hold by itself.
		const lists = 'The saved word lists do not match their words.';
		expect(refused({ ...good, offsets: Uint32Array.of(0, 3) })).toBe(lists); // a list short
		expect(refused({ ...good, offsets: Uint32Array.of(1, 2, 3) })).toBe(lists); // not from 0
		expect(refused({ ...good, offsets: Uint32Array.of(0, 1, 2) })).toBe(lists); // docs left over
		expect(refused({ ...good, offsets: Uint32Array.of(0, 0, 3) })).toBe(
			'A saved word has no verses.'
		);
		expect(refused({ ...good, docs: Uint32Array.of(0, 0, 1) })).toBe(
			'A saved word list is out of order.'
		);
		expect(refused({ ...good, docs: Uint32Array.of(1, 0, 1) })).toBe(
			'A saved word list is out of order.'
		);
		expect(refused({ ...good, docs: Uint32Array.of(0, 1, 2) })).toBe(
			'A saved word names a verse that is not there.'
		);
		expect(refused({ ...good, docs: Uint32Array.of(0, 1, 2) }, 3)).toBe('accepted');
		expect(refused(good, 1)).toBe('A saved word names a verse that is not there.');
	});

	it('a damaged saved index does not load', () => {
		const index = new TranslationIndex();
		index.addChapter('Gen', 1, [{ ref: '1', text: 'In the beginning' }]);
		const snapshot = index.snapshot();
		expect(() => TranslationIndex.load({ ...snapshot, verses: [''] })).toThrow();
		expect(() => TranslationIndex.load(snapshot)).not.toThrow();
	});
});
