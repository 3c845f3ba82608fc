/**
 * Which rows of a list of rows of different heights to draw (a tree whose long values wrap):
 * each row's top from the heights, the rows in sight found by halving, plus a margin either side.
 * No Svelte, no DOM.
 */
import { OVERSCAN, type RowWindow } from './virtual-window';

/** `offsets[i]` is row i's top; `offsets[count]` is the height of all rows. */
export function rowOffsets(heights: ArrayLike<number>): Float64Array {
	const offsets = new Float64Array(heights.length + 1);
	for (let i = 0; i < heights.length; i++) offsets[i + 1] = offsets[i]! + heights[i]!;
	return offsets;
}

/** The row at height `y` (the first row whose bottom is below it), kept within the list. */
export function rowAt(offsets: Float64Array, y: number): number {
	const count = offsets.length - 1;
	if (count <= 0) return 0;
	let low = 0;
	let high = count - 1;
	while (low < high) {
		const mid = (low + high) >> 1;
		if (offsets[mid + 1]! <= y) low = mid + 1;
		else high = mid;
	}
	return low;
}

/** The rows in a view of `viewHeight` scrolled to `scrollTop`, and `overscan` rows each side. */
export function offsetWindow(
	offsets: Float64Array,
	scrollTop: number,
	viewHeight: number,
	overscan = OVERSCAN
): RowWindow {
	const count = offsets.length - 1;
	if (count <= 0) return { start: 0, end: 0 };
	const first = rowAt(offsets, Math.max(0, scrollTop));
	// A view not laid out yet (height 0) still draws a few rows.
	const last = rowAt(offsets, Math.max(0, scrollTop) + Math.max(viewHeight, 1));
	return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) };
}

/** The scroll position that brings row `index` whole into the view (or keeps `scrollTop`). */
export function scrollToOffset(
	offsets: Float64Array,
	index: number,
	scrollTop: number,
	viewHeight: number
): number {
	const top = offsets[index] ?? 0;
	const bottom = offsets[index + 1] ?? top;
	if (top < scrollTop || bottom - top > viewHeight) return top;
	if (bottom > scrollTop + viewHeight) return bottom - viewHeight;
	return scrollTop;
}
