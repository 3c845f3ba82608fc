// Reading a notes file for import: in a Web Worker, so that a 5 MB file never holds the page still,
// or, where no worker can run, on the page in slices with a pause between them.
import { FileRefused } from '$lib/ui/file-refused';
import { LIMITS, type VerseNote } from './format';
import { readNotesText, type FromImportWorker, type ReadOptions } from './read-notes';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Reads on the page, a slice per task (when no worker can run). */
async function readHere(file: Blob, options: ReadOptions): Promise<VerseNote[]> {
	return readNotesText(await file.text(), options, nextTask);
}

/**
 * Reads a notes file in a worker of its own, ended when done or when `signal` aborts (Cancel).
 * Falls back to reading on the page in slices where workers cannot run.
 */
export function readNotesFile(file: Blob, options: ReadOptions = {}): Promise<VerseNote[]> {
	const { signal, onProgress, onPlans } = options;
	if (signal?.aborted) return Promise.reject(signal.reason as Error);
	// Refused before reading a byte: a file this large is not an export of notes.
	if (file.size > LIMITS.fileBytes)
		return Promise.reject(
			new FileRefused(
				`the file is larger than ${LIMITS.fileBytes / 1_000_000} MB; an export of notes is far smaller.`
			)
		);
	if (typeof Worker === 'undefined') return readHere(file, options);
	return new Promise((resolve, reject) => {
		const worker = new Worker(new URL('./import.worker.ts', import.meta.url), {
			type: 'module',
			name: 'bible-notes-import'
		});
		const end = () => {
			worker.terminate();
			signal?.removeEventListener('abort', cancel);
		};
		const cancel = () => {
			end();
			reject(signal!.reason as Error);
		};
		signal?.addEventListener('abort', cancel, { once: true });
		const notes: VerseNote[] = [];
		worker.onmessage = (event: MessageEvent<FromImportWorker>) => {
			const m = event.data;
			if (m.type === 'progress') return onProgress?.(m.read, m.total);
			if (m.type === 'notes') return void notes.push(...m.notes);
			if (m.type === 'plans') return onPlans?.(m.plans);
			end();
			if (m.type === 'read') resolve(notes);
			else reject(new FileRefused(m.message));
		};
		// A worker that cannot start here (blocked, or an error loading it): read on the page.
		worker.onerror = (event) => {
			event.preventDefault();
			end();
			readHere(file, options).then(resolve, reject);
		};
		worker.postMessage(file);
	});
}
