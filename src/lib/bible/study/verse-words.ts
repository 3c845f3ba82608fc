// A KJV verse's tagged words as the reader draws them (Strong's numbers, the interlinear): each
// tagged word is its own element, and a line may break before or after an element where it could
// not between letters. So the punctuation next to a word goes with it: ", Verily" never starts a
// line, and nothing stands between a word and its comma but what the caller puts there.
import type { VersePiece } from './format';

/** A tagged word with the punctuation that touches it: `(` before, `),` after. */
export interface TaggedWord {
	piece: VersePiece;
	before: string;
	after: string;
}

/** Plain words (a piece without numbers), or a tagged word with its punctuation. */
export type VerseRun = VersePiece | TaggedWord;

/** Marks that close: they follow their word with no space and never start a line. */
const CLOSING = /^[,.;:?!)\]}’”»›]+/u;
/** Marks that open: they come before their word with no space and never end a line. */
const OPENING = /[([{‘“«‹]+$/u;

export const isTagged = (run: VerseRun): run is TaggedWord => 'piece' in run;

/**
 * The verse's pieces with each tagged word holding the punctuation that touches it, taken out of
 * the plain text around it; plain text left empty is dropped. The words and their order are kept:
 * the runs read back as the verse.
 */
export function joinPunctuation(pieces: readonly VersePiece[]): VerseRun[] {
	const runs: VerseRun[] = pieces.map((p) =>
		p.strongs?.length ? { piece: p, before: '', after: '' } : { ...p }
	);
	const plainAt = (i: number) => {
		const run = runs[i];
		// The translators' added words keep their own marks, in their italics.
		return run && !isTagged(run) && !run.added ? run : undefined;
	};
	for (const [i, run] of runs.entries()) {
		if (!isTagged(run)) continue;
		const prev = plainAt(i - 1);
		const opening = prev && OPENING.exec(prev.text)?.[0];
		if (prev && opening) {
			run.before = opening;
			prev.text = prev.text.slice(0, -opening.length);
		}
		const next = plainAt(i + 1);
		const closing = next && CLOSING.exec(next.text)?.[0];
		if (next && closing) {
			run.after = closing;
			next.text = next.text.slice(closing.length);
		}
	}
	return runs.filter((run) => isTagged(run) || run.text);
}

/** The words of a piece: a text node, or in italics the words the translators added. */
export function wordsNode(piece: VersePiece): Node {
	if (!piece.added) return document.createTextNode(piece.text);
	const i = document.createElement('i');
	i.textContent = piece.text;
	return i;
}

/**
 * A tagged word's elements with its punctuation, on one line: no break between a word's
 * buttons (two numbers) or between a word and its marks. Alone, the element stays as it is.
 */
export function keptTogether(before: string, nodes: readonly Node[], after: string): Node[] {
	if (!before && !after && nodes.length < 2) return [...nodes];
	const word = document.createElement('span');
	word.className = 'word';
	word.style.whiteSpace = 'nowrap';
	word.append(...[before, ...nodes, after].filter((n) => n !== ''));
	return [word];
}
