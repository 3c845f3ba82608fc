import { bookOrder, canonBook } from './books';

export const HIGHLIGHTS = ['yellow', 'green', 'blue', 'pink'] as const;
export type HighlightColour = (typeof HIGHLIGHTS)[number];

/** The colours' names as the user sees them. */
export const HIGHLIGHT_NAMES: Record<HighlightColour, string> = {
	yellow: 'Yellow',
	green: 'Green',
	blue: 'Blue',
	pink: 'Pink'
};

/**
 * A verse by OSIS book ref, chapter and verse number, and nothing about the translation: a note
 * on John 3:16 belongs to the verse, so it shows in the KJV, the WEB and the RV1909 alike, and
 * survives deleting the translation it was written in.
 */
export interface VerseRef {
	book: string;
	chapter: number;
	verse: number;
}

/** What the user keeps on one verse. A verse with none of it has no record. */
export interface VerseNote extends VerseRef {
	bookmark: boolean;
	highlight?: HighlightColour;
	/** The note's text ('' for none); shown as text, never as HTML. */
	note: string;
	/** The user's own labels ("love", "to memorise"). */
	labels: string[];
	/** ms since the epoch. */
	created: number;
	updated: number;
}

export const LIMITS = {
	fileBytes: 5_000_000,
	notes: 50_000,
	noteChars: 20_000,
	labels: 20,
	labelChars: 40,
	verse: 200
} as const;

/** "John.3.16": the record's key. */
export const refKey = (r: VerseRef): string => `${r.book}.${r.chapter}.${r.verse}`;

/** A book ref as a server may send it: letters and digits only (never markup or a path). */
const BOOK_REF = /^[1-4]?[A-Za-z][A-Za-z0-9]{0,15}$/;

/** Whether a reference is one this app could have written: a book ref, a chapter of it, a verse. */
export function validRef(r: VerseRef): string | undefined {
	if (typeof r.book !== 'string' || !BOOK_REF.test(r.book))
		return `the book “${String(r.book).slice(0, 40)}” is not a book reference (such as John or 1Cor).`;
	const book = canonBook(r.book);
	const maxChapter = book?.chapters ?? 150;
	if (!Number.isInteger(r.chapter) || r.chapter < 1 || r.chapter > maxChapter)
		return `${book?.name ?? r.book} has no chapter ${String(r.chapter).slice(0, 20)}.`;
	if (!Number.isInteger(r.verse) || r.verse < 1 || r.verse > LIMITS.verse)
		return `${book?.name ?? r.book} ${r.chapter} has no verse ${String(r.verse).slice(0, 20)}.`;
	return undefined;
}

/** Whether a record holds anything worth keeping. */
export const isEmpty = (n: Pick<VerseNote, 'bookmark' | 'highlight' | 'note' | 'labels'>) =>
	!n.bookmark && !n.highlight && !n.note.trim() && n.labels.length === 0;

/** Labels as typed ("love, Hope ,love") to a clean list: trimmed, no repeats, in typed order. */
export function parseLabels(text: string): string[] {
	const out: string[] = [];
	for (const part of text.split(',')) {
		const label = part.trim().replace(/\s+/g, ' ').slice(0, LIMITS.labelChars);
		if (label && !out.some((l) => l.toLowerCase() === label.toLowerCase())) out.push(label);
	}
	return out.slice(0, LIMITS.labels);
}

/** Bible order: book, chapter, verse. */
export function compareRefs(a: VerseRef, b: VerseRef): number {
	return (
		bookOrder(a.book) - bookOrder(b.book) ||
		(a.book < b.book ? -1 : a.book > b.book ? 1 : 0) ||
		a.chapter - b.chapter ||
		a.verse - b.verse
	);
}

// ---- The export file ----------------------------------------------------------------------

export const FILE_FORMAT = 'api-workbench-bible-notes';
export const FILE_VERSION = 1;

/** One verse in the file: dates as ISO 8601 text, everything else as kept. */
export interface FileNote {
	book: string;
	chapter: number;
	verse: number;
	bookmark: boolean;
	highlight?: HighlightColour;
	note: string;
	labels: string[];
	created: string;
	updated: string;
}

