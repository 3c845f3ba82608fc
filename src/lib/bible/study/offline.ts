// Study data kept for offline use, apart from the service worker's cache (which keeps only what
// was read): each part (Strong's, a commentary, the topics) is downloaded whole into IndexedDB
// (`bible-study`, one record per file), read from there first, measured and deleted as one line
// of Storage.
import { createStore, del, get, getMany, set, type UseStore } from 'idb-keyval';

export interface StudyPart {
	id: 'strongs' | 'mhcc' | 'scofield' | 'tdavid' | 'topics' | 'greek' | 'hebrew';
	/** What Storage calls it. */
	label: string;
	/** Which files of the split data (split.ts) it is. */
	has: (file: string) => boolean;
}

export const STUDY_PARTS: readonly StudyPart[] = [
	{
		id: 'strongs',
		label: "Strong's numbers (KJV and dictionaries)",
		has: (f) => /^(kjv|strongs|strongs-verses)\//.test(f)
	},
	{
		id: 'mhcc',
		label: "Matthew Henry's Concise Commentary",
		has: (f) => f === 'commentary/index.json' || f.startsWith('commentary/mhcc/')
	},
	{
		id: 'scofield',
		label: 'Scofield Reference Notes',
		has: (f) => f === 'commentary/index.json' || f.startsWith('commentary/scofield/')
	},
	{
		id: 'tdavid',
		label: "Spurgeon's Treasury of David (Psalms)",
		has: (f) => f === 'commentary/index.json' || f.startsWith('commentary/tdavid/')
	},
	{ id: 'topics', label: "Nave's Topical Bible", has: (f) => f.startsWith('topics/') },
	{
		id: 'greek',
		label: 'Greek New Testament words (SBLGNT, MorphGNT)',
		has: (f) => f.startsWith('original/SBLGNT/')
	},
	{
		id: 'hebrew',
		label: 'Hebrew Bible words (WLC, Open Scriptures Hebrew Bible)',
		has: (f) => f.startsWith('original/WLC/')
	}
];

/** What is kept of a part: its files' total size, and whether all of them are there. */
export interface PartRecord {
	files: number;
	bytes: number;
	complete: boolean;
}

let db: UseStore | undefined;
const store = () => (db ??= createStore('bible-study', 'files'));
const fileKey = (file: string) => `file:${file}`;
const partKey = (id: string) => `part:${id}`;

/** A kept file's JSON text, if this device has it. */
export async function keptFile(file: string): Promise<string | undefined> {
	try {
		return await get<string>(fileKey(file), store());
	} catch {
		return undefined; // no IndexedDB (a private window): read from the network
	}
}

export async function partRecords(): Promise<Record<string, PartRecord | undefined>> {
	const records = await getMany<PartRecord>(
		STUDY_PARTS.map((p) => partKey(p.id)),
		store()
	);
	return Object.fromEntries(STUDY_PARTS.map((p, i) => [p.id, records[i]]));
}

/**
 * Keeps every file of a part: `fetchText` gives a file's JSON text. Files already kept are not
 * fetched again, so a download that stopped resumes. Rejects on the first failure (what was kept
 * stays); the record says complete only at the end.
 */
export async function keepPart(
	part: StudyPart,
	allFiles: readonly string[],
	fetchText: (file: string) => Promise<string>,
	onProgress: (done: number, total: number) => void,
	signal?: AbortSignal
): Promise<PartRecord> {
	const files = allFiles.filter(part.has);
	let bytes = 0;
	for (const [i, file] of files.entries()) {
		signal?.throwIfAborted();
		let text = await get<string>(fileKey(file), store());
		if (text === undefined) {
			text = await fetchText(file);
			await set(fileKey(file), text, store());
		}
		bytes += text.length;
		onProgress(i + 1, files.length);
		await set(partKey(part.id), { files: i + 1, bytes, complete: false }, store());
	}
	const record = { files: files.length, bytes, complete: true };
	await set(partKey(part.id), record, store());
	return record;
}

/**
 * Keeps some files of a part (a downloaded book's words), counted in the part's record: Storage
 * shows the part partly downloaded, with what it takes, until all of it is.
 */
export async function keepFiles(
	part: StudyPart,
	files: readonly string[],
	fetchText: (file: string) => Promise<string>,
	signal?: AbortSignal
): Promise<PartRecord> {
	let record = (await get<PartRecord>(partKey(part.id), store())) ?? {
		files: 0,
		bytes: 0,
		complete: false
	};
	for (const file of files) {
		signal?.throwIfAborted();
		if ((await get<string>(fileKey(file), store())) !== undefined) continue;
		const text = await fetchText(file);
		await set(fileKey(file), text, store());
		record = { ...record, files: record.files + 1, bytes: record.bytes + text.length };
		await set(partKey(part.id), record, store());
	}
	return record;
}

/** Deletes a part's files (a file two parts share stays while the other part is kept). */
export async function dropPart(part: StudyPart, allFiles: readonly string[]): Promise<void> {
	const records = await partRecords();
	const others = STUDY_PARTS.filter((p) => p.id !== part.id && records[p.id]);
	for (const file of allFiles.filter(part.has))
		if (!others.some((p) => p.has(file))) await del(fileKey(file), store());
	await del(partKey(part.id), store());
}
