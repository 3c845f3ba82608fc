// The notes kept in memory (a browser without IndexedDB), and a verse's name in words.
import { describe, expect, it } from 'vitest';
import type { VerseNote } from '$lib/bible/notes/format';
import { MemoryNotes } from '$lib/bible/notes/memory-store';
import { note } from './samples';

const ref = { book: 'John', chapter: 3, verse: 16 };
const manyNotes = (count: number): VerseNote[] =>
	Array.from({ length: count }, (_, i) =>
		note({ book: 'Ps', chapter: 1 + Math.floor(i / 100), verse: 1 + (i % 100), bookmark: true })
	);

describe('notes in memory', () => {
	it('gives back a verse’s record, and forgets it when deleted', async () => {
		const memory = new MemoryNotes();
		await memory.update(ref, () => note({ note: 'Kept' }));
		expect(await memory.get('John.3.16')).toEqual(note({ note: 'Kept' }));
		await memory.delete('John.3.16');
		expect(await memory.get('John.3.16')).toBeUndefined();
		expect(await memory.all()).toEqual([]);
	});

	it('an edit that leaves nothing on the verse removes its record', async () => {
		const memory = new MemoryNotes();
		await memory.update(ref, () => note({ note: 'Kept' }));
		await memory.update(ref, (stored) => ({ ...stored!, note: ' ' }));
		expect(await memory.all()).toEqual([]);
	});

	it('an import reports its progress once per step, up to the total and no further', async () => {
		const seen: [number, number][] = [];
		const onProgress = (done: number, total: number) => seen.push([done, total]);
		await new MemoryNotes().importNotes([], { onProgress });
		expect(seen).toEqual([]);
		await new MemoryNotes().importNotes(manyNotes(2000), { onProgress });
		expect(seen).toEqual([[2000, 2000]]);
		seen.length = 0;
		const memory = new MemoryNotes();
		await memory.importNotes(manyNotes(4500), { onProgress });
		expect(seen).toEqual([
			[2000, 4500],
			[4000, 4500],
			[4500, 4500]
		]);
		expect(await memory.all()).toHaveLength(4500);
	});
});
