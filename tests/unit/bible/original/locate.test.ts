import { describe, expect, it } from 'vitest';
import { withoutAccents } from '$lib/bible/original/format';
import { locateWords } from '$lib/bible/original/locate';

const words = (pieces: ReturnType<typeof locateWords>) =>
	pieces?.filter((p) => p.word !== undefined).map((p) => p.text);

describe('locateWords: a verse cut into its words, the text unchanged', () => {
	it('finds Greek words between punctuation and the edition’s critical signs', () => {
		const text = 'τὸν ⸀υἱὸν τὸν μονογενῆ ἔδωκεν, ἵνα';
		const pieces = locateWords(text, ['τὸν', 'υἱὸν', 'τὸν', 'μονογενῆ', 'ἔδωκεν', 'ἵνα'])!;
		expect(pieces.map((p) => p.text).join('')).toBe(text);
		expect(words(pieces)).toEqual(['τὸν', 'υἱὸν', 'τὸν', 'μονογενῆ', 'ἔδωκεν', 'ἵνα']);
		expect(pieces[1]).toEqual({ text: ' ⸀' });
	});

	it('finds Hebrew words joined by maqqef, and skips the paragraph sign פ', () => {
		const text = 'וַֽיְהִי־עֶ֥רֶב י֥וֹם אֶחָֽד׃ פ';
		const pieces = locateWords(text, ['וַֽיְהִי', 'עֶ֥רֶב', 'י֥וֹם', 'אֶחָֽד'])!;
		expect(words(pieces)).toEqual(['וַֽיְהִי', 'עֶ֥רֶב', 'י֥וֹם', 'אֶחָֽד']);
		expect(pieces.at(-1)).toEqual({ text: '׃ פ' });
	});

	it('lines up a text whose marks are composed or ordered another way (NFC), cutting the text’s own characters', () => {
		// בְּרֵאשִׁ֖ית as the WLC writes it: bet, dagesh, sheva (NFC puts the sheva first).
		const first = '\u05D1\u05BC\u05B0\u05E8\u05B5\u05D0\u05E9\u05C1\u05B4\u0596\u05D9\u05EA';
		const second = '\u05D1\u05BC\u05B8\u05E8\u05B8\u05A3\u05D0';
		const nfc = `${first} ${second}`.normalize('NFC');
		expect(nfc).not.toBe(`${first} ${second}`);
		const pieces = locateWords(nfc, [first, second])!;
		expect(pieces.map((p) => p.text).join('')).toBe(nfc);
		expect(words(pieces)).toEqual([first.normalize('NFC'), second.normalize('NFC')]);
		// And the other way round: the source's text, words written composed.
		expect(words(locateWords(`${first} ${second}`, [first.normalize('NFC'), second]))).toEqual([
			first,
			second
		]);
	});

	it('cuts nothing when the words are not this text’s (another edition, a word missing)', () => {
		expect(locateWords('ἐν ἀρχῇ ἦν ὁ λόγος', ['ἐν', 'ἦν'])).toBeUndefined();
		expect(locateWords('ἐν ἀρχῇ', ['ἐν', 'ἀρχῇ', 'ἦν'])).toBeUndefined();
		expect(locateWords('ἐν ἀρχῇ ἦν', ['ἐν', 'ἀρχῇ'])).toBeUndefined();
	});
});

describe('withoutAccents', () => {
	it('drops the cantillation marks U+0591–U+05AF and keeps the vowels, dagesh and meteg', () => {
		expect(withoutAccents('בְּרֵאשִׁ֖ית')).toBe('בְּרֵאשִׁית');
		expect(withoutAccents('הָאָֽרֶץ׃')).toBe('הָאָֽרֶץ׃');
		expect(withoutAccents('אֱלֹהִ֑ים')).toBe('אֱלֹהִים');
	});
});