export interface NotesFile {
	format: typeof FILE_FORMAT;
	version: typeof FILE_VERSION;
	exported: string;
	notes: FileNote[];
}

/** The export: every record in Bible order, as pretty JSON. */
export function exportNotes(notes: readonly VerseNote[], now = Date.now()): string {
	const file: NotesFile = {
		format: FILE_FORMAT,
		version: FILE_VERSION,
		exported: new Date(now).toISOString(),
		notes: [...notes].sort(compareRefs).map((n) => ({
			book: n.book,
			chapter: n.chapter,
			verse: n.verse,
			bookmark: n.bookmark,
			...(n.highlight && { highlight: n.highlight }),
			note: n.note,
			labels: [...n.labels],
			created: new Date(n.created).toISOString(),
			updated: new Date(n.updated).toISOString()
		}))
	};
	return JSON.stringify(file, null, 2) + '\n';
}

/** Why a file was not imported, in words for the user. */
export class NotesFileRefused extends Error {}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const NOTE_KEYS = new Set([
	'book',
	'chapter',
	'verse',
	'bookmark',
	'highlight',
	'note',
	'labels',
	'created',
	'updated'
]);
const FILE_KEYS = new Set(['format', 'version', 'exported', 'notes']);

const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);

function date(v: unknown, what: string): number {
	const ms = typeof v === 'string' ? Date.parse(v) : NaN;
	if (!Number.isFinite(ms)) throw new NotesFileRefused(`${what} is not a date.`);
	return ms;
}

function readNote(raw: unknown, n: number): VerseNote {
	const where = `Entry ${n} of the file`;
	if (!isObject(raw)) throw new NotesFileRefused(`${where} is not a verse’s notes.`);
	for (const key of Object.keys(raw))
		if (!NOTE_KEYS.has(key))
			throw new NotesFileRefused(
				`${where} has a field “${key.slice(0, 40)}” that notes never have.`
			);
	const ref = { book: raw.book, chapter: raw.chapter, verse: raw.verse } as VerseRef;
	const bad = validRef(ref);
	if (bad) throw new NotesFileRefused(`${where}: ${bad}`);
	const name = `${canonBook(ref.book)?.name ?? ref.book} ${ref.chapter}:${ref.verse}`;
	const at = `${where} (${name})`;
	if (typeof raw.bookmark !== 'boolean')
		throw new NotesFileRefused(`${at}: “bookmark” is not true or false.`);
	if (raw.highlight !== undefined && !HIGHLIGHTS.includes(raw.highlight as HighlightColour))
		throw new NotesFileRefused(
			`${at}: the highlight “${String(raw.highlight).slice(0, 20)}” is not one of ${HIGHLIGHTS.join(', ')}.`
		);
	if (typeof raw.note !== 'string') throw new NotesFileRefused(`${at}: the note is not text.`);
	if (raw.note.length > LIMITS.noteChars)
		throw new NotesFileRefused(`${at}: the note is longer than ${LIMITS.noteChars} characters.`);
	if (
		!Array.isArray(raw.labels) ||
		raw.labels.length > LIMITS.labels ||
		!raw.labels.every(
			(l) => typeof l === 'string' && l.trim() !== '' && l.length <= LIMITS.labelChars
		)
	)
		throw new NotesFileRefused(
			`${at}: the labels are not a list of up to ${LIMITS.labels} words of at most ${LIMITS.labelChars} characters.`
		);
	return {
		book: ref.book,
		chapter: ref.chapter,
		verse: ref.verse,
		bookmark: raw.bookmark,
		...(raw.highlight !== undefined && { highlight: raw.highlight as HighlightColour }),
		note: raw.note,
		labels: parseLabels((raw.labels as string[]).join(',')),
		created: date(raw.created, `${at}: “created”`),
		updated: date(raw.updated, `${at}: “updated”`)
	};
}

/**
 * Reads an export. Anything malformed or hostile (another format or version, too large, a
 * reference that is not a verse, a key such as __proto__) refuses the whole file with the reason.
 * Note text may hold anything, markup included: it is only ever shown as text.
 */
