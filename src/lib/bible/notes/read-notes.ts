// Reading a notes file's text a slice at a time: in the import worker, or on the page where no
// worker can run. Also what the worker and the page say to each other.
import { readPlans } from '../plans/file';
import type { PlanProgress } from '../plans/schedule';
import { readEntries, readFile, type VerseNote } from './format';

/** Entries checked per slice: about 20 ms of work for 2,000 here. */
const SLICE = 2000;

/** What the import worker tells the page. */
export type FromImportWorker =
	| { type: 'progress'; read: number; total: number }
	| { type: 'notes'; notes: VerseNote[] }
	| { type: 'plans'; plans: PlanProgress[] }
	| { type: 'read'; total: number }
	| { type: 'refused'; message: string };

export interface ReadOptions {
	onProgress?: (read: number, total: number) => void;
	signal?: AbortSignal;
	/** The file's reading plans, checked, before its notes are read. */
	onPlans?: (plans: PlanProgress[]) => void;
}

/**
 * Reads and checks a whole file (see `readFileEntries`): resolves with its records, or rejects
 * with FileRefused and the reason. `pause` runs between slices.
 */
export async function readNotesText(
	text: string,
	{ onProgress, signal, onPlans }: ReadOptions = {},
	pause: () => Promise<void> = () => Promise.resolve()
): Promise<VerseNote[]> {
	const { entries, plans } = readFile(text);
	onPlans?.(readPlans(plans));
	const seen = new Set<string>();
	const out: VerseNote[] = [];
	for (let at = 0; at < entries.length; at += SLICE) {
		signal?.throwIfAborted();
		readEntries(entries, at, at + SLICE, seen, out);
		onProgress?.(Math.min(at + SLICE, entries.length), entries.length);
		await pause();
	}
	signal?.throwIfAborted();
	return out;
}
