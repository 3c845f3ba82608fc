/**
 * Walking a parsed answer without recursion: a server can nest JSON thousands of levels deep
 * (JSON.parse reads it), and a recursive walk would throw RangeError and take the view with it.
 */

/** How deep the tree and the checks that walk an answer go; real API answers nest under 10. */
export const JSON_MAX_DEPTH = 100;

const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object';

/** The nesting depth of a value (a scalar is 0, `[]` is 1), counting stops past `stopAfter`. */
export function jsonDepth(value: unknown, stopAfter = JSON_MAX_DEPTH): number {
	let max = 0;
	const stack: [unknown, number][] = [[value, 0]];
	while (stack.length) {
		const [v, above] = stack.pop()!;
		if (!isContainer(v)) continue;
		const depth = above + 1;
		if (depth > max) max = depth;
		if (max > stopAfter) return max;
		for (const child of Object.values(v)) if (isContainer(child)) stack.push([child, depth]);
	}
	return max;
}

export interface JsonEntry {
	/** Dotted path from the top (`0.author.is_admin`). */
	path: string;
	key: string;
	value: unknown;
}

/** Every key under `value` in document order, at most `maxDepth` levels down. */
export function* jsonEntries(
	value: unknown,
	prefix = '',
	maxDepth = JSON_MAX_DEPTH
): Generator<JsonEntry> {
	if (!isContainer(value)) return;
	const stack = [{ entries: Object.entries(value)[Symbol.iterator](), path: prefix }];
	while (stack.length) {
		const top = stack[stack.length - 1]!;
		const next = top.entries.next();
		if (next.done) {
			stack.pop();
			continue;
		}
		const [key, child] = next.value as [string, unknown];
		const path = top.path ? `${top.path}.${key}` : key;
		yield { path, key, value: child };
		if (isContainer(child) && stack.length < maxDepth)
			stack.push({ entries: Object.entries(child)[Symbol.iterator](), path });
	}
}