export function parseNotesFile(text: string): VerseNote[] {
	if (text.length > LIMITS.fileBytes)
		throw new NotesFileRefused(
			`the file is larger than ${LIMITS.fileBytes / 1_000_000} MB; an export of notes is far smaller.`
		);
	let raw: unknown;
	try {
		raw = JSON.parse(text, (key, value: unknown) => {
			if (FORBIDDEN_KEYS.has(key))
				throw new NotesFileRefused(
					`the file has a field called “${key}”, which an export never has.`
				);
			return value;
		});
	} catch (error) {
		if (error instanceof NotesFileRefused) throw error;
		throw new NotesFileRefused('the file is not JSON. Choose a file made with Export notes.');
	}
	if (!isObject(raw) || raw.format !== FILE_FORMAT)
		throw new NotesFileRefused(
			'this is not a notes file of this app. Choose a file made with Export notes.'
		);
	if (raw.version !== FILE_VERSION)
		throw new NotesFileRefused(
			`the file is version ${String(raw.version).slice(0, 20)}; this app reads version ${FILE_VERSION}. Export the notes again with this app.`
		);
	for (const key of Object.keys(raw))
		if (!FILE_KEYS.has(key))
			throw new NotesFileRefused(
				`the file has a field “${key.slice(0, 40)}” that exports never have.`
			);
	if (!Array.isArray(raw.notes)) throw new NotesFileRefused('the file has no list of notes.');
	if (raw.notes.length > LIMITS.notes)
		throw new NotesFileRefused(`the file holds more than ${LIMITS.notes} verses.`);
	const seen = new Set<string>();
	const out: VerseNote[] = [];
	raw.notes.forEach((entry, i) => {
		const note = readNote(entry, i + 1);
		const key = refKey(note);
		if (seen.has(key))
			throw new NotesFileRefused(
				`${canonBook(note.book)?.name ?? note.book} ${note.chapter}:${note.verse} is in the file twice.`
			);
		seen.add(key);
		if (!isEmpty(note)) out.push(note);
	});
	return out;
}

// ---- Merging an import ---------------------------------------------------------------------

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

/**
 * Merges imported records into the ones here without losing anything: a bookmark from either
 * side stays, labels are joined, the newer side's highlight wins, and two different note texts are
 * both kept (this device's first), never one silently replacing the other.
 */
export function mergeNotes(
	here: ReadonlyMap<string, VerseNote>,
	incoming: readonly VerseNote[]
): MergeResult {
	const result: MergeResult = { write: [], added: 0, combined: 0, unchanged: 0, bothKept: 0 };
	for (const theirs of incoming) {
		const mine = here.get(refKey(theirs));
		if (!mine) {
			result.write.push(theirs);
			result.added++;
			continue;
		}
		const newer = theirs.updated > mine.updated ? theirs : mine;
		const older = newer === theirs ? mine : theirs;
		let note = mine.note;
		const a = mine.note.trim();
		const b = theirs.note.trim();
		if (!a) note = theirs.note;
		else if (b && !a.includes(b)) {
			if (b.includes(a)) note = theirs.note;
			else {
				note = `${mine.note.trimEnd()}\n\n${theirs.note.trim()}`;
				result.bothKept++;
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
		if (same) result.unchanged++;
		else {
			result.write.push(merged);
			result.combined++;
		}
	}
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

// ---- Copying and sharing ------------------------------------------------------------------

/** "John 3:16" or "John 3:16–17". */
export function rangeName(bookName: string, chapter: number, from: number, to: number): string {
	return `${bookName} ${chapter}:${from}${to > from ? `–${to}` : ''}`;
}

/** The short name of a translation: "KJV" of "King James Version (KJV)". */
export const shortName = (name: string): string => /\(([^)]+)\)\s*$/.exec(name)?.[1] ?? name;

/**
 * A passage to copy or share: "John 3:16–17 (KJV)", then the verses (numbered when more than
 * one), then the link that opens it.
 */
export function passageText(options: {
	title: string;
	verses: readonly { ref: string; text: string }[];
	link?: string;
}): string {
	const many = options.verses.length > 1;
	const body = options.verses.map((v) => (many ? `${v.ref} ${v.text}` : v.text)).join(' ');
	return [options.title, body, options.link].filter(Boolean).join('\n');
}
