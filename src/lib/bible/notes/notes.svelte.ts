import {
	exportNotes,
	isEmpty,
	parseLabels,
	refKey,
	sortByRef,
	type HighlightColour,
	type VerseNote,
	type VerseRef
} from './format';
import type { PlanProgress } from '../plans/schedule';
import { readNotesFile } from './import-file';
import type { ReadOptions } from './read-notes';
import { MemoryNotes } from './memory-store';
import { describeImport, saveOver, type NoteBase } from './merge';
import { notImported, notSaved } from './messages';
import { refName } from './ref-name';
import { NotesStore, StorageUnavailable, type NotesBackend } from './store';
import { reportStorageFault } from '$lib/ui/storage-faults';
import { NewerData } from '$lib/ui/stored-format';
import { keepStorage } from '$lib/ui/kept-storage';
import { snapshotBefore } from '$lib/ui/snapshot-before';

// Other tabs of the app are told when notes change, so each shows what the others saved.

const CHANNEL = 'bible-notes';

/** `keys` of the verses changed, or none for "reload everything" (after an import). */
type NotesChange = { keys?: string[] };

/**
 * Listens for other tabs' changes; returns how to tell them of this tab's. Without
 * BroadcastChannel, tabs still never overwrite each other (each change is read-modify-write in
 * one transaction), they only show another tab's change after a reload.
 */
function notesChannel(onChange: (change: NotesChange) => void): (change: NotesChange) => void {
	if (typeof BroadcastChannel === 'undefined') return () => undefined;
	const channel = new BroadcastChannel(CHANNEL);
	channel.onmessage = (event: MessageEvent<NotesChange>) => onChange(event.data);
	return (change) => channel.postMessage(change);
}

/** What an import is doing, for its progress bar. */
export type ImportStage = { stage: 'reading' | 'saving'; done: number; total: number };

/** The user's bookmarks, highlights and notes, with the search and label filter of "My notes". */
export class NotesState {
	// A plain map and a version, not a SvelteMap: an import sets 31,000 entries at once.
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- made reactive by #version
	readonly #byKey = new Map<string, VerseNote>();
	#version = $state(0);
	#store: NotesBackend | undefined;
	#loading: Promise<void> | undefined;
	#abort: AbortController | undefined;
	#tellOthers: ((change: NotesChange) => void) | undefined;
	loaded = $state(false);
	/** The browser refused IndexedDB: the notes live in this tab only, until it closes. */
	memoryOnly = $state(false);
	/** Why the last change or import did not happen; '' when it did. */
	problem = $state('');
	/** What the last import or export did; or that a save met another tab's edit. */
	message = $state('');
	importing = $state<ImportStage | null>(null);
	search = $state('');
	label = $state('');

	/** Everything, in Bible order. */
	readonly all: VerseNote[] = $derived.by(() => {
		void this.#version;
		return sortByRef(this.#byKey.values());
	});
	readonly labels: string[] = $derived(
		// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a throwaway set, not state
		[...new Set(this.all.flatMap((n) => n.labels))].sort((a, b) => a.localeCompare(b))
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

	constructor(store?: NotesBackend) {
		this.#store = store;
	}

	get #db(): NotesBackend {
		return (this.#store ??= new NotesStore());
	}

	/** Reads the records once (again with `force`, e.g. after another tab imported). */
	load(force = false): Promise<void> {
		if (this.#loading && !force) return this.#loading;
		this.#listen();
		this.#loading = this.#db
			.all()
			.then((notes) => {
				this.#byKey.clear();
				for (const n of notes) this.#byKey.set(refKey(n), n);
				this.#version++;
			})
			.catch((error: unknown) => {
				if (error instanceof StorageUnavailable) {
					// Reading and noting go on for the session; "My notes" says to export them.
					this.#store = new MemoryNotes();
					this.memoryOnly = true;
					reportStorageFault(error);
				} else if (error instanceof NewerData) this.problem = error.message;
				else
					this.problem = `Your notes could not be read on this device: ${error instanceof Error ? error.message : 'storage is not available'}.`;
			})
			.finally(() => {
				this.loaded = true;
			});
		return this.#loading;
	}

	/** Another tab's changes are shown here too. */
	#listen(): void {
		this.#tellOthers ??= notesChannel(({ keys }) => {
			if (this.memoryOnly) return;
			if (!keys) void this.load(true);
			else for (const key of keys) void this.#db.get(key).then((n) => this.#show(key, n), Boolean);
		});
	}

