/**
 * Which files of a chosen folder a Bruno import reads: bruno.json and .bru files under the folder
 * that holds bruno.json, never node_modules or .git, nothing else; a folder without bruno.json,
 * or far too large, is refused with what to choose.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { brunoFolderFiles, FOLDER_LIMITS } from '$lib/codehost/import/folder-files';

/** A file as the folder picker gives it: its path under the chosen folder. */
const picked = (path: string, size = 10) =>
	Object.assign(new Blob(['x'.repeat(size)]), {
		name: path.split('/').at(-1)!,
		webkitRelativePath: path
	});

describe('brunoFolderFiles', () => {
	it('keeps bruno.json and .bru files, paths inside the collection folder', () => {
		const { name, files } = brunoFolderFiles([
			picked('Meine Sammlung/bruno.json'),
			picked('Meine Sammlung/collection.bru'),
			picked('Meine Sammlung/environments/Lokal.bru'),
			picked('Meine Sammlung/Ärger/folder.bru'),
			picked('Meine Sammlung/Ärger/Anfrage.bru'),
			picked('Meine Sammlung/.env'),
			picked('Meine Sammlung/README.md'),
			picked('Meine Sammlung/node_modules/x/y.bru'),
			picked('Meine Sammlung/.git/z.bru')
		]);
		expect(name).toBe('Meine Sammlung');
		expect(files.map((f) => f.path)).toEqual([
			'bruno.json',
			'collection.bru',
			'environments/Lokal.bru',
			'Ärger/folder.bru',
			'Ärger/Anfrage.bru'
		]);
	});

	it('a parent folder chosen: the collection is the folder inside that holds bruno.json', () => {
		const { name, files } = brunoFolderFiles([
			picked('repo/api/bruno.json'),
			picked('repo/api/a.bru'),
			picked('repo/other.bru')
		]);
		expect(name).toBe('api');
		expect(files.map((f) => f.path)).toEqual(['bruno.json', 'a.bru']);
	});

	it('refuses a folder with no bruno.json, or more than it would read', () => {
		expect(() => brunoFolderFiles([picked('x/a.bru')])).toThrow(FileRefused);
		expect(() => brunoFolderFiles([picked('x/a.bru')])).toThrow(/holds no bruno\.json/);
		expect(() =>
			brunoFolderFiles([picked('x/bruno.json'), picked('x/big.bru', FOLDER_LIMITS.bytes + 1)])
		).toThrow(/far smaller/);
	});
});
