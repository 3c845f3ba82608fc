// The study lookups over the split data, as the browser reads it (see strongs.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { memorySource, studyFiles } from './memory-source';
import { commentaryChapter, listCommentaries } from '$lib/bible/study/commentary';

// Reading and splitting the whole data takes a few seconds on a busy machine: once, before the tests.
beforeAll(() => void studyFiles(), 60_000);

describe('Commentary', () => {
	it("lists Matthew Henry's Concise first, then Scofield, then the Treasury of David", async () => {
		const works = await listCommentaries(memorySource());
		expect(works.map(({ id, name }) => ({ id, name }))).toEqual([
			{ id: 'mhcc', name: "Matthew Henry's Concise Commentary" },
			{ id: 'scofield', name: 'Scofield Reference Notes (1917)' },
			{ id: 'tdavid', name: "Spurgeon's Treasury of David" }
		]);
		// Each says which books it comments on, so a book is offered only the works that cover it.
		expect(works[0]!.books).toContain('John');
		expect(works[2]!.books).toEqual(['Ps']);
	});

	it("Psalm 23 in the Treasury of David reads that psalm's file only, not the whole of Psalms", async () => {
		const reads: string[] = [];
		const comments = await commentaryChapter(memorySource(reads), 'tdavid', 'Ps', 23);
		expect(reads).toEqual(['commentary/tdavid/Ps/23.json']);
		expect(comments.map((c) => [c.from, c.to])).toEqual([[1, 6]]);
		expect(comments[0]!.paragraphs[1]).toContain('Heavenly Pastoral');
		expect(await commentaryChapter(memorySource(), 'tdavid', 'John', 3)).toEqual([]);
	});

	it("John 3 in Matthew Henry: verses 1–21 and 22–36, read from John's file only", async () => {
		const reads: string[] = [];
		const comments = await commentaryChapter(memorySource(reads), 'mhcc', 'John', 3);
		expect(reads).toEqual(['commentary/mhcc/John.json']);
		expect(comments.map((c) => [c.from, c.to])).toEqual([
			[1, 21],
			[22, 36]
		]);
		expect(comments[0]!.paragraphs.join(' ')).toContain('Nicodemus');
	});

	it('a chapter or book with no comment gives an empty list', async () => {
		const source = memorySource();
		expect(await commentaryChapter(source, 'mhcc', 'Lev', 19)).toEqual([]);
		expect(await commentaryChapter(source, 'mhcc', 'Tob', 1)).toEqual([]);
		expect(await commentaryChapter(source, 'nothing', 'John', 3)).toEqual([]);
	});
});