	#tell(keys?: string[]): void {
		if (!this.memoryOnly) this.#tellOthers?.(keys ? { keys } : {});
	}

	#show(key: string, n: VerseNote | undefined): void {
		if (n) this.#byKey.set(key, n);
		else this.#byKey.delete(key);
		this.#version++;
	}

	get(ref: VerseRef): VerseNote | undefined {
		void this.#version;
		return this.#byKey.get(refKey(ref));
	}

	/** Applies `edit` to the verse's record as stored now (another tab may have changed it). */
	async #change(ref: VerseRef, edit: (n: VerseNote) => VerseNote): Promise<boolean> {
		await this.load();
		const now = Date.now();
		const blank = { ...ref, bookmark: false, note: '', labels: [], created: now, updated: now };
		let next: VerseNote;
		try {
			next = await this.#db.update(ref, (stored) => ({ ...edit(stored ?? blank), updated: now }));
		} catch (error) {
			this.problem = notSaved(error);
			return false;
		}
		this.problem = '';
		keepStorage();
		this.#show(refKey(ref), isEmpty(next) ? undefined : next);
		this.#tell([refKey(ref)]);
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

	/**
	 * Saves the note's text and labels (labels typed as "love, hope"). When the note was changed
	 * elsewhere since the editor showed `base`, both are kept and `message` says so.
	 */
	saveNote(ref: VerseRef, text: string, labels: string, base?: NoteBase): Promise<boolean> {
		this.message = '';
		const mine = { note: text.trim(), labels: parseLabels(labels) };
		return this.#change(ref, (n) => {
			const saved = saveOver(n, mine, base);
			if (saved.met) this.message = `The note on ${refName(ref)} ${saved.met}`;
			return saved.record;
		});
	}

	/** Removes the note's text and labels (a bookmark or highlight stays), unless changed elsewhere. */
	deleteNote(ref: VerseRef, base?: NoteBase): Promise<boolean> {
		this.message = '';
		return this.#change(ref, (n) => {
			const saved = saveOver(n, { note: '', labels: [] }, base);
			if (saved.met) this.message = `The note on ${refName(ref)} ${saved.met}`;
			return saved.record;
		});
	}

	/** Removes everything on the verse. */
	async remove(ref: VerseRef): Promise<boolean> {
		try {
			await this.#db.delete(refKey(ref));
		} catch (error) {
			this.problem = notSaved(error);
			return false;
		}
		this.problem = '';
		this.#show(refKey(ref), undefined);
		this.#tell([refKey(ref)]);
		return true;
	}

	/** The export file's text (with the reading plans under way); says what it holds. */
	exportFile(plans: readonly PlanProgress[] = []): string {
		const n = this.all.length;
		this.problem = '';
		this.message = `Exported ${n} ${n === 1 ? 'verse' : 'verses'} with notes, bookmarks or highlights.`;
		return exportNotes(this.all, Date.now(), plans);
	}

	/**
	 * Imports an export file, merged with what is here: read in a worker, then stored in one
	 * transaction, with progress. A refused, failed or cancelled import changes nothing.
	 */
	async importFile(file: Blob | string, onPlans?: ReadOptions['onPlans']): Promise<boolean> {
		await this.load();
		this.#abort?.abort();
		const { signal } = (this.#abort = new AbortController());
		this.message = '';
		this.problem = '';
		this.importing = { stage: 'reading', done: 0, total: 0 };
		try {
			const blob = typeof file === 'string' ? new Blob([file]) : file;
			const incoming = await readNotesFile(blob, {
				signal,
				onProgress: (done, total) => (this.importing = { stage: 'reading', done, total }),
				onPlans
			});
			const undo = await snapshotBefore('import-notes');
			this.importing = { stage: 'saving', done: 0, total: incoming.length };
			const result = await this.#db.importNotes(incoming, {
				signal,
				onProgress: (done, total) => (this.importing = { stage: 'saving', done, total })
			});
			for (const n of result.write) this.#byKey.set(refKey(n), n);
			this.#version++;
			this.message = describeImport(result) + undo;
			if (result.write.length) this.#tell();
			return true;
		} catch (error) {
			if (signal.aborted) this.message = 'Import cancelled: nothing changed.';
			else this.problem = notImported(error);
			return false;
		} finally {
			if (this.#abort?.signal === signal) {
				this.importing = null;
				this.#abort = undefined;
			}
		}
	}

	/** Stops the import under way; what was here stays as it was. */
	cancelImport(): void {
		this.#abort?.abort(new DOMException('The import was cancelled.', 'AbortError'));
	}
}

/** One for the whole app: the reader and "My notes" show the same records. */
export const verseNotes = new NotesState();
