/**
 * What was dropped on the import area: one file (read as if chosen in “Import collections”), one
 * folder (walked into the file list “Import a Bruno folder” gives), or anything else, refused
 * with what to drop instead. The browser's entries (DataTransferItem.webkitGetAsEntry()) are
 * taken by their shape, so tests walk plain objects. No Svelte; no DOM beyond those shapes.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { FOLDER_LIMITS, SKIPPED_FOLDERS, type FolderFile } from './folder-files';

/** A FileSystemFileEntry, as far as a walk uses it. */
export interface FileEntryLike {
	isFile: true;
	isDirectory: false;
	name: string;
	file(done: (file: File) => void, failed?: (error: unknown) => void): void;
}

/** A FileSystemDirectoryEntry, as far as a walk uses it. */
export interface DirectoryEntryLike {
	isFile: false;
	isDirectory: true;
	name: string;
	createReader(): {
		/** A batch of the folder's entries (Chromium gives 100 at a time); an empty one at the end. */
		readEntries(done: (entries: EntryLike[]) => void, failed?: (error: unknown) => void): void;
	};
}

export type EntryLike = FileEntryLike | DirectoryEntryLike;

/** A DataTransferItem, as far as a drop uses it. */
export interface DroppedItemLike {
	kind: string;
	getAsFile(): File | null;
	webkitGetAsEntry?(): unknown;
}

export type Dropped =
	| { kind: 'file'; file: File }
	| { kind: 'folder'; entry: DirectoryEntryLike }
	| { kind: 'refused'; message: string }
	| { kind: 'none' };

/** Past this many entries a walk stops: a collection folder holds far fewer, a home folder more. */
export const WALK_LIMITS = { entries: 50_000, depth: 40 };

const WHAT_TO_DROP =
	'Drop one exported file, or one Bruno collection folder (the folder that holds bruno.json).';

/**
 * What the drop brings. Must run inside the drop event: the browser empties the items after it.
 * Text or links dropped (no file among the items) are `none`.
 */
export function droppedItem(items: readonly DroppedItemLike[]): Dropped {
	const files = items.filter((i) => i.kind === 'file');
	const only = files[0];
	if (!only) return { kind: 'none' };
	if (files.length > 1)
		return {
			kind: 'refused',
			message: `${files.length} items were dropped, and one import reads one. ${WHAT_TO_DROP}`
		};
	const entry = only.webkitGetAsEntry?.();
	if (isDirectory(entry)) return { kind: 'folder', entry };
	const file = only.getAsFile();
	if (!file)
		return { kind: 'refused', message: `The dropped item could not be read. ${WHAT_TO_DROP}` };
	return { kind: 'file', file };
}

function isDirectory(entry: unknown): entry is DirectoryEntryLike {
	return (
		typeof entry === 'object' &&
		entry !== null &&
		(entry as { isDirectory?: unknown }).isDirectory === true &&
		typeof (entry as { createReader?: unknown }).createReader === 'function'
	);
}

const unreadable = () =>
	new FileRefused(
		'This browser could not read the dropped folder. Choose it with “Import a Bruno folder” instead.'
	);

/** One batch of a folder's entries. */
function batch(reader: ReturnType<DirectoryEntryLike['createReader']>): Promise<EntryLike[]> {
	return new Promise((resolve, reject) => reader.readEntries(resolve, () => reject(unreadable())));
}

function fileOf(entry: FileEntryLike): Promise<File> {
	return new Promise((resolve, reject) => entry.file(resolve, () => reject(unreadable())));
}

/** How far a walk has come: entries looked at, and Bruno files among them. */
export interface WalkProgress {
	entries: number;
	files: number;
}

/** What a walk tells as it goes, and what stops it (Cancel import). */
export interface WalkWatch {
	/** Called after each batch of entries and each file opened. */
	progress?: (walked: WalkProgress) => void;
	signal?: AbortSignal;
}

/** A file the Bruno import reads (folder-files.ts decides; this only spares opening the rest). */
const mayBeRead = (name: string) => name === 'bruno.json' || name.endsWith('.bru');

/**
 * The dropped folder's files as the folder picker names them (`GitLab Bruno/Projekte/a.bru`, the
 * dropped folder first). node_modules and .git are not entered and only bruno.json and .bru
 * files are opened: folder-files.ts would leave the rest unread. Throws FileRefused when the
 * browser cannot read the folder or it is far larger than a collection, and the signal's reason
 * when it is aborted (checked between batches and files).
 */
export async function walkDroppedFolder(
	folder: DirectoryEntryLike,
	watch: WalkWatch = {}
): Promise<FolderFile[]> {
	const files: FolderFile[] = [];
	let seen = 0;
	const tell = () => {
		watch.progress?.({ entries: seen, files: files.length });
		watch.signal?.throwIfAborted();
	};
	const tooLarge = () =>
		new FileRefused(
			`The dropped folder holds more than ${FOLDER_LIMITS.files} Bruno files or ${WALK_LIMITS.entries} entries, or nests them more than ${WALK_LIMITS.depth} deep; a collection a person keeps is far smaller. Drop one collection's folder.`
		);
	const walk = async (dir: DirectoryEntryLike, path: string, depth: number): Promise<void> => {
		if (depth > WALK_LIMITS.depth) throw tooLarge();
		const reader = dir.createReader();
		// readEntries gives the folder in batches: it is done when a batch is empty.
		for (let entries = await batch(reader); entries.length; entries = await batch(reader)) {
			for (const entry of entries) {
				if (++seen > WALK_LIMITS.entries) throw tooLarge();
				const at = `${path}/${entry.name}`;
				if (entry.isDirectory) {
					if (!SKIPPED_FOLDERS.has(entry.name)) await walk(entry, at, depth + 1);
				} else if (mayBeRead(entry.name)) {
					files.push({ path: at, file: await fileOf(entry) });
					if (files.length > FOLDER_LIMITS.files) throw tooLarge();
					tell();
				}
			}
			tell();
		}
	};
	watch.signal?.throwIfAborted();
	await walk(folder, folder.name, 0);
	return files;
}
