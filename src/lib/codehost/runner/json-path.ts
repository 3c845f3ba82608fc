/**
 * A small JSON path subset, read and walked without running any code: `$`, `.name`, `[n]` and
 * `['name']` (or `["name"]`). Used by the runner's assertions and by "Set as variable".
 */

export type JsonPathStep = string | number;

export class JsonPathError extends Error {
	override name = 'JsonPathError';
}

/** `$[0].id` → [0, 'id']. Throws a JsonPathError saying where the path is not of this form. */
export function parseJsonPath(path: string): JsonPathStep[] {
	const text = path.trim();
	if (!text.startsWith('$'))
		throw new JsonPathError('A JSON path starts with $, for example $[0].id');
	const steps: JsonPathStep[] = [];
	let i = 1;
	while (i < text.length) {
		const c = text[i];
		if (c === '.') {
			const m = /^[A-Za-z_$][\w$-]*/.exec(text.slice(i + 1));
			if (!m) throw new JsonPathError(`A name is expected after the dot at character ${i + 1}`);
			steps.push(m[0]);
			i += 1 + m[0].length;
		} else if (c === '[') {
			const index = /^\[(\d+)\]/.exec(text.slice(i));
			if (index) {
				steps.push(Number(index[1]));
				i += index[0].length;
				continue;
			}
			const quote = text[i + 1];
			if (quote !== "'" && quote !== '"')
				throw new JsonPathError(`Brackets hold a number or a quoted name (character ${i + 1})`);
			let name = '';
			let j = i + 2;
			for (; j < text.length && text[j] !== quote; j++) {
				if (text[j] === '\\' && j + 1 < text.length) j++;
				name += text[j];
			}
			if (text[j] !== quote || text[j + 1] !== ']')
				throw new JsonPathError(`The quoted name at character ${i + 1} is not closed`);
			steps.push(name);
			i = j + 2;
		} else {
			throw new JsonPathError(`Unexpected “${c ?? ''}” at character ${i + 1}`);
		}
	}
	return steps;
}

/** The value at a path: `found` is false when a step leads nowhere (missing key, index, a scalar). */
export function readJsonPath(
	value: unknown,
	path: string | readonly JsonPathStep[]
): { found: boolean; value: unknown } {
	const steps = typeof path === 'string' ? parseJsonPath(path) : path;
	let current: unknown = value;
	for (const step of steps) {
		if (typeof step === 'number') {
			if (!Array.isArray(current) || step >= current.length)
				return { found: false, value: undefined };
			current = current[step];
		} else {
			if (current === null || typeof current !== 'object' || Array.isArray(current))
				return { found: false, value: undefined };
			if (!Object.hasOwn(current, step)) return { found: false, value: undefined };
			current = (current as Record<string, unknown>)[step];
		}
	}
	return { found: true, value: current };
}

/** The path of a value in the response tree: [0, 'id'] → `$[0].id`, ['a b'] → `$['a b']`. */
export function formatJsonPath(steps: readonly JsonPathStep[]): string {
	let out = '$';
	for (const step of steps) {
		if (typeof step === 'number') out += `[${step}]`;
		else if (/^[A-Za-z_$][\w$]*$/.test(step)) out += `.${step}`;
		else out += `['${step.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
	}
	return out;
}

/** A value as a variable holds it: strings as they are, anything else as JSON text. */
export function variableText(value: unknown): string {
	if (typeof value === 'string') return value;
	if (value === undefined) return '';
	return JSON.stringify(value);
}

/** What "Set as variable" stores: the value found at the path now, and the path for later sends. */
export function extractVariable(
	body: unknown,
	path: string
): { ok: true; value: string } | { ok: false; message: string } {
	let steps: JsonPathStep[];
	try {
		steps = parseJsonPath(path);
	} catch (error) {
		return { ok: false, message: (error as Error).message };
	}
	const found = readJsonPath(body, steps);
	if (!found.found) return { ok: false, message: `Nothing at ${path} in this response` };
	return { ok: true, value: variableText(found.value) };
}
