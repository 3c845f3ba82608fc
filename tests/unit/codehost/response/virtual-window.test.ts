import { describe, expect, it } from 'vitest';
import { drawnRows, OVERSCAN, rowWindow, scrollToRow } from '$lib/codehost/response/virtual-window';

describe('rowWindow: the rows drawn are those in sight and a margin', () => {
	it('draws the rows in a 480 px view of 24 px rows, plus the margin after them, at the top', () => {
		expect(rowWindow(0, 480, 24, 20_000)).toEqual({ start: 0, end: 21 + OVERSCAN });
	});
	it('draws about the same number of rows far down a list of 20,000', () => {
		const w = rowWindow(24 * 10_000, 480, 24, 20_000);
		expect(w.start).toBe(10_000 - OVERSCAN);
		expect(w.end).toBe(10_000 + 21 + OVERSCAN);
		expect(w.end - w.start).toBeLessThan(70);
	});
	it('stops at the last row, and draws every row of a short list', () => {
		expect(rowWindow(24 * 19_990, 480, 24, 20_000).end).toBe(20_000);
		expect(rowWindow(0, 480, 24, 5)).toEqual({ start: 0, end: 5 });
	});
	it('draws something in a view not laid out yet (a hidden tab: height 0) and nothing of no rows', () => {
		expect(rowWindow(0, 0, 24, 100).end).toBeGreaterThan(0);
		expect(rowWindow(0, 480, 24, 0)).toEqual({ start: 0, end: 0 });
	});
	it('scrolled past the end (the list got shorter), still draws its last rows', () => {
		expect(rowWindow(24 * 1000, 480, 24, 100)).toEqual({ start: 100 - 1 - OVERSCAN, end: 100 });
	});
	it('draws nothing while rows have no height yet', () => {
		expect(rowWindow(0, 480, 0, 100)).toEqual({ start: 0, end: 0 });
	});
	it('keeps a focused row just outside the window, the first row included; none or -1 adds nothing', () => {
		const w = { start: 2, end: 4 };
		expect(drawnRows(w)).toEqual([2, 3]);
		expect(drawnRows(w, -1)).toEqual([2, 3]);
		expect(drawnRows(w, 0)).toEqual([2, 3, 0]);
		expect(drawnRows(w, 2)).toEqual([2, 3]);
		expect(drawnRows(w, 4)).toEqual([2, 3, 4]);
	});
	it('scrolls a row half below the view up just enough to show it whole', () => {
		expect(scrollToRow(20, 0, 480, 24)).toBe(24);
	});
	it('keeps the focused row drawn when it is scrolled out of the window', () => {
		expect(drawnRows({ start: 100, end: 103 }, 5)).toEqual([100, 101, 102, 5]);
		expect(drawnRows({ start: 100, end: 103 }, 101)).toEqual([100, 101, 102]);
	});
	it('scrolls just enough to bring a row into view', () => {
		expect(scrollToRow(50, 0, 480, 24)).toBe(50 * 24 + 24 - 480);
		expect(scrollToRow(3, 240, 480, 24)).toBe(72);
		expect(scrollToRow(12, 240, 480, 24)).toBe(240);
	});
});
