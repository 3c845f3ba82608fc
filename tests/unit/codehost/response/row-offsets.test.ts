import { describe, expect, it } from 'vitest';
import {
	offsetWindow,
	rowAt,
	rowOffsets,
	scrollToOffset
} from '$lib/codehost/response/row-offsets';

describe('rows of different heights (a tree whose long values wrap)', () => {
	const offsets = rowOffsets([28, 56, 28, 84, 28]);

	it('each row starts where the one before ends; the last offset is the whole height', () => {
		expect([...offsets]).toEqual([0, 28, 84, 112, 196, 224]);
		expect([...rowOffsets([])]).toEqual([0]);
	});

	it('finds the row at a height, a row’s bottom edge belonging to the next one', () => {
		expect(rowAt(offsets, 0)).toBe(0);
		expect(rowAt(offsets, 27)).toBe(0);
		expect(rowAt(offsets, 28)).toBe(1);
		expect(rowAt(offsets, 83)).toBe(1);
		expect(rowAt(offsets, 150)).toBe(3);
		expect(rowAt(offsets, 10_000)).toBe(4);
	});

	it('draws the rows in sight and a margin each side, within the list', () => {
		expect(offsetWindow(offsets, 84, 100, 0)).toEqual({ start: 2, end: 4 });
		expect(offsetWindow(offsets, 84, 100, 1)).toEqual({ start: 1, end: 5 });
		expect(offsetWindow(offsets, 0, 10_000, 20)).toEqual({ start: 0, end: 5 });
		expect(offsetWindow(rowOffsets([]), 0, 100)).toEqual({ start: 0, end: 0 });
	});

	it('draws a few rows far down 20,000 rows, and some in a view with no height yet', () => {
		const many = rowOffsets(Array.from({ length: 20_000 }, (_, i) => (i % 3 ? 28 : 56)));
		const w = offsetWindow(many, 300_000, 480);
		expect(w.end - w.start).toBeLessThan(70);
		expect(many[w.start]!).toBeLessThanOrEqual(300_000);
		expect(offsetWindow(many, 0, 0).end).toBeGreaterThan(0);
	});

	it('scrolls a row into view from above or below, and leaves a row in sight alone', () => {
		expect(scrollToOffset(offsets, 0, 100, 100)).toBe(0);
		expect(scrollToOffset(offsets, 3, 0, 100)).toBe(96);
		expect(scrollToOffset(offsets, 2, 50, 100)).toBe(50);
	});

	it('a row taller than the view is brought in by its top', () => {
		expect(scrollToOffset(offsets, 3, 0, 50)).toBe(112);
	});
});
