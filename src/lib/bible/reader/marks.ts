// The KJV's own marks, read as a printed King James Bible shows them: "#" at the start of a verse
// begins a paragraph (the pilcrow of the 1769 text), and "[…]" holds words the translators supplied,
// printed in italics. The text itself is never changed: these are only how it is shown.

export interface VersePart {
	text: string;
	/** Words in […]: supplied by the translators, shown in italics. */
	supplied: boolean;
}

export interface MarkedVerse {
	/** The verse starts a paragraph ("#" at its start). */
	paragraph: boolean;
	parts: VersePart[];
}

/** A verse's text split into its paragraph mark and its runs of plain and supplied words. */
export function readMarks(text: string): MarkedVerse {
	const m = /^#\s*/.exec(text);
	const body = m ? text.slice(m[0].length) : text;
	const parts: VersePart[] = [];
	let at = 0;
	// An unmatched "[" or "]" is text, shown as sent.
	for (const match of body.matchAll(/\[([^[\]]*)\]/g)) {
		if (match.index > at) parts.push({ text: body.slice(at, match.index), supplied: false });
		parts.push({ text: match[1]!, supplied: true });
		at = match.index + match[0].length;
	}
	if (at < body.length) parts.push({ text: body.slice(at), supplied: false });
	return { paragraph: !!m, parts };
}

/**
 * Verses grouped into paragraphs as printed: a "#" verse starts a new one. A text without any
 * paragraph mark (most translations) keeps one verse per line.
 */
export function paragraphs<T extends { text: string }>(verses: readonly T[]): T[][] {
	if (!verses.some((v) => /^#/.test(v.text))) return verses.map((v) => [v]);
	const out: T[][] = [];
	for (const verse of verses) {
		const last = out[out.length - 1];
		if (!last || /^#/.test(verse.text)) out.push([verse]);
		else last.push(verse);
	}
	return out;
}

/** The verse as plain reading text: marks removed (for copying and sharing). */
export function plainText(text: string): string {
	return readMarks(text)
		.parts.map((p) => p.text)
		.join('');
}

/** One verse number's row of two translations: a side without that verse is undefined. */
export interface AlignedRow<T> {
	ref: string;
	left?: T;
	right?: T;
}

/**
 * Two chapters side by side, aligned by verse number, never by position: a verse one side does
 * not have leaves a gap on that side, and the verses after it stay level.
 */
export function alignVerses<T extends { ref: string }>(
	left: readonly T[],
	right: readonly T[]
): AlignedRow<T>[] {
	const rows = new Map<string, AlignedRow<T>>();
	for (const v of left) rows.set(v.ref, { ref: v.ref, left: v });
	for (const v of right) {
		const row = rows.get(v.ref);
		if (row) row.right = v;
		else rows.set(v.ref, { ref: v.ref, right: v });
	}
	const order = (ref: string) => {
		const n = parseInt(ref, 10);
		return Number.isNaN(n) ? Infinity : n;
	};
	// Stable: verses with the same number part ("3a", "3b") keep the order they came in.
	return [...rows.values()].sort((a, b) => order(a.ref) - order(b.ref));
}

/** One verse number's row of several translations: a column without that verse is undefined. */
export interface AlignedColumns<T> {
	ref: string;
	cells: (T | undefined)[];
}

/** Any number of chapters side by side, aligned by verse number as alignVerses does for two. */
export function alignColumns<T extends { ref: string }>(
	columns: readonly (readonly T[])[]
): AlignedColumns<T>[] {
	const rows = new Map<string, AlignedColumns<T>>();
	columns.forEach((verses, i) => {
		for (const v of verses) {
			let row = rows.get(v.ref);
			if (!row) rows.set(v.ref, (row = { ref: v.ref, cells: columns.map(() => undefined) }));
			row.cells[i] = v;
		}
	});
	const order = (ref: string) => {
		const n = parseInt(ref, 10);
		return Number.isNaN(n) ? Infinity : n;
	};
	return [...rows.values()].sort((a, b) => order(a.ref) - order(b.ref));
}
