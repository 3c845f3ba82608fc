/**
 * Entry-like objects as Chromium gives them for a dropped item (FileSystemDirectoryEntry,
 * FileSystemFileEntry), over plain data or over a folder on disk: a directory's reader hands out
 * its entries in batches and then an empty batch, as readEntries does.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
	DirectoryEntryLike,
	EntryLike,
	FileEntryLike
} from '$lib/codehost/import/dropped-items';

/** What a test can see of a walk: folders listed and files opened. */
export interface WalkLog {
	listed: string[];
	opened: string[];
	/** readEntries calls, each answered with one batch. */
	batches: number;
}

export const newLog = (): WalkLog => ({ listed: [], opened: [], batches: 0 });

export function fileEntry(name: string, text: string, log?: WalkLog): FileEntryLike {
	return {
		isFile: true,
		isDirectory: false,
		name,
		file(done) {
			log?.opened.push(name);
			done(new File([text], name));
		}
	};
}

export function dirEntry(
	name: string,
	children: EntryLike[],
	{ batch = 100, log }: { batch?: number; log?: WalkLog } = {}
): DirectoryEntryLike {
	return {
		isFile: false,
		isDirectory: true,
		name,
		createReader() {
			log?.listed.push(name);
			let at = 0;
			return {
				readEntries(done) {
					if (log) log.batches++;
					const next = children.slice(at, at + batch);
					at += next.length;
					// Asynchronously, as the browser answers.
					setTimeout(() => done(next), 0);
				}
			};
		}
	};
}

/** A folder on disk as a dropped entry, `batch` entries per readEntries answer. */
export async function diskEntry(path: string, batch: number, log?: WalkLog): Promise<EntryLike> {
	const name = path.split('/').at(-1)!;
	const items = await readdir(path, { withFileTypes: true });
	const children = await Promise.all(
		items.map(async (item) =>
			item.isDirectory()
				? diskEntry(join(path, item.name), batch, log)
				: fileEntry(item.name, await readFile(join(path, item.name), 'utf8'), log)
		)
	);
	return dirEntry(name, children, { batch, log });
}
