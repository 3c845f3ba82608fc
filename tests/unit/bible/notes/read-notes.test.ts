// Reading a notes file: progress once per slice, and a failure of the caller's plans handler.
import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { readNotesText } from '$lib/bible/notes/read-notes';
import { entry, file } from './samples';

const entries = (count: number) =>
	Array.from({ length: count }, (_, i) =>
		entry({ book: 'Gen', chapter: 1 + Math.floor(i / 100), verse: 1 + (i % 100), note: `n${i}` })
	);

describe('reading a notes file', () => {
	it('reports progress once per slice, and not at all for an empty file', async () => {
		const seen: number[] = [];
		const onProgress = (read: number, total: number) => seen.push(read, total);
		expect(await readNotesText(file([]), { onProgress })).toEqual([]);
		expect(seen).toEqual([]);
		expect(await readNotesText(file(entries(2000)), { onProgress })).toHaveLength(2000);
		expect(seen).toEqual([2000, 2000]);
	});

	it('a failure in the caller’s handling of the plans is its own, not a refused file', async () => {
		const failure = new Error('could not show the plans');
		const reading = readNotesText(file(entries(1)), {
			onPlans: () => {
				throw failure;
			}
		});
		const error = await reading.catch((e: unknown) => e);
		expect(error).toBe(failure);
		expect(error).not.toBeInstanceOf(FileRefused);
	});
});
