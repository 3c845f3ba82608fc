/**
 * A JSON value as the flat list of rows the tree draws: one row per open container's child, in
 * document order, each knowing its depth and parent. The tree draws only the rows in sight, so
 * an answer of 20,000 objects costs a list of small records, not 200,000 elements. No Svelte.
 */
import { JSON_MAX_DEPTH } from '$lib/http/json-walk';
import type { JsonPathStep } from '../runner/json-path';

export interface TreeRow {
	/** The key under its parent (an index in an array); undefined for the top value. */
	key: JsonPathStep | undefined;
	value: unknown;
	/** 0 for the top value. */
	depth: number;
	/** Index of the parent row, -1 for the top. */
	parent: number;
	/** Its place among its parent's children, from 0 (for a tree's "3 of 9"). */
	position: number;
	/** Array or object (a container); with its number of children. */
	container: boolean;
	size: number;
	open: boolean;
	/** A container nested deeper than the tree reads (shown as a note, never opened). */
	tooDeep: boolean;
}

/** A container with more children than this shows them closed at first (whatever the depth). */
export const MANY_CHILDREN = 1000;

export const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object';

/** Containers opened or closed by hand; the rest follow the depth rule. Keyed by the value itself. */
export type Toggled = WeakMap<object, boolean>;

/**
 * Whether a container starts open: above `openDepth`, unless its parent has very many children
 * (a list of 20,000 objects shows 20,000 closed rows, not all their fields).
 */
function openAtFirst(depth: number, openDepth: number, siblings: number): boolean {
	return depth < openDepth && (depth === 0 || siblings <= MANY_CHILDREN);
}

/** The rows of `value` with containers open per `toggled`, else per the depth rule. */
export function treeRows(value: unknown, openDepth: number, toggled: Toggled): TreeRow[] {
	const rows: TreeRow[] = [];
	// Depth-first without recursion: a frame is a container's children still to list.
	const stack: { keys: JsonPathStep[] | null; list: unknown; at: number; parent: number }[] = [];
	const push = (
		key: JsonPathStep | undefined,
		v: unknown,
		depth: number,
		parent: number,
		siblings: number,
		position: number
	) => {
		const container = isContainer(v);
		const tooDeep = container && depth >= JSON_MAX_DEPTH;
		const size = !container ? 0 : Array.isArray(v) ? v.length : Object.keys(v).length;
		const open =
			container && !tooDeep && (toggled.get(v) ?? openAtFirst(depth, openDepth, siblings));
		rows.push({ key, value: v, depth, parent, position, container, size, open, tooDeep });
		if (open)
			stack.push({
				keys: Array.isArray(v) ? null : Object.keys(v),
				list: v,
				at: 0,
				parent: rows.length - 1
			});
	};
	push(undefined, value, 0, -1, 1, 0);
	while (stack.length) {
		const frame = stack[stack.length - 1]!;
		const parentRow = rows[frame.parent]!;
		if (frame.at >= parentRow.size) {
			stack.pop();
			continue;
		}
		const i = frame.at++;
		const key = frame.keys ? frame.keys[i]! : i;
		const child = (frame.list as Record<string | number, unknown>)[key];
		push(key, child, parentRow.depth + 1, frame.parent, parentRow.size, i);
	}
	return rows;
}

/** The path steps from the top value to row `index` (for its JSON path). */
export function rowSteps(rows: readonly TreeRow[], index: number): JsonPathStep[] {
	const steps: JsonPathStep[] = [];
	for (let i = index; i > 0; i = rows[i]!.parent) steps.push(rows[i]!.key!);
	return steps.reverse();
}

/** Where focus goes for a key in the tree: the row to focus, or null to leave the key alone. */
export function rowForKey(
	rows: readonly TreeRow[],
	at: number,
	key: string,
	pageRows: number
): number | null {
	const last = rows.length - 1;
	switch (key) {
		case 'ArrowDown':
			return Math.min(at + 1, last);
		case 'ArrowUp':
			return Math.max(at - 1, 0);
		case 'PageDown':
			return Math.min(at + pageRows, last);
		case 'PageUp':
			return Math.max(at - pageRows, 0);
		case 'Home':
			return 0;
		case 'End':
			return last;
		case 'ArrowLeft': {
			// On a closed row or a value: to its parent (an open row is closed by the caller).
			const parent = rows[at]?.parent ?? -1;
			return parent >= 0 ? parent : null;
		}
		default:
			return null;
	}
}
