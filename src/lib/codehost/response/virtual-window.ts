/**
 * Which rows of a fixed-row-height list to draw: those in sight plus a margin either side, so a
 * scroll of a few rows draws nothing new. No Svelte, no DOM.
 */

export interface RowWindow {
	/** First row drawn. */
	start: number;
	/** One past the last row drawn. */
	end: number;
}

/** Rows drawn beyond the edges of the view, each side. */
export const OVERSCAN = 20;

export function rowWindow(
	scrollTop: number,
	viewHeight: number,
	rowHeight: number,
	count: number,
	overscan = OVERSCAN
): RowWindow {
	if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
	const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
	const inSight = Math.ceil(Math.max(0, viewHeight) / rowHeight) + 1;
	const start = Math.max(0, Math.min(first, count - 1) - overscan);
	const end = Math.min(count, first + inSight + overscan);
	return { start, end: Math.max(end, start + 1) };
}

/** The scroll position that brings row `index` into a view of `viewHeight` (or keeps `scrollTop`). */
export function scrollToRow(
	index: number,
	scrollTop: number,
	viewHeight: number,
	rowHeight: number
): number {
	const top = index * rowHeight;
	if (top < scrollTop) return top;
	if (top + rowHeight > scrollTop + viewHeight) return top + rowHeight - viewHeight;
	return scrollTop;
}

/** The window's rows as indexes, with `extra` (the focused row) kept drawn wherever it is. */
export function drawnRows(window: RowWindow, extra?: number): number[] {
	const out: number[] = [];
	for (let i = window.start; i < window.end; i++) out.push(i);
	if (extra !== undefined && extra >= 0 && (extra < window.start || extra >= window.end))
		out.push(extra);
	return out;
}
