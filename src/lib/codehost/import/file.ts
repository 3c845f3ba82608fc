/**
 * Reading an imported history or collections file, as the import worker does it (and the page,
 * where no worker can start): the file read in slices with progress, then checked. A refused
 * file gives only a message; nothing is changed until the page applies a file that was read.
 * No Svelte here.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { parseCollectionsFile, type ImportedFile } from '../collections/collections';
import { mergeHistory, parseHistoryExport, type HistoryEntry } from '../history/history';
import type { FolderFile } from './folder-files';
import { loadPart } from './lazy-part';
import type { AnyImport } from './read-import';

/** `any`: this explorer's own collections file, or another tool's (see read-import.ts). */
export type ImportKind = 'history' | 'collections' | 'any';
export type ImportValue<K extends ImportKind> = K extends 'history'
	? HistoryEntry[]
	: K extends 'any'
		? AnyImport
		: ImportedFile;

/** Past this a file is refused unread: an export of 500 history entries is far smaller. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/**
 * A file for the import worker to read (a message to a worker, not an HTTP request). `apiRoot`:
 * for `any`, the API root that imported URLs are read against. `folder`: the files of a Bruno
 * collection folder (folder-files.ts), read as one import.
 */
export type ImportTask =
	| { kind: ImportKind; file: Blob; apiRoot?: string }
	| { kind: 'any'; folder: FolderFile[]; apiRoot?: string };
export type ImportReply =
	| { type: 'progress'; read: number; total: number }
	| { type: 'checking' }
	| { type: 'done'; value: HistoryEntry[] | ImportedFile | AnyImport }
	| { type: 'refused'; message: string };

/** The file's text, read a slice at a time; `progress` gets the bytes read so far. */
export async function readText(file: Blob, progress: (read: number) => void): Promise<string> {
	const reader = file.stream().getReader();
	const decoder = new TextDecoder();
	const parts: string[] = [];
	let read = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		read += value.byteLength;
		parts.push(decoder.decode(value, { stream: true }));
		progress(read);
	}
	parts.push(decoder.decode());
	return parts.join('');
}

/** Why a file is refused, in the words each panel has always used after its own prefix. */
function reason(kind: ImportKind, error: unknown): string {
	if (kind !== 'history')
		return error instanceof FileRefused ? error.message : 'the file could not be read.';
	return error instanceof Error ? error.message : String(error);
}

/** Progress at most ten times a second: a message per slice would be many. */
function throttled(reply: (message: ImportReply) => void, total: number) {
	let last = 0;
	return (read: number) => {
		const now = Date.now();
		if (now - last < 100) return;
		last = now;
		reply({ type: 'progress', read, total });
	};
}

/** The other tools' readers: their own chunk, loaded for such an import only (they are large). */
const readers = () => loadPart('readers', () => import('./read-import'));

/** Reads a Bruno collection folder's files, then the collection; every outcome is a reply. */
async function readFolder(
	folder: readonly FolderFile[],
	apiRoot: string,
	reply: (message: ImportReply) => void
): Promise<void> {
	try {
		const total = folder.reduce((n, f) => n + f.file.size, 0);
		if (total > MAX_IMPORT_BYTES)
			throw new FileRefused(
				`The folder's Bruno files are larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; a collection is far smaller.`
			);
		const progress = throttled(reply, total);
		let done = 0;
		const texts = [];
		for (const f of folder) {
			texts.push({ path: f.path, text: await readText(f.file, (n) => progress(done + n)) });
			done += f.file.size;
		}
		reply({ type: 'checking' });
		const value = await (await readers()).readBrunoFolderImport(texts, { apiRoot });
		reply({ type: 'done', value });
	} catch (error) {
		reply({ type: 'refused', message: reason('any', error) });
	}
}

/** Reads and checks a file (or a folder's files); every outcome is a reply (progress on the way). */
export async function readImport(
	task: ImportTask,
	reply: (message: ImportReply) => void
): Promise<void> {
	if ('folder' in task) return readFolder(task.folder, task.apiRoot ?? '', reply);
	const { kind, file, apiRoot = '' } = task;
	try {
		if (file.size > MAX_IMPORT_BYTES)
			throw new FileRefused(
				`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; an export is far smaller.`
			);
		const text = await readText(file, throttled(reply, file.size));
		reply({ type: 'checking' });
		// Only the newest HISTORY_LIMIT of a history file can be kept: the rest is not sent back,
		// as copying 20,000 entries to the page would itself hold it for a tenth of a second.
		const value =
			kind === 'history'
				? mergeHistory(parseHistoryExport(text), [])
				: kind === 'any'
					? await (await readers()).readAnyImport(text, { apiRoot })
					: parseCollectionsFile(text);
		reply({ type: 'done', value });
	} catch (error) {
		reply({ type: 'refused', message: reason(kind, error) });
	}
}
