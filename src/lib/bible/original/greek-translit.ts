// Greek in Latin letters, as the SBL Handbook of Style's academic style writes it: η ē, ω ō,
// θ th, χ ch, φ ph, ψ ps, υ y (u in a diphthong), γ before γ κ ξ χ n, the rough breathing h
// (ῥ rh), the iota subscript i; accents, the smooth breathing and the diaeresis leave no letter.

const LETTERS: Record<string, string> = {
	α: 'a',
	β: 'b',
	γ: 'g',
	δ: 'd',
	ε: 'e',
	ζ: 'z',
	η: 'ē',
	θ: 'th',
	ι: 'i',
	κ: 'k',
	λ: 'l',
	μ: 'm',
	ν: 'n',
	ξ: 'x',
	ο: 'o',
	π: 'p',
	ρ: 'r',
	σ: 's',
	ς: 's',
	τ: 't',
	υ: 'y',
	φ: 'ph',
	χ: 'ch',
	ψ: 'ps',
	ω: 'ō'
};

const ROUGH = '\u0314';
const DIAERESIS = '\u0308';
const IOTA_SUBSCRIPT = '\u0345';
const VOWELS = 'αεηιουω';
/** Vowel pairs read as one sound (unless the second has a diaeresis). */
const DIPHTHONGS = new Set(['αι', 'ει', 'οι', 'υι', 'αυ', 'ευ', 'ηυ', 'ου', 'ωυ']);

interface Letter {
	base: string;
	upper: boolean;
	marks: string;
}

function letters(word: string): Letter[] {
	const out: Letter[] = [];
	for (const ch of word.normalize('NFD')) {
		if (/\p{M}/u.test(ch)) {
			if (out.length) out[out.length - 1]!.marks += ch;
			continue;
		}
		const lower = ch.toLowerCase();
		out.push({ base: lower, upper: lower !== ch, marks: '' });
	}
	return out;
}

/** One Greek word (or several, separated by anything not Greek) in Latin letters. */
export function transliterateGreek(text: string): string {
	const list = letters(text);
	let out = '';
	for (let i = 0; i < list.length; i++) {
		const l = list[i]!;
		const latin = LETTERS[l.base];
		if (latin === undefined) {
			out += l.upper ? l.base.toUpperCase() : l.base;
			continue;
		}
		const prev = list[i - 1];
		const next = list[i + 1];
		const startsWord = !prev || LETTERS[prev.base] === undefined;
		const pair = (a: Letter | undefined, b: Letter | undefined) =>
			!!a && !!b && DIPHTHONGS.has(a.base + b.base) && !b.marks.includes(DIAERESIS);
		let piece = latin;
		if (l.base === 'υ' && (pair(prev, l) || pair(l, next))) piece = 'u';
		if (l.base === 'γ' && next && 'γκξχ'.includes(next.base)) piece = 'n';
		// The rough breathing stands on a word's first vowel, or on the second of its diphthong.
		const rough =
			(startsWord && l.marks.includes(ROUGH)) ||
			(startsWord && VOWELS.includes(l.base) && pair(l, next) && next!.marks.includes(ROUGH));
		if (rough) piece = l.base === 'ρ' ? 'rh' : 'h' + piece;
		if (l.marks.includes(IOTA_SUBSCRIPT)) piece += 'i';
		out += l.upper ? piece[0]!.toUpperCase() + piece.slice(1) : piece;
	}
	return out;
}
