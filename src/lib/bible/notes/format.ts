import { FileRefused } from '$lib/ui/file-refused';
import { bookOrder, CANON, canonBook } from './books';
import type { PlanProgress } from '../plans/schedule';

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

/**
 * Records in Bible order, sorted by one number per verse (book's place, chapter, verse): 31,000
 * verses sort in a few milliseconds, where comparing with `compareRefs` took several times longer.
 */
export function sortByRef<T extends VerseRef>(records: Iterable<T>): T[] {
	// Books outside the 66 share one key, after them: among themselves by ref, then chapter and
	// verse, as compareRefs has it.
	const keyed = Array.from(records, (r) => {
		const book = bookOrder(r.book);
		return { k: book * 1e6 + (book < CANON.length ? r.chapter * 1e3 + r.verse : 0), r };
	});
	keyed.sort((a, b) => a.k - b.k || compareRefs(a.r, b.r));
	return keyed.map((x) => x.r);
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
	/** Reading plans under way; left out when there are none (files older apps read too). */
	plans?: PlanProgress[];
}

/** The export: every record in Bible order, and the reading plans, as pretty JSON. */
export function exportNotes(
	notes: readonly VerseNote[],
	now = Date.now(),
	plans: readonly PlanProgress[] = []
): string {
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
		})),
		...(plans.length && { plans: plans.map((p) => ({ ...p, done: [...p.done] })) })
	};
	return JSON.stringify(file, null, 2) + '\n';
}

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
const FILE_KEYS = new Set(['format', 'version', 'exported', 'notes', 'plans']);

const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);

function date(v: unknown, what: string): number {
	const ms = typeof v === 'string' ? Date.parse(v) : NaN;
	if (!Number.isFinite(ms)) throw new FileRefused(`${what} is not a date.`);
	return ms;
}

function readNote(raw: unknown, n: number): VerseNote {
	const where = `Entry ${n} of the file`;
	if (!isObject(raw)) throw new FileRefused(`${where} is not a verse’s notes.`);
	for (const key of Object.keys(raw))
		if (!NOTE_KEYS.has(key))
			throw new FileRefused(`${where} has a field “${key.slice(0, 40)}” that notes never have.`);
	const ref = { book: raw.book, chapter: raw.chapter, verse: raw.verse } as VerseRef;
	const bad = validRef(ref);
	if (bad) throw new FileRefused(`${where}: ${bad}`);
	const name = `${canonBook(ref.book)?.name ?? ref.book} ${ref.chapter}:${ref.verse}`;
	const at = `${where} (${name})`;
	if (typeof raw.bookmark !== 'boolean')
		throw new FileRefused(`${at}: “bookmark” is not true or false.`);
	if (raw.highlight !== undefined && !HIGHLIGHTS.includes(raw.highlight as HighlightColour))
		throw new FileRefused(
			`${at}: the highlight “${String(raw.highlight).slice(0, 20)}” is not one of ${HIGHLIGHTS.join(', ')}.`
		);
	if (typeof raw.note !== 'string') throw new FileRefused(`${at}: the note is not text.`);
	if (raw.note.length > LIMITS.noteChars)
		throw new FileRefused(`${at}: the note is longer than ${LIMITS.noteChars} characters.`);
	if (
		!Array.isArray(raw.labels) ||
		raw.labels.length > LIMITS.labels ||
		!raw.labels.every(
			(l) => typeof l === 'string' && l.trim() !== '' && l.length <= LIMITS.labelChars
		)
	)
		throw new FileRefused(
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
 * Reads an export's outside: its size, JSON, format, version and list of entries, refusing a
 * malformed or hostile file (another format or version, too large, a key such as __proto__) with
 * the reason. The entries are read by `readEntries`, a slice at a time if need be.
 */
export function readFileEntries(text: string): unknown[] {
	return readFile(text).entries;
}

/** As readFileEntries, with the file's reading plans as found (checked by plans/file.ts). */
export function readFile(text: string): { entries: unknown[]; plans: unknown } {
	if (text.length > LIMITS.fileBytes)
		throw new FileRefused(
			`the file is larger than ${LIMITS.fileBytes / 1_000_000} MB; an export of notes is far smaller.`
		);
	let raw: unknown;
	try {
		raw = JSON.parse(text, (key, value: unknown) => {
			if (FORBIDDEN_KEYS.has(key))
				throw new FileRefused(`the file has a field called “${key}”, which an export never has.`);
			return value;
		});
	} catch (error) {
		if (error instanceof FileRefused) throw error;
		throw new FileRefused('the file is not JSON. Choose a file made with Export notes.');
	}
	if (!isObject(raw) || raw.format !== FILE_FORMAT)
		throw new FileRefused(
			'this is not a notes file of this app. Choose a file made with Export notes.'
		);
	if (raw.version !== FILE_VERSION)
		throw new FileRefused(
			`the file is version ${String(raw.version).slice(0, 20)}; this app reads version ${FILE_VERSION}. Export the notes again with this app.`
		);
	for (const key of Object.keys(raw))
		if (!FILE_KEYS.has(key))
			throw new FileRefused(`the file has a field “${key.slice(0, 40)}” that exports never have.`);
	if (!Array.isArray(raw.notes)) throw new FileRefused('the file has no list of notes.');
	if (raw.notes.length > LIMITS.notes)
		throw new FileRefused(`the file holds more than ${LIMITS.notes} verses.`);
	return { entries: raw.notes as unknown[], plans: raw.plans };
}

/**
 * Reads entries `from` to `to` (exclusive) into `out`; `seen` carries the verses read so far
 * between slices, so a verse twice in the file is refused wherever the two are.
 */
export function readEntries(
	entries: readonly unknown[],
	from: number,
	to: number,
	seen: Set<string>,
	out: VerseNote[]
): void {
	for (let i = from; i < Math.min(to, entries.length); i++) {
		const note = readNote(entries[i], i + 1);
		const key = refKey(note);
		if (seen.has(key))
			throw new FileRefused(
				`${canonBook(note.book)?.name ?? note.book} ${note.chapter}:${note.verse} is in the file twice.`
			);
		seen.add(key);
		if (!isEmpty(note)) out.push(note);
	}
}

/**
 * Reads an export whole. Anything malformed or hostile refuses the whole file with the reason.
 * Note text may hold anything, markup included: it is only ever shown as text.
 */
export function parseNotesFile(text: string): VerseNote[] {
	const entries = readFileEntries(text);
	const out: VerseNote[] = [];
	readEntries(entries, 0, entries.length, new Set(), out);
	return out;
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
