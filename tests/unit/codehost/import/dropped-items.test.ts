/**
 * What a drop on the import area brings: one file or one folder, anything else refused with what
 * to drop; a dropped folder walked, every batch of every folder, into the files the folder picker
 * would give, node_modules and .git not entered, only Bruno's files opened.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
	droppedItem,
	walkDroppedFolder,
	WALK_LIMITS,
	type DirectoryEntryLike,
	type DroppedItemLike
} from '$lib/codehost/import/dropped-items';
import { brunoFolderFiles, droppedBrunoFiles } from '$lib/codehost/import/folder-files';
import { dirEntry, diskEntry, fileEntry, newLog } from './entries';

const FIXTURE = fileURLToPath(new URL('./fixtures/bruno-folder/GitLab Bruno', import.meta.url));

/** The fixture folder as the folder picker gives it: every file, by its path under the parent. */
async function picked(): Promise<File[]> {
	const parent = join(FIXTURE, '..');
	const entries = await readdir(FIXTURE, { recursive: true, withFileTypes: true });
	return Promise.all(
		entries
			.filter((e) => e.isFile())
			.map(async (e) => {
				const path = join(e.parentPath, e.name);
				const file = new File([await readFile(path)], e.name);
				Object.defineProperty(file, 'webkitRelativePath', {
					value: path.slice(parent.length + 1)
				});
				return file;
			})
	);
}

const texts = async (files: { path: string; file: Blob }[]) =>
	Object.fromEntries(await Promise.all(files.map(async (f) => [f.path, await f.file.text()])));

describe('walkDroppedFolder', () => {
	it('the fixture collection dropped gives the files (paths and contents) the folder picker gives', async () => {
		// Two entries a batch: every folder of the fixture takes several readEntries calls.
		const entry = (await diskEntry(FIXTURE, 2)) as DirectoryEntryLike;
		const walked = await walkDroppedFolder(entry);
		expect(walked.map((f) => f.path)).toContain('GitLab Bruno/Projekte/Zweige/Zweig-Commits.bru');
		const dropped = droppedBrunoFiles(walked);
		const chosen = brunoFolderFiles(await picked());
		expect(dropped.name).toBe('GitLab Bruno');
		expect(dropped.files.map((f) => f.path).sort()).toEqual(chosen.files.map((f) => f.path).sort());
		expect(dropped.files.length).toBe(17);
		expect(await texts(dropped.files)).toEqual(await texts(chosen.files));
	});

	it('reads each folder until readEntries answers with an empty batch', async () => {
		const log = newLog();
		const seven = Array.from({ length: 7 }, (_, i) => fileEntry(`r${i}.bru`, 'x'));
		const walked = await walkDroppedFolder(dirEntry('c', seven, { batch: 3, log }));
		expect(walked.map((f) => f.path)).toEqual([
			'c/r0.bru',
			'c/r1.bru',
			'c/r2.bru',
			'c/r3.bru',
			'c/r4.bru',
			'c/r5.bru',
			'c/r6.bru'
		]);
		// Three batches with entries, then the empty one.
		expect(log.batches).toBe(4);
	});

	it('does not enter node_modules or .git, and opens only bruno.json and .bru files', async () => {
		const log = newLog();
		const opts = { log };
		const folder = dirEntry(
			'Sammlung',
			[
				fileEntry('bruno.json', '{}', log),
				fileEntry('README.md', 'x', log),
				fileEntry('.env', 'TOKEN=geheim', log),
				dirEntry('node_modules', [fileEntry('a.bru', 'x', log)], opts),
				dirEntry('.git', [fileEntry('b.bru', 'x', log)], opts),
				dirEntry('Ärger', [fileEntry('Anfrage.bru', 'x', log)], opts)
			],
			opts
		);
		const walked = await walkDroppedFolder(folder);
		expect(walked.map((f) => f.path)).toEqual([
			'Sammlung/bruno.json',
			'Sammlung/Ärger/Anfrage.bru'
		]);
		expect(log.listed).toEqual(['Sammlung', 'Ärger']);
		expect(log.opened).toEqual(['bruno.json', 'Anfrage.bru']);
	});

	it('a folder the browser cannot list, or a file it cannot open, is refused with what to do', async () => {
		const unlistable: DirectoryEntryLike = {
			...dirEntry('x', []),
			createReader: () => ({ readEntries: (_done, failed) => failed?.(new Error('NotFoundError')) })
		};
		await expect(walkDroppedFolder(dirEntry('c', [unlistable]))).rejects.toThrow(
			'This browser could not read the dropped folder. Choose it with “Import a Bruno folder” instead.'
		);
		const unopenable = {
			...fileEntry('a.bru', ''),
			file: (_d: unknown, failed?: (e: unknown) => void) => failed?.(new Error('gone'))
		};
		await expect(walkDroppedFolder(dirEntry('c', [unopenable]))).rejects.toThrow(FileRefused);
	});

	it('tells how far it has come after every batch and file, and stops when aborted', async () => {
		const files = Array.from({ length: 5 }, (_, i) => fileEntry(`r${i}.bru`, 'x'));
		const others = Array.from({ length: 5 }, (_, i) => fileEntry(`n${i}.txt`, 'x'));
		const seen: { entries: number; files: number }[] = [];
		await walkDroppedFolder(dirEntry('c', [...others, ...files], { batch: 4 }), {
			progress: (walked) => seen.push(walked)
		});
		// Each count is at least the one before; the last has every entry and every Bruno file.
		expect(seen.at(-1)).toEqual({ entries: 10, files: 5 });
		for (let i = 1; i < seen.length; i++) {
			expect(seen[i]!.entries).toBeGreaterThanOrEqual(seen[i - 1]!.entries);
			expect(seen[i]!.files).toBeGreaterThanOrEqual(seen[i - 1]!.files);
		}
		// A count after each of the three batches with entries, and after each file opened.
		expect(seen.length).toBe(3 + 5);

		const stop = new AbortController();
		const log = newLog();
		const many = Array.from({ length: 50 }, (_, i) => fileEntry(`r${i}.bru`, 'x', log));
		const walking = walkDroppedFolder(dirEntry('c', many, { batch: 10 }), {
			signal: stop.signal,
			progress: ({ files }) => {
				if (files === 3) stop.abort(new DOMException('Cancelled', 'AbortError'));
			}
		});
		await expect(walking).rejects.toThrow('Cancelled');
		expect(log.opened.length).toBe(3);
	});

	it('a folder far larger than a collection is refused, however it nests', async () => {
		const many = Array.from({ length: WALK_LIMITS.entries + 1 }, (_, i) =>
			fileEntry(`f${i}.txt`, '')
		);
		await expect(walkDroppedFolder(dirEntry('home', many, { batch: 1_000 }))).rejects.toThrow(
			/far smaller\. Drop one collection's folder\./
		);
		let deep = dirEntry('d', [fileEntry('a.bru', '')]);
		for (let i = 0; i <= WALK_LIMITS.depth; i++) deep = dirEntry(`d${i}`, [deep]);
		await expect(walkDroppedFolder(deep)).rejects.toThrow(FileRefused);
	});
});

