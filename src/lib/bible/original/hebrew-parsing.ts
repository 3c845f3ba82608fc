// The Open Scriptures Hebrew Bible's morphology codes in plain words, as its
// HebrewMorphologyCodes.html defines them: "HR/Ncfsa" with the word "בְּ/רֵאשִׁ֖ית" →
// "noun, feminine singular absolute, with the preposition בְּ". A code is a language letter (H
// Hebrew, A Aramaic) and the word's parts separated by "/": prefixes, the word itself, suffixes
// (S…). "x" holds a place whose value is unknown or does not apply.

type Table = Record<string, string>;

const STEMS_HEBREW: Table = {
	q: 'qal',
	N: 'niphal',
	p: 'piel',
	P: 'pual',
	h: 'hiphil',
	H: 'hophal',
	t: 'hithpael',
	o: 'polel',
	O: 'polal',
	r: 'hithpolel',
	m: 'poel',
	M: 'poal',
	k: 'palel',
	K: 'pulal',
	Q: 'qal passive',
	l: 'pilpel',
	L: 'polpal',
	f: 'hithpalpel',
	D: 'nithpael',
	j: 'pealal',
	i: 'pilel',
	u: 'hothpaal',
	c: 'tiphil',
	v: 'hishtaphel',
	w: 'nithpalel',
	y: 'nithpoel',
	z: 'hithpoel'
};
const STEMS_ARAMAIC: Table = {
	q: 'peal',
	Q: 'peil',
	u: 'hithpeel',
	p: 'pael',
	P: 'ithpaal',
	M: 'hithpaal',
	a: 'aphel',
	h: 'haphel',
	s: 'saphel',
	e: 'shaphel',
	H: 'hophal',
	i: 'ithpeel',
	t: 'hishtaphel',
	v: 'ishtaphel',
	w: 'hithaphel',
	o: 'polel',
	z: 'ithpoel',
	r: 'hithpolel',
	f: 'hithpalpel',
	b: 'hephal',
	c: 'tiphel',
	m: 'poel',
	l: 'palpel',
	L: 'ithpalpel',
	O: 'ithpolel',
	G: 'ittaphal'
};
const CONJUGATIONS: Table = {
	p: 'perfect',
	q: 'sequential perfect (weqatal)',
	i: 'imperfect',
	w: 'sequential imperfect (wayyiqtol)',
	h: 'cohortative',
	j: 'jussive',
	v: 'imperative',
	r: 'active participle',
	s: 'passive participle',
	a: 'infinitive absolute',
	c: 'infinitive construct'
};
const ADJECTIVES: Table = {
	a: 'adjective',
	c: 'cardinal number',
	g: 'gentilic adjective',
	o: 'ordinal number'
};
const NOUNS: Table = { c: 'noun', g: 'gentilic noun', p: 'proper name' };
const PRONOUNS: Table = {
	d: 'demonstrative pronoun',
	f: 'indefinite pronoun',
	i: 'interrogative pronoun',
	p: 'personal pronoun',
	r: 'relative pronoun'
};
const SUFFIXES: Table = {
	d: 'directional he',
	h: 'paragogic he',
	n: 'paragogic nun',
	p: 'pronominal suffix'
};
const PARTICLES: Table = {
	a: 'particle of affirmation',
	d: 'article',
	e: 'particle of exhortation',
	i: 'interrogative particle',
	j: 'interjection',
	m: 'demonstrative particle',
	n: 'negative particle',
	o: 'direct object marker',
	r: 'relative particle'
};
const PERSON: Table = { '1': 'first person', '2': 'second person', '3': 'third person' };
const GENDER: Table = {
	b: 'masculine or feminine',
	c: 'common',
	f: 'feminine',
	m: 'masculine'
};
const NUMBER: Table = { d: 'dual', p: 'plural', s: 'singular' };
const STATE: Table = { a: 'absolute', c: 'construct', d: 'determined' };

/** A code this reading cannot place: a letter the codes' page does not list, or one too many. */
export class UnknownCodeError extends Error {}

