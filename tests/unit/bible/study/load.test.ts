// The lookups for callers without a source, "Find every verse" read ahead, and verse numbers past
// the end of the KJV.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commentaryChapter } from '$lib/bible/study/commentary';
import { interlinearChapter } from '$lib/bible/original/interlinear';
import {
	loadCommentaryChapter,
	loadInterlinearChapter,
	loadEveryVerse,
	loadStrongsChapter,
	loadStrongsEntry
} from '$lib/bible/study/load';
import { useStudySource } from '$lib/bible/study/app-source';
import type { KjvIndex } from '$lib/bible/study/split';
import {
	findEveryVerse,
	lookupStrongs,
	prepareEveryVerse,
	strongsChapter,
	versesAt
} from '$lib/bible/study/strongs';
import { memorySource, studyFiles } from './memory-source';

// Reading and splitting the whole data takes a few seconds on a busy machine: once, before the tests.
beforeAll(() => void studyFiles(), 60_000);
afterEach(() => useStudySource(undefined));

describe('the study lookups without a source in hand', () => {
	it('each gives what the lookup over the study data gives', async () => {
		const source = memorySource();
		useStudySource(source);
		const chapter = await loadStrongsChapter('John', 3);
		expect(chapter).toEqual(await strongsChapter(source, 'John', 3));
		expect(chapter).toHaveLength(36);
		const entry = await loadStrongsEntry('H430');
		expect(entry).toEqual(await lookupStrongs(source, 'H430'));
		expect(entry).toBeDefined();
		const every = await loadEveryVerse('G25');
		expect(every).toEqual(await findEveryVerse(source, 'G25'));
		expect(every.verses.length).toBeGreaterThan(0);
		const comments = await loadCommentaryChapter('tdavid', 'Ps', 23);
		expect(comments).toEqual(await commentaryChapter(source, 'tdavid', 'Ps', 23));
		expect(comments).toHaveLength(1);
		const lines = await loadInterlinearChapter('John', 3);
		expect(lines).toEqual(await interlinearChapter(source, 'John', 3));
		expect(lines?.original[15]?.length).toBeGreaterThan(0);
	});
});

describe('"Find every verse" read ahead', () => {
	it('reads the number’s verse list, the KJV index and the book of the first verse found', async () => {
		const reads: string[] = [];
		await prepareEveryVerse(memorySource(reads), 'H430');
		expect(reads.sort()).toEqual(['kjv/Gen.json', 'kjv/index.json', 'strongs-verses/H-0.json']);
	});

	it('for a number that is not one, reads nothing and does not fail', async () => {
		const reads: string[] = [];
		await expect(prepareEveryVerse(memorySource(reads), 'nonsense')).resolves.toBeUndefined();
		expect(reads).toEqual([]);
	});
});

describe('verse numbers past the end of the KJV', () => {
	it('are left out, and the verses before them are kept', () => {
		const index = studyFiles().get('kjv/index.json') as KjvIndex;
		expect(versesAt(index, [0, 31102])).toEqual({
			verses: [{ bookRef: 'Gen', chapter: 1, verse: 1 }],
			books: [{ bookRef: 'Gen', count: 1 }]
		});
	});
});
