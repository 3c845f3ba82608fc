// Merging an imported notes file into the notes here, verse by verse, losing nothing.
import { parseLabels, refKey, type VerseNote } from './format';

export interface MergeResult {
	/** Records to write (new, or combined with what was here). */
	write: VerseNote[];
	added: number;
	combined: number;
	unchanged: number;
	/** Verses whose note differed here and in the file: both texts kept. */
	bothKept: number;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
	a.length === b.length && a.every((x, i) => x === b[i]);

/** How one imported verse met what was here. */
export type MergeOutcome =
	| { kind: 'added'; write: VerseNote }
	| { kind: 'combined'; write: VerseNote; bothKept: boolean }
	| { kind: 'unchanged' };

/**
 * Merges one imported record into the one here without losing anything: a bookmark from either
 * side stays, labels are joined, the newer side's highlight wins, and two different note texts are
 * both kept (this device's first), never one silently replacing the other.
 */
export function mergeNote(mine: VerseNote | undefined, theirs: VerseNote): MergeOutcome {
	if (!mine) return { kind: 'added', write: theirs };
	const newer = theirs.updated > mine.updated ? theirs : mine;
	const older = newer === theirs ? mine : theirs;
	let note = mine.note;
	let bothKept = false;
	const a = mine.note.trim();
	const b = theirs.note.trim();
	if (!a) note = theirs.note;
	else if (b && !a.includes(b)) {
		if (b.includes(a)) note = theirs.note;
		else {
			note = `${mine.note.trimEnd()}\n\n${theirs.note.trim()}`;
			bothKept = true;
		}
	}
	const merged: VerseNote = {
		book: mine.book,
		chapter: mine.chapter,
		verse: mine.verse,
		bookmark: mine.bookmark || theirs.bookmark,
		...((newer.highlight ?? older.highlight) && {
			highlight: newer.highlight ?? older.highlight
		}),
		note,
		labels: parseLabels([...mine.labels, ...theirs.labels].join(',')),
		created: Math.min(mine.created, theirs.created),
		updated: Math.max(mine.updated, theirs.updated)
	};
	const same =
		merged.bookmark === mine.bookmark &&
		merged.highlight === mine.highlight &&
		merged.note === mine.note &&
		sameList(merged.labels, mine.labels);
	return same ? { kind: 'unchanged' } : { kind: 'combined', write: merged, bothKept };
}

/** Counts one verse's outcome into `result` (and what to write). */
export function countMerge(result: MergeResult, outcome: MergeOutcome): void {
	if (outcome.kind === 'unchanged') result.unchanged++;
	else {
		result.write.push(outcome.write);
		if (outcome.kind === 'added') result.added++;
		else {
			result.combined++;
			if (outcome.bothKept) result.bothKept++;
		}
	}
}

export const emptyMerge = (): MergeResult => ({
	write: [],
	added: 0,
	combined: 0,
	unchanged: 0,
	bothKept: 0
});

/** Merges a whole import into the records here (see `mergeNote`). */
export function mergeNotes(
	here: ReadonlyMap<string, VerseNote>,
	incoming: readonly VerseNote[]
): MergeResult {
	const result = emptyMerge();
	for (const theirs of incoming) countMerge(result, mergeNote(here.get(refKey(theirs)), theirs));
	return result;
}

/** What an import did, in a sentence for the user. */
export function describeImport(r: MergeResult): string {
	const total = r.added + r.combined + r.unchanged;
	if (total === 0) return 'The file holds no notes, bookmarks or highlights; nothing changed.';
	const verses = (n: number) => `${n} ${n === 1 ? 'verse' : 'verses'}`;
	const parts = [`${r.added} new`];
	if (r.combined) parts.push(`${r.combined} combined with what was here`);
	if (r.unchanged) parts.push(`${r.unchanged} already here`);
	let text = `Imported ${verses(total)}: ${parts.join(', ')}.`;
	if (r.bothKept)
		text += ` ${verses(r.bothKept)} had a different note here and in the file: both texts are kept, this device’s first.`;
	return text;
}

// ---- A note saved over another tab's -------------------------------------------------------

/** A note's text and labels as the editor showed them when it opened. */
export type NoteBase = Pick<VerseNote, 'note' | 'labels'>;

const sameNote = (n: NoteBase, base: NoteBase) =>
	n.note.trim() === base.note.trim() && sameList(n.labels, base.labels);

/**
 * The record after saving `mine` (a note's text and labels; blank to delete them) over `stored`,
 * the record as stored now. When the editor started from `base` and the stored note has changed
 * since (another tab saved), nothing of that is lost: a save keeps both texts (the other first)
 * and all labels, a delete does nothing; `met` then says what happened, after "The note on …".
 */
export function saveOver(
	stored: VerseNote,
	mine: NoteBase,
	base: NoteBase | undefined
): { record: VerseNote; met?: string } {
	if (!base || sameNote(stored, base) || sameNote(stored, mine))
		return { record: { ...stored, ...mine } };
	if (!mine.note && !mine.labels.length)
		return {
			record: stored,
			met: 'was changed in another tab or window meanwhile, so it is not deleted. Read it, then delete it again if you mean to.'
		};
	const theirs = stored.note.trim();
	return {
		record: {
			...stored,
			note: theirs && theirs !== mine.note ? `${theirs}\n\n${mine.note}`.trim() : mine.note,
			labels: parseLabels([...stored.labels, ...mine.labels].join(','))
		},
		met: 'was changed in another tab or window meanwhile: both texts are kept, that one first.'
	};
}
