// MorphGNT's part of speech and parsing code in plain words (its README gives the columns):
// "V- 3AAI-S--" → "verb, aorist active indicative, third person singular". The code's eight
// places are person, tense, voice, mood, case, number, gender, degree; "-" is a place that does
// not apply.

const PARTS: Record<string, string> = {
	'A-': 'adjective',
	'C-': 'conjunction',
	'D-': 'adverb',
	'I-': 'interjection',
	'N-': 'noun',
	'P-': 'preposition',
	RA: 'definite article',
	RD: 'demonstrative pronoun',
	RI: 'interrogative or indefinite pronoun',
	RP: 'personal pronoun',
	RR: 'relative pronoun',
	'V-': 'verb',
	'X-': 'particle'
};
const PERSON: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third' };
const TENSE: Record<string, string> = {
	P: 'present',
	I: 'imperfect',
	F: 'future',
	A: 'aorist',
	X: 'perfect',
	Y: 'pluperfect'
};
const VOICE: Record<string, string> = { A: 'active', M: 'middle', P: 'passive' };
const MOOD: Record<string, string> = {
	I: 'indicative',
	D: 'imperative',
	S: 'subjunctive',
	O: 'optative',
	N: 'infinitive',
	P: 'participle'
};
const CASE: Record<string, string> = {
	N: 'nominative',
	G: 'genitive',
	D: 'dative',
	A: 'accusative',
	V: 'vocative'
};
const NUMBER: Record<string, string> = { S: 'singular', P: 'plural' };
const GENDER: Record<string, string> = { M: 'masculine', F: 'feminine', N: 'neuter' };
const DEGREE: Record<string, string> = { C: 'comparative', S: 'superlative' };

/** A code this table cannot read: a place holds a letter the README does not list. */
export class UnknownCodeError extends Error {}

function word(table: Record<string, string>, letter: string, code: string, place: string) {
	if (letter === '-') return '';
	const found = table[letter];
	if (found === undefined)
		throw new UnknownCodeError(`${code}: "${letter}" is not a known ${place}`);
	return found;
}

const join = (...words: string[]) => words.filter(Boolean).join(' ');

/** "V- 3AAI-S--" (part of speech, a space, the parsing code) in words. */
export function describeGreek(code: string): string {
	const m = /^(\S\S) ([-1-3])([-A-Z])([-A-Z])([-A-Z])([-A-Z])([-A-Z])([-A-Z])([-A-Z])$/.exec(code);
	if (!m) throw new UnknownCodeError(`${code}: not a part of speech and an eight-place code`);
	const [, pos, person, tense, voice, mood, kase, number, gender, degree] = m as unknown as [
		string,
		string,
		...string[]
	];
	const part = PARTS[pos];
	if (!part) throw new UnknownCodeError(`${code}: "${pos}" is not a known part of speech`);
	const verb = join(
		word(TENSE, tense!, code, 'tense'),
		word(VOICE, voice!, code, 'voice'),
		word(MOOD, mood!, code, 'mood')
	);
	const p = word(PERSON, person!, code, 'person');
	const personNumber = p && join(p, 'person', word(NUMBER, number!, code, 'number'));
	const declined = join(
		word(CASE, kase!, code, 'case'),
		// A finite verb's number goes with its person ("third person singular").
		p ? '' : word(NUMBER, number!, code, 'number'),
		word(GENDER, gender!, code, 'gender')
	);
	return [part, verb, personNumber, declined, word(DEGREE, degree!, code, 'degree')]
		.filter(Boolean)
		.join(', ');
}