/** Reads a part's letters one table at a time; "x" (unknown, or does not apply) gives no word. */
class Letters {
	#at = 1;
	constructor(
		readonly part: string,
		readonly code: string
	) {}
	next(table: Table, what: string, optional = true): string {
		const letter = this.part[this.#at];
		if (letter === undefined) {
			if (optional) return '';
			throw new UnknownCodeError(`${this.code}: ${this.part} has no ${what}`);
		}
		this.#at++;
		if (letter === 'x') return '';
		const word = table[letter];
		if (word === undefined)
			throw new UnknownCodeError(
				`${this.code}: "${letter}" in ${this.part} is not a known ${what}`
			);
		return word;
	}
	done(): void {
		if (this.#at < this.part.length)
			throw new UnknownCodeError(`${this.code}: ${this.part} has letters past its last place`);
	}
}

const words = (...list: string[]) => list.filter(Boolean).join(' ');

/** person gender number (a pronoun's, a suffix's, a finite verb's). */
const pgn = (l: Letters) =>
	words(l.next(PERSON, 'person'), l.next(GENDER, 'gender'), l.next(NUMBER, 'number'));
/** gender number state (a noun's, an adjective's, a participle's). */
const gns = (l: Letters) =>
	words(l.next(GENDER, 'gender'), l.next(NUMBER, 'number'), l.next(STATE, 'state'));

/** The word itself (not a prefix or suffix): "verb, qal perfect, third person masculine singular". */
function describePart(part: string, code: string, aramaic: boolean): string {
	const l = new Letters(part, code);
	let out: string[];
	switch (part[0]) {
		case 'A':
			out = [l.next(ADJECTIVES, 'adjective type', false), gns(l)];
			break;
		case 'C':
			out = ['conjunction'];
			break;
		case 'D':
			out = ['adverb'];
			break;
		case 'N':
			out = [l.next(NOUNS, 'noun type', false), gns(l)];
			break;
		case 'P':
			out = [l.next(PRONOUNS, 'pronoun type', false), pgn(l)];
			break;
		case 'R':
			out = [l.next({ d: 'preposition with the article' }, 'preposition type') || 'preposition'];
			break;
		case 'S':
			out = [l.next(SUFFIXES, 'suffix type', false), pgn(l)];
			break;
		case 'T':
			out = [l.next(PARTICLES, 'particle type') || 'particle'];
			break;
		case 'V': {
			const stem = l.next(aramaic ? STEMS_ARAMAIC : STEMS_HEBREW, 'verb stem', false);
			const conjugation = part[2];
			const form = l.next(CONJUGATIONS, 'verb conjugation', false);
			const rest =
				conjugation === 'r' || conjugation === 's'
					? gns(l)
					: conjugation === 'a' || conjugation === 'c'
						? ''
						: pgn(l);
			out = ['verb', words(stem, form), rest];
			break;
		}
		default:
			throw new UnknownCodeError(`${code}: "${part.charAt(0)}" is not a known part of speech`);
	}
	l.done();
	const [head = '', ...rest] = out.filter(Boolean);
	return [aramaic ? `Aramaic ${head}` : head, ...rest].join(', ');
}

/** A prefix as a phrase: "the preposition בְּ", "the conjunction וְ", "the article הַ". */
function describePrefix(part: string, code: string, aramaic: boolean, written: string): string {
	const l = new Letters(part, code);
	let name: string;
	if (part[0] === 'C') name = 'conjunction';
	else if (part[0] === 'R')
		name = l.next({ d: 'preposition with the article' }, 'preposition type') || 'preposition';
	else if (part[0] === 'T') name = l.next(PARTICLES, 'particle type') || 'particle';
	else return describePart(part, code, aramaic);
	l.done();
	return words('the', name, written);
}

/**
 * What follows the word, as a phrase: "the pronominal suffix וֹ, third person masculine singular";
 * a pronoun written joined to its verb, "the personal pronoun הָ, third person feminine singular".
 */
function describeSuffix(part: string, code: string, aramaic: boolean, written: string): string {
	if (part[0] !== 'S') {
		const [name = '', ...rest] = describePart(part, code, aramaic).split(', ');
		return [words('the', name, written), ...rest].join(', ');
	}
	const l = new Letters(part, code);
	const type = l.next(SUFFIXES, 'suffix type', false);
	const person = pgn(l);
	l.done();
	return [words('the', type, written), person].filter(Boolean).join(', ');
}

/** The parts of a code: its language and, in order, prefixes, the word itself and suffixes. */
export function splitHebrewCode(code: string) {
	const m = /^([HA])(.+)$/.exec(code);
	if (!m) throw new UnknownCodeError(`${code}: no language letter (H or A) first`);
	const parts = m[2]!.split('/');
	if (parts.some((p) => !p)) throw new UnknownCodeError(`${code}: an empty part`);
	// A conjunction, preposition or particle before a part that is not a suffix is a prefix; the
	// first part that is not a prefix is the word; what follows it are its suffixes.
	let main = 0;
	while (
		main < parts.length - 1 &&
		'CRT'.includes(parts[main]![0]!) &&
		parts.slice(main + 1).some((p) => p[0] !== 'S')
	)
		main++;
	return { aramaic: m[1] === 'A', parts, main };
}

/**
 * A code in words. `form` is the word as written with "/" between its parts ("בְּ/רֵאשִׁ֖ית"): each
 * prefix and suffix is named with its letters.
 */
export function describeHebrew(code: string, form = ''): string {
	const { aramaic, parts, main } = splitHebrewCode(code);
	const written = form.split('/');
	const piece = (i: number) => (written.length === parts.length ? (written[i] ?? '') : '');
	const prefixes = parts.slice(0, main).map((p, i) => describePrefix(p, code, aramaic, piece(i)));
	const suffixes = parts
		.slice(main + 1)
		.map((p, i) => describeSuffix(p, code, aramaic, piece(main + 1 + i)));
	const also = [...prefixes, ...suffixes];
	const head = describePart(parts[main]!, code, aramaic);
	if (!also.length) return head;
	const last = also.pop()!;
	const list = also.length ? `${also.join(', ')} and ${last}` : last;
	return `${head}, with ${list}`;
}
