// Sample notes, entries and files for the Bible notes tests (notes.test.ts, notes-format.test.ts).
import { FILE_FORMAT, type VerseNote } from '$lib/bible/notes/format';

/** A note on John 3:16 with nothing kept; `over` sets what a test needs. */
export const note = (over: Partial<VerseNote> = {}): VerseNote => ({
	book: 'John',
	chapter: 3,
	verse: 16,
	bookmark: false,
	note: '',
	labels: [],
	created: Date.UTC(2024, 0, 1),
	updated: Date.UTC(2024, 0, 1),
	...over
});

/** A notes file as Export notes writes it, with these entries. */
export const file = (notes: unknown[], over: Record<string, unknown> = {}) =>
	JSON.stringify({
		format: FILE_FORMAT,
		version: 1,
		exported: '2024-01-01T00:00:00Z',
		notes,
		...over
	});

/** One entry of a notes file (John 3:16, bookmarked, with a note and a label). */
export const entry = (over: Record<string, unknown> = {}) => ({
	book: 'John',
	chapter: 3,
	verse: 16,
	bookmark: true,
	note: 'For God so loved',
	labels: ['love'],
	created: '2024-01-01T00:00:00.000Z',
	updated: '2024-01-02T00:00:00.000Z',
	...over
});
