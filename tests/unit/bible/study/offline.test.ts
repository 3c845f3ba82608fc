// Study data kept for offline use (IndexedDB through fake-indexeddb): a part downloads whole,
// resumes where it stopped, is read back, measured and deleted without taking a shared file.
import { describe, expect, it } from 'vitest';
import {
	dropPart,
	keepFiles,
	keepPart,
	keptFile,
	partRecords,
	STUDY_PARTS
} from '$lib/bible/study/offline';

const part = (id: string) => STUDY_PARTS.find((p) => p.id === id)!;
const FILES = [
	'kjv/index.json',
	'kjv/John.json',
	'strongs/G-0.json',
	'commentary/index.json',
	'commentary/mhcc/John.json',
	'commentary/scofield/John.json',
	'topics/names.json'
];

describe('offline study data', () => {
	it('keeps every file of a part and only those; a stopped download resumes without fetching again', async () => {
		const fetched: string[] = [];
		let failOn: string | undefined = 'commentary/mhcc/John.json';
		const fetchText = async (file: string) => {
			if (file === failOn) throw new Error('network down');
			fetched.push(file);
			return JSON.stringify({ file });
		};
		await expect(keepPart(part('mhcc'), FILES, fetchText, () => {})).rejects.toThrow(
			'network down'
		);
		expect((await partRecords()).mhcc).toMatchObject({ files: 1, complete: false });

		failOn = undefined;
		const progress: [number, number][] = [];
		const record = await keepPart(part('mhcc'), FILES, fetchText, (d, t) => progress.push([d, t]));
		expect(fetched).toEqual(['commentary/index.json', 'commentary/mhcc/John.json']);
		expect(progress).toEqual([
			[1, 2],
			[2, 2]
		]);
		expect(record).toEqual({ files: 2, bytes: expect.any(Number), complete: true });
		expect(await keptFile('commentary/mhcc/John.json')).toBe(
			'{"file":"commentary/mhcc/John.json"}'
		);
		expect(await keptFile('commentary/scofield/John.json')).toBeUndefined();
	});

	it('deleting one commentary keeps the index the other still uses', async () => {
		const fetchText = async (file: string) => JSON.stringify({ file });
		await keepPart(part('mhcc'), FILES, fetchText, () => {});
		await keepPart(part('scofield'), FILES, fetchText, () => {});
		await dropPart(part('mhcc'), FILES);
		expect(await keptFile('commentary/mhcc/John.json')).toBeUndefined();
		expect(await keptFile('commentary/index.json')).toBeDefined();
		expect((await partRecords()).mhcc).toBeUndefined();
		await dropPart(part('scofield'), FILES);
		expect(await keptFile('commentary/index.json')).toBeUndefined();
	});

	it('a download can be stopped between files', async () => {
		const abort = new AbortController();
		const fetchText = async (file: string) => {
			abort.abort();
			return JSON.stringify({ file });
		};
		await expect(
			keepPart(part('strongs'), FILES, fetchText, () => {}, abort.signal)
		).rejects.toThrow();
		expect((await partRecords()).strongs).toMatchObject({ files: 1, complete: false });
	});
});

describe('keepFiles: some files of a part (a downloaded book’s words)', () => {
	it('keeps them once each and counts them in the part’s record, partly downloaded', async () => {
		const fetched: string[] = [];
		const fetchText = async (file: string) => {
			fetched.push(file);
			return JSON.stringify({ file });
		};
		const greek = part('greek');
		const first = await keepFiles(
			greek,
			['original/SBLGNT/index.json', 'original/SBLGNT/John.json'],
			fetchText
		);
		expect(first).toEqual({ files: 2, bytes: expect.any(Number), complete: false });
		const again = await keepFiles(
			greek,
			['original/SBLGNT/John.json', 'original/SBLGNT/Mark.json'],
			fetchText
		);
		expect(fetched).toEqual([
			'original/SBLGNT/index.json',
			'original/SBLGNT/John.json',
			'original/SBLGNT/Mark.json'
		]);
		expect(again.files).toBe(3);
		expect(again.bytes).toBe(fetched.reduce((n, f) => n + JSON.stringify({ file: f }).length, 0));
		expect((await partRecords()).greek).toEqual(again);
		expect(await keptFile('original/SBLGNT/Mark.json')).toBe(
			'{"file":"original/SBLGNT/Mark.json"}'
		);
		await dropPart(greek, [
			'original/SBLGNT/index.json',
			'original/SBLGNT/John.json',
			'original/SBLGNT/Mark.json'
		]);
		expect(await keptFile('original/SBLGNT/John.json')).toBeUndefined();
		expect((await partRecords()).greek).toBeUndefined();
	});
});
