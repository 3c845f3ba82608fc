// A verse's tagged words with the punctuation that touches them: nothing starts a line with a
// comma, and the runs read back as the verse, on a real KJV verse and on the whole KJV.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseStrongsVerse, plainVerse, type VersePiece } from '$lib/bible/study/format';
import {
	isTagged,
	joinPunctuation,
	keptTogether,
	wordsNode,
	type VerseRun
} from '$lib/bible/study/verse-words';
import { loadStudySources } from '../../../../scripts/bible-study-plugin';

const { kjv } = loadStudySources();
const verse = (book: string, c: number, v: number) =>
	kjv.books.find((b) => b.ref === book)!.chapters[c - 1]![v - 1]!;

/** The runs as one line of text, the way the reader draws them (the numbers left out). */
const read = (runs: readonly VerseRun[]) =>
	runs.map((r) => (isTagged(r) ? r.before + r.piece.text + r.after : r.text)).join('');

describe('joinPunctuation', () => {
	it('gives John 3:3 its commas and period with their words, and reads back as the verse', () => {
		const compact = verse('John', 3, 3);
		const runs = joinPunctuation(parseStrongsVerse(compact));
		const tagged = runs.filter(isTagged);
		expect(tagged.find((r) => r.piece.text === 'him')).toMatchObject({ after: ',' });
		expect(tagged.filter((r) => r.piece.text === 'Verily' || r.piece.text === 'verily')).toEqual([
			{ piece: { text: 'Verily', strongs: ['G281'] }, before: '', after: ',' },
			{ piece: { text: 'verily', strongs: ['G281'] }, before: '', after: ',' }
		]);
		expect(tagged.at(-1)).toEqual({
			piece: { text: 'of God', strongs: ['G2316'] },
			before: '',
			after: '.'
		});
		// The comma after "him" left the plain text: it starts with a space, not ", ".
		expect(runs).toContainEqual({ text: ' ' });
		expect(runs.some((r) => !isTagged(r) && /^[,.;:?!]/.test(r.text))).toBe(false);
		expect(read(runs)).toBe(plainVerse(compact));
		expect(read(runs)).toBe(
			'Jesus answered and said unto him, Verily, verily, I say unto thee, Except a man be born again, he can not see the kingdom of God.'
		);
	});

	it('takes opening marks onto the word after them and closing ones onto the word before', () => {
		const pieces: VersePiece[] = [
			{ text: 'he said (' },
			{ text: 'for', strongs: ['G1063'] },
			{ text: ' it was ' },
			{ text: 'night', strongs: ['G3571'] },
			{ text: '); and “' },
			{ text: 'went', strongs: ['G565'] },
			{ text: '”?' }
		];
		const runs = joinPunctuation(pieces);
		expect(runs).toEqual([
			{ text: 'he said ' },
			{ piece: pieces[1], before: '(', after: '' },
			{ text: ' it was ' },
			{ piece: pieces[3], before: '', after: ');' },
			{ text: ' and ' },
			{ piece: pieces[5], before: '“', after: '”?' }
		]);
		expect(read(runs)).toBe(pieces.map((p) => p.text).join(''));
	});

	it('leaves marks apart from a word by a space, and the added words’ own text, as they are', () => {
		const pieces: VersePiece[] = [
			{ text: 'God', strongs: ['H430'] },
			{ text: ' , ( ' },
			{ text: 'is', added: true },
			{ text: 'light', strongs: ['H216'] },
			{ text: 'ever', added: true }
		];
		expect(joinPunctuation(pieces)).toEqual([
			{ piece: pieces[0], before: '', after: '' },
			{ text: ' , ( ' },
			{ text: 'is', added: true },
			{ piece: pieces[3], before: '', after: '' },
			{ text: 'ever', added: true }
		]);
	});

	it('does not change the pieces it is given (they are the chapter kept in memory)', () => {
		const pieces = parseStrongsVerse(verse('John', 3, 16));
		const copy = structuredClone(pieces);
		joinPunctuation(pieces);
		expect(pieces).toEqual(copy);
	});

	it('in the whole KJV: no plain text after a tagged word starts with a mark, and every verse reads back', () => {
		let words = 0;
		const wrong: string[] = [];
		for (const book of kjv.books)
			for (const [c, chapter] of book.chapters.entries())
				for (const [v, compact] of chapter.entries()) {
					const pieces = parseStrongsVerse(compact);
					const runs = joinPunctuation(pieces);
					words += runs.filter(isTagged).length;
					const starts = runs.some(
						(r, i) => !isTagged(r) && i > 0 && isTagged(runs[i - 1]!) && /^[,.;:?!)]/.test(r.text)
					);
					if (starts || read(runs) !== pieces.map((p) => p.text).join(''))
						wrong.push(`${book.ref} ${c + 1}:${v + 1}`);
				}
		expect(wrong).toEqual([]);
		expect(words).toBeGreaterThan(340_000);
	});
});

/** Just enough of `document` for the two helpers: elements that keep their children. */
class StubElement {
	className = '';
	textContent = '';
	style: Record<string, string> = {};
	children: unknown[] = [];
	constructor(readonly tagName: string) {}
	append(...nodes: unknown[]) {
		this.children.push(...nodes);
	}
}

describe('wordsNode and keptTogether', () => {
	beforeEach(() => {
		vi.stubGlobal('document', {
			createTextNode: (text: string) => ({ text }),
			createElement: (tag: string) => new StubElement(tag)
		});
	});
	afterEach(() => vi.unstubAllGlobals());

	it('draws plain words as text and the translators’ added words in italics', () => {
		expect(wordsNode({ text: 'darkness ' })).toEqual({ text: 'darkness ' });
		const added = wordsNode({ text: 'was', added: true }) as unknown as StubElement;
		expect(added.tagName).toBe('i');
		expect(added.textContent).toBe('was');
	});

	it('keeps a word, its marks and its second button on one line, and leaves a lone word alone', () => {
		const button = { button: 1 } as unknown as Node;
		const other = { button: 2 } as unknown as Node;
		expect(keptTogether('', [button], '')).toEqual([button]);
		const [word] = keptTogether('(', [button, other], ',') as unknown as StubElement[];
		expect(word!.tagName).toBe('span');
		expect(word!.style.whiteSpace).toBe('nowrap');
		expect(word!.children).toEqual(['(', button, other, ',']);
		const [alone] = keptTogether('', [button], ',') as unknown as StubElement[];
		expect(alone!.children).toEqual([button, ',']);
	});
});
