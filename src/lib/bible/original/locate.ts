// Finds a verse's words in its text as the server sent it, so each can be tapped while the text
// stays exactly as sent. Letters are compared with their marks in canonical order (NFD), one
// letter and its marks at a time: a server that stores the text composed (NFC), or with a
// Hebrew word's vowels and accents in another order, still lines up; the pieces cut are always
// the text's own characters. Only what is not a letter (spaces, maqqef, punctuation, digits, the
// edition's critical signs, the Hebrew paragraph signs) may stand between two words: anything
// else means this is not the text the words belong to, and nothing is cut.

export interface TextPiece {
	/** Characters of the text, unchanged. */
	text: string;
	/** The word's place in the verse's word list; none for what stands between words. */
	word?: number;
}

interface Cluster {
	start: number;
	end: number;
	key: string;
	letter: boolean;
}

function clusters(text: string): Cluster[] {
	const out: Cluster[] = [];
	for (const m of text.matchAll(/\P{M}\p{M}*|\p{M}+/gu)) {
		const s = m[0];
		out.push({
			start: m.index,
			end: m.index + s.length,
			key: s.normalize('NFD'),
			letter: /\p{L}/u.test(s)
		});
	}
	// The Hebrew text's paragraph signs, a פ or ס standing alone (open and closed sections), are
	// not words.
	out.forEach((c, i) => {
		if (c.letter && /^[פס]$/.test(c.key) && !out[i - 1]?.letter && !out[i + 1]?.letter)
			c.letter = false;
	});
	return out;
}

/**
 * The verse's text cut into its words (in `forms`' order) and what stands between them; undefined
 * when the words are not all there in that order.
 */
export function locateWords(text: string, forms: readonly string[]): TextPiece[] | undefined {
	const hay = clusters(text);
	const pieces: TextPiece[] = [];
	let at = 0; // the next cluster of the text to read
	let cut = 0; // the text is cut into pieces up to here
	for (const [i, form] of forms.entries()) {
		const needle = clusters(form).map((c) => c.key);
		if (!needle.length) return undefined;
		let found = -1;
		for (let p = at; p + needle.length <= hay.length; p++) {
			if (needle.every((key, k) => hay[p + k]!.key === key)) {
				found = p;
				break;
			}
			// Only what is not a letter may come before the word.
			if (hay[p]!.letter) return undefined;
		}
		if (found < 0) return undefined;
		const start = hay[found]!.start;
		const end = hay[found + needle.length - 1]!.end;
		if (start > cut) pieces.push({ text: text.slice(cut, start) });
		pieces.push({ text: text.slice(start, end), word: i });
		cut = end;
		at = found + needle.length;
	}
	if (hay.slice(at).some((c) => c.letter)) return undefined;
	if (cut < text.length) pieces.push({ text: text.slice(cut) });
	return pieces;
}
