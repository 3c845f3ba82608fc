import { SvelteMap } from 'svelte/reactivity';
import { canonBook } from './books';
import {
	compareRefs,
	describeImport,
	exportNotes,
	isEmpty,
	NotesFileRefused,
	parseLabels,
	refKey,
	type HighlightColour,
	type VerseNote,
	type VerseRef
} from './format';
import { NotesStore } from './store';

const failed = (error: unknown) =>
	`Not saved on this device: ${error instanceof Error ? error.message : 'the browser refused to store it'}. Try again; if it goes on, check the browser’s storage settings.`;

/** The user's bookmarks, highlights and notes, with the search and label filter of "My notes". */
export class NotesState {
	readonly #byKey = new SvelteMap<string, VerseNote>();
	#store: NotesStore | undefined;
	#loading: Promise<void> | undefined;
	loaded = $state(false);
	/** Why the last change or import did not happen; '' when it did. */
	problem = $state('');
	/** What the last import or export did. */
	message = $state('');
	search = $state('');
	label = $state('');

	/** Everything, in Bible order. */
	readonly all: VerseNote[] = $derived([...this.#byKey.values()].sort(compareRefs));
	readonly labels: string[] = $derived(
		this.all
			.flatMap((n) => n.labels)
			.filter((l, i, list) => list.indexOf(l) === i)
			.sort((a, b) => a.localeCompare(b))
	);
	/** What "My notes" shows: the search matches the reference, the note or a label. */
	readonly visible: VerseNote[] = $derived.by(() => {
		const q = this.search.trim().toLowerCase();
		return this.all.filter(
			(n) =>
				(!this.label || n.labels.includes(this.label)) &&
				(!q ||
					n.note.toLowerCase().includes(q) ||
					n.labels.some((l) => l.toLowerCase().includes(q)) ||
					refName(n).toLowerCase().includes(q))
		);
	});

	constructor(store?: NotesStore) {
		this.#store = store;
	}

	get #db(): NotesStore {
		return (this.#store ??= new NotesStore());
	}

	/** Reads the records once (again with `force`, e.g. after another tab changed them). */
	load(force = false): Promise<void> {
		if (this.#loading && !force) return this.#loading;
		this.#loading = this.#db
			.all()
			.then((notes) => {
				this.#byKey.clear();
				for (const n of notes) this.#byKey.set(refKey(n), n);
			})
			.catch((error: unknown) => {
				this.problem = `Your notes could not be read on this device: ${error instanceof Error ? error.message : 'storage is not available'}.`;
			})
			.finally(() => {
				this.loaded = true;
			});
		return this.#loading;
	}

	get(ref: VerseRef): VerseNote | undefined {
		return this.#byKey.get(refKey(ref));
	}

	async #change(ref: VerseRef, edit: (n: VerseNote) => VerseNote): Promise<boolean> {
		await this.load();
		const now = Date.now();
		const before = this.get(ref);
		const next = edit(
			before ?? { ...ref, bookmark: false, note: '', labels: [], created: now, updated: now }
		);
		next.updated = now;
		try {
			await this.#db.put(next);
		} catch (error) {
			this.problem = failed(error);
			return false;
		}
		this.problem = '';
		if (isEmpty(next)) this.#byKey.delete(refKey(ref));
		else this.#byKey.set(refKey(ref), next);
		return true;
	}

	toggleBookmark(ref: VerseRef): Promise<boolean> {
		return this.#change(ref, (n) => ({ ...n, bookmark: !n.bookmark }));
	}

	setHighlight(ref: VerseRef, colour: HighlightColour | undefined): Promise<boolean> {
		return this.#change(ref, ({ highlight: _, ...n }) => ({
			...n,
			...(colour && { highlight: colour })
		}));
	}

	/** Saves the note's text and labels (labels typed as "love, hope"). */
	saveNote(ref: VerseRef, text: string, labels: string): Promise<boolean> {
		return this.#change(ref, (n) => ({ ...n, note: text.trim(), labels: parseLabels(labels) }));
	}

	/** Removes the note's text and labels; a bookmark or highlight stays. */
	deleteNote(ref: VerseRef): Promise<boolean> {
		return this.#change(ref, (n) => ({ ...n, note: '', labels: [] }));
	}

	/** Removes everything on the verse. */
	async remove(ref: VerseRef): Promise<boolean> {
		try {
			await this.#db.delete(refKey(ref));
		} catch (error) {
			this.problem = failed(error);
			return false;
		}
		this.problem = '';
		this.#byKey.delete(refKey(ref));
		return true;
	}

	/** The export file's text; says what it holds. */
	exportFile(): string {
		const n = this.all.length;
		this.problem = '';
		this.message = `Exported ${n} ${n === 1 ? 'verse' : 'verses'} with notes, bookmarks or highlights.`;
		return exportNotes(this.all);
	}

	/** Imports an export file, merged with what is here; a refused file changes nothing. */
	async importFile(text: string): Promise<boolean> {
		await this.load();
		try {
			const result = await this.#db.importFile(text);
			for (const n of result.write) this.#byKey.set(refKey(n), n);
			this.problem = '';
			this.message = describeImport(result);
			return true;
		} catch (error) {
			this.message = '';
			this.problem = `Not imported, nothing changed: ${
				error instanceof NotesFileRefused
					? error.message
					: `the notes could not be stored (${error instanceof Error ? error.message : 'storage refused'}).`
			}`;
			return false;
		}
	}
}

/** "John 3:16", with the canon's English name (the translation's own names are not known here). */
export function refName(r: VerseRef, bookName?: string): string {
	return `${bookName ?? canonBook(r.book)?.name ?? r.book} ${r.chapter}:${r.verse}`;
}

/** One for the whole app: the reader and "My notes" show the same records. */
export const verseNotes = new NotesState();