/** A DataTransferItem as Chromium gives it for a file or a folder dragged from the desktop. */
const item = (entry: unknown, file: File | null = null): DroppedItemLike => ({
	kind: 'file',
	getAsFile: () => file,
	webkitGetAsEntry: () => entry
});

describe('droppedItem', () => {
	const file = new File(['{}'], 'export.json');

	it('one file is read as a file, one folder as a folder', () => {
		expect(droppedItem([item(fileEntry('export.json', '{}'), file)])).toEqual({
			kind: 'file',
			file
		});
		// A file put into a DataTransfer by a page has no entry: still a file.
		expect(droppedItem([{ kind: 'file', getAsFile: () => file }])).toEqual({ kind: 'file', file });
		const folder = dirEntry('GitLab Bruno', []);
		expect(droppedItem([item(folder, file)])).toEqual({ kind: 'folder', entry: folder });
	});

	it('several items are refused with what one drop takes', () => {
		const two = droppedItem([item(null, file), item(dirEntry('c', []))]);
		expect(two).toEqual({
			kind: 'refused',
			message:
				'2 items were dropped, and one import reads one. Drop one exported file, or one Bruno collection folder (the folder that holds bruno.json).'
		});
	});

	it('dropped text is not an import; an item with neither file nor folder is refused', () => {
		expect(droppedItem([{ kind: 'string', getAsFile: () => null }])).toEqual({ kind: 'none' });
		expect(droppedItem([])).toEqual({ kind: 'none' });
		expect(droppedItem([item(null)])).toMatchObject({
			kind: 'refused',
			message: expect.stringMatching(/^The dropped item could not be read\. Drop one exported file/)
		});
	});
});
