// The study data split into the files the browser reads one at a time (split.ts): an index of
// the KJV, a file per book, the Strong's entries and the verses of each number in chunks, the
// commentaries by book (or chapter), the topics and the original texts.
import { beforeAll, describe, expect, it } from 'vitest';
import {
	BOOK_FILE_LIMIT,
	decodeVerseList,
	type CommentaryIndex,
	type KjvIndex
} from '$lib/bible/study/split';
import { studyFiles } from './memory-source';

// Reading and splitting the whole data takes a few seconds on a busy machine: once, before the tests.
let files: Map<string, unknown>;
beforeAll(() => void (files = studyFiles()), 60_000);

const folders = () => new Set([...files.keys()].map((f) => f.split('/')[0]));

describe('the study data, split for the browser', () => {
	it('has an index of the KJV and one file per book, each with its chapters of verses', () => {
		const index = files.get('kjv/index.json') as KjvIndex;
		expect(index.books).toHaveLength(66);
		expect(index.books[42]).toEqual({ ref: 'John', chapters: expect.any(Array) });
		expect(index.books[42]!.chapters).toHaveLength(21);
		expect(index.books[42]!.chapters[2]).toBe(36);
		const john = files.get('kjv/John.json') as { ref: string; chapters: string[][] };
		expect(john.ref).toBe('John');
		expect(john.chapters[2]).toHaveLength(36);
		expect([...files.keys()].filter((f) => f.startsWith('kjv/'))).toHaveLength(67);
	});

	it('keeps each kind of data in its own folder; a commentary book over the size limit is split by chapter', () => {
		expect(folders()).toEqual(
			new Set(['kjv', 'strongs', 'strongs-verses', 'commentary', 'topics', 'original'])
		);
		const commentaries = files.get('commentary/index.json') as CommentaryIndex;
		expect(commentaries.commentaries.map((c) => c.id)).toContain('mhcc');
		for (const [file, data] of files)
			if (/^commentary\/[^/]+\/[^/]+\.json$/.test(file))
				expect(JSON.stringify(data).length, file).toBeLessThanOrEqual(BOOK_FILE_LIMIT);
		// The Treasury of David on the Psalms: one file a psalm.
		expect(files.has('commentary/tdavid/Ps.json')).toBe(false);
		expect(files.has('commentary/tdavid/Ps/119.json')).toBe(true);
	});

	it('the verses of each Strong’s number are sorted verse ordinals of the KJV', () => {
		const chunks = [...files].filter(([f]) => f.startsWith('strongs-verses/'));
		expect(chunks.length).toBeGreaterThan(0);
		const lists = Object.values(chunks[0]![1] as Record<string, string>);
		expect(lists.length).toBeGreaterThan(0);
		for (const encoded of lists.slice(0, 200)) {
			const ordinals = decodeVerseList(encoded);
			expect(ordinals).toEqual([...ordinals].sort((a, b) => a - b));
			expect(ordinals.every((n) => n >= 0 && n < 31_102)).toBe(true);
		}
	});
});
