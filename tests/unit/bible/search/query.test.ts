import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	looseForm,
	parseQuery,
	strictForm,
	tokenize,
	type ParsedQuery
} from '$lib/bible/search/query';

function parsed(input: string): ParsedQuery {
	const r = parseQuery(input);
	if (!r.ok) throw new Error(r.message);
	return r.query;
}

describe('the search box query', () => {
	it('reads whole words, lower-cased, once each', () => {
		expect(parsed('Love  God love')).toEqual({ words: ['love', 'god'], prefixes: [], phrases: [] });
	});

	it('reads a phrase in straight or curly quotes', () => {
		expect(parsed('"In the Beginning" light').phrases).toEqual([['in', 'the', 'beginning']]);
		expect(parsed('“in the beginning”').phrases).toEqual([['in', 'the', 'beginning']]);
		expect(parsed('"light"').words).toEqual(['light']);
	});

	it('runs an unclosed quote to the end of the query', () => {
		expect(parsed('light "was good').phrases).toEqual([['was', 'good']]);
	});

	it('reads a prefix from a trailing *', () => {
		expect(parsed('lov* god').prefixes).toEqual(['lov']);
		expect(parsed('lov* god').words).toEqual(['god']);
	});

	it('refuses a prefix of one letter and says what to write', () => {
		expect(parseQuery('l*')).toEqual({
			ok: false,
			message: 'Write at least 2 letters before * (for example lov*).'
		});
	});

	it('keeps the words of "God\'s" or "well-pleasing" together as a phrase', () => {
		expect(parsed("God's").phrases).toEqual([['god', 's']]);
		expect(parsed('well-pleasing').phrases).toEqual([['well', 'pleasing']]);
	});

	it('reads limits to a book, a testament and a translation', () => {
		expect(parsed('love book:1John testament:new translation:KJV')).toEqual({
			words: ['love'],
			prefixes: [],
			phrases: [],
			book: '1John',
			testament: 'NT',
			translation: 'KJV'
		});
		expect(parsed('testament:OT light').testament).toBe('OT');
		expect(parsed('book:1_John light').book).toBe('1 John');
	});

	it('says what to do with a testament it does not know, or an empty limit', () => {
		const r = parseQuery('love testament:middle');
		expect(r).toEqual({
			ok: false,
			message: '“middle” is not a testament: write testament:old or testament:new.'
		});
		expect(parseQuery('love book:')).toEqual({
			ok: false,
			message: 'Write what to limit to after “book:”.'
		});
	});

	it('asks for a word when there is nothing to search for', () => {
		for (const input of ['', '   ', '""', '!!', 'book:John'])
			expect(parseQuery(input)).toEqual({
				ok: false,
				message: 'Type a word or a phrase to search for.'
			});
	});

	it('keeps accents in words; folding is only the loose form', () => {
		expect(parsed('Él corazón').words).toEqual(['él', 'corazón']);
		expect(strictForm('Él')).toBe('él');
		expect(looseForm('Él')).toBe('el');
		expect(looseForm('CORAZÓN')).toBe('corazon');
		// Decomposed input compares equal to composed.
		expect(strictForm('e\u0301l')).toBe('él');
	});

	it('tokenizes a text with the offsets of each word in it', () => {
		expect(tokenize('And God said, Let there be light.')).toHaveLength(7);
		const [first, , third] = tokenize('In the beginning');
		expect(first).toEqual({ term: 'in', start: 0, end: 2 });
		expect(third).toEqual({ term: 'beginning', start: 7, end: 16 });
	});

	it('property: any text parses or says why; parsed words and phrases are lower-case words of the input', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 60 }), (input) => {
				const r = parseQuery(input);
				if (!r.ok) {
					expect(r.message.length).toBeGreaterThan(10);
					return;
				}
				const inputWords = new Set(tokenize(input).map((t) => t.term));
				const all = [...r.query.words, ...r.query.prefixes, ...r.query.phrases.flat()];
				expect(all.length).toBeGreaterThan(0);
				for (const w of all) {
					expect(w).toBe(strictForm(w));
					expect(w).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
					// Words of a filter's value (book:1John) are not search words.
					expect(inputWords.has(w)).toBe(true);
				}
			})
		);
	});

	it('property: a quoted run of words is one phrase with those words in order', () => {
		const word = fc.stringMatching(/^[a-zA-Záéíóúñ]{1,8}$/);
		fc.assert(
			fc.property(fc.array(word, { minLength: 2, maxLength: 5 }), (words) => {
				expect(parsed(`"${words.join(' ')}"`).phrases).toEqual([words.map(strictForm)]);
			})
		);
	});

	it('property: word* is a prefix whenever the word has 2 letters or more', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^[a-z]{1,10}$/), (w) => {
				const r = parseQuery(`${w}*`);
				if (w.length < 2) expect(r.ok).toBe(false);
				else expect(r).toEqual({ ok: true, query: { words: [], prefixes: [w], phrases: [] } });
			})
		);
	});
});
