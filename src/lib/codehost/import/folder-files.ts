import { FileRefused } from '$lib/ui/file-refused';
/**
 * The files of a folder chosen in “Import a Bruno folder” (or dropped, dropped-items.ts) that the
 * import reads: `bruno.json` and
 * the `.bru` files (requests, `folder.bru`, `collection.bru`, `environments/*.bru`), by their path
 * inside the folder; `node_modules`, `.git` and anything else left unread. Runs on the page and
 * reads no file: only names and sizes. No Svelte, no DOM.
 */

export interface FolderFile {
	/** Path inside the chosen folder, `/`-separated (`Projekte/Zweige/folder.bru`). */
	path: string;
	file: Blob;
}

/** Past these a folder is refused unread: a collection a person keeps is far smaller. */
export const FOLDER_LIMITS = { files: 5_000, bytes: 50_000_000 };

/** Folders never read, nor entered when a dropped folder is walked. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** A chosen file as the browser names it: its path under the folder the person chose. */
export interface PickedFile {
	name: string;
	size: number;
	webkitRelativePath?: string;
}

/** Chosen with the folder picker or dropped: the words that say what to do instead. */
const HOW = {
	chosen: {
		noConfig:
			'The folder holds no bruno.json, so it is not a Bruno collection. Choose the folder that holds bruno.json.',
		pick: 'Choose'
	},
	dropped: {
		noConfig:
			'The dropped folder holds no bruno.json, so it is not a Bruno collection. Drop the folder that holds bruno.json, or one exported file.',
		pick: 'Drop'
	}
};

/**
 * The folder's name and the files to read, paths relative to the folder that holds `bruno.json`
 * (the chosen one, or the one folder inside it that holds it). Throws FileRefused with what to
 * choose instead.
 */
export function brunoFolderFiles<T extends PickedFile & Blob>(
	picked: readonly T[]
): { name: string; files: FolderFile[] } {
	return collectionFiles(
		picked.map((file) => ({ path: file.webkitRelativePath || file.name, file })),
		HOW.chosen
	);
}

/** The same for a dropped folder's files (walkDroppedFolder names them as the picker does). */
export function droppedBrunoFiles(walked: readonly FolderFile[]): {
	name: string;
	files: FolderFile[];
} {
	return collectionFiles(walked, HOW.dropped);
}

function collectionFiles(
	given: readonly FolderFile[],
	how: (typeof HOW)[keyof typeof HOW]
): { name: string; files: FolderFile[] } {
	const all = given.map(({ path, file }) => ({ parts: path.split('/').filter(Boolean), file }));
	const configs = all
		.filter((f) => f.parts.at(-1) === 'bruno.json' && !f.parts.some((p) => SKIPPED_FOLDERS.has(p)))
		.sort((a, b) => a.parts.length - b.parts.length);
	const config = configs[0];
	if (!config) throw new FileRefused(how.noConfig);
	const base = config.parts.slice(0, -1);
	const files: FolderFile[] = [];
	let bytes = 0;
	for (const { parts, file } of all) {
		if (parts.length <= base.length || base.some((p, i) => parts[i] !== p)) continue;
		const inside = parts.slice(base.length);
		if (inside.some((p) => SKIPPED_FOLDERS.has(p))) continue;
		if (!(inside.join('/') === 'bruno.json' || inside.at(-1)!.endsWith('.bru'))) continue;
		files.push({ path: inside.join('/'), file });
		bytes += file.size;
		if (files.length > FOLDER_LIMITS.files || bytes > FOLDER_LIMITS.bytes)
			throw new FileRefused(
				`The folder holds more than ${FOLDER_LIMITS.files} Bruno files or ${FOLDER_LIMITS.bytes / 1_000_000} MB; a collection a person keeps is far smaller. ${how.pick} one collection's folder.`
			);
	}
	return { name: base.at(-1) ?? 'Bruno collection', files };
}
