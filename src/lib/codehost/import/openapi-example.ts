/**
 * An example value from a JSON Schema (OpenAPI 3.0, 3.1, Swagger 2.0), for a request body a person
 * then edits: the schema's own example, default, const or first enum value where it gives one, else
 * a plain value of its type. Recursive and shared schemas (after `$ref`s are resolved) are walked
 * with a depth and size budget, so a hostile description cannot make the walk run away. A boolean
 * is `false`, never null (the code host refuses a null boolean). No Svelte, no DOM.
 */
import { isObject } from './source';

type Schema = Record<string, unknown>;

const MAX_DEPTH = 10;
const MAX_NODES = 2_000;

const STRING_FORMATS: Record<string, string> = {
	'date-time': '2024-01-01T00:00:00Z',
	date: '2024-01-01',
	time: '00:00:00',
	email: 'user@example.com',
	uri: 'https://example.com',
	url: 'https://example.com',
	uuid: '00000000-0000-4000-8000-000000000000',
	binary: '',
	byte: ''
};

/** The schema's own example, if it gives one (3.1's `examples` list too). */
function given(schema: Schema): { value: unknown } | undefined {
	if (schema.example !== undefined) return { value: schema.example };
	if (Array.isArray(schema.examples) && schema.examples.length)
		return { value: schema.examples[0] };
	if (schema.default !== undefined) return { value: schema.default };
	if (schema.const !== undefined) return { value: schema.const };
	if (Array.isArray(schema.enum) && schema.enum.length) return { value: schema.enum[0] };
	return undefined;
}

function typeOf(schema: Schema): string | undefined {
	const t = schema.type;
	if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
	if (typeof t === 'string') return t;
	if (isObject(schema.properties)) return 'object';
	if (schema.items !== undefined) return 'array';
	return undefined;
}

interface Walk {
	nodes: number;
	stack: Set<unknown>;
}

function walk(schema: unknown, depth: number, w: Walk, top: boolean): unknown {
	if (!isObject(schema) || typeof schema.$ref === 'string') return undefined;
	if (depth > MAX_DEPTH || w.stack.has(schema) || ++w.nodes > MAX_NODES) return undefined;
	const own = given(schema);
	if (own) return own.value;
	w.stack.add(schema);
	try {
		if (Array.isArray(schema.allOf)) {
			const parts = schema.allOf.map((s) => walk(s, depth + 1, w, top));
			if (parts.every((p) => isObject(p) || p === undefined))
				return Object.assign({}, ...parts.filter(isObject)) as unknown;
			return parts.find((p) => p !== undefined);
		}
		for (const key of ['oneOf', 'anyOf'] as const) {
			const options = schema[key];
			if (Array.isArray(options) && options.length) return walk(options[0], depth + 1, w, top);
		}
		switch (typeOf(schema)) {
			case 'object':
				return objectExample(schema, depth, w, top);
			case 'array': {
				const item = walk(schema.items, depth + 1, w, false);
				return item === undefined ? [] : [item];
			}
			case 'string':
				return STRING_FORMATS[String(schema.format)] ?? 'string';
			case 'integer':
			case 'number':
				return typeof schema.minimum === 'number' ? schema.minimum : 0;
			case 'boolean':
				return false;
			case 'null':
				return null;
			default:
				return undefined;
		}
	} finally {
		w.stack.delete(schema);
	}
}

/**
 * An object's properties. At the top of a body: the required ones and those with an example or
 * default (an optional field filled with a made-up value would be sent as if chosen), or every
 * one where that leaves none. Read-only properties are never part of a request.
 */
function objectExample(schema: Schema, depth: number, w: Walk, top: boolean): Schema {
	const props = isObject(schema.properties) ? schema.properties : {};
	const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
	const entries = Object.entries(props).filter(
		([k, p]) => k !== '__proto__' && !(isObject(p) && p.readOnly === true)
	);
	const chosen = top
		? entries.filter(([k, p]) => required.has(k) || (isObject(p) && given(p) !== undefined))
		: entries;
	const out: Schema = {};
	for (const [k, p] of chosen.length || !top ? chosen : entries) {
		const v = walk(p, depth + 1, w, false);
		if (v !== undefined) out[k] = v;
	}
	return out;
}

/** An example of the schema's value, or undefined where the schema says nothing usable. */
export function exampleOf(schema: unknown): unknown {
	return walk(schema, 0, { nodes: 0, stack: new Set() }, true);
}

/** The names of an object schema's required properties (allOf parts too). */
export function requiredProperties(schema: unknown): { name: string; required: boolean }[] {
	if (!isObject(schema)) return [];
	const out = new Map<string, boolean>();
	const visit = (s: unknown, depth: number) => {
		if (!isObject(s) || depth > 3) return;
		const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
		if (isObject(s.properties))
			for (const [k, p] of Object.entries(s.properties))
				if (!(isObject(p) && p.readOnly === true))
					out.set(k, (out.get(k) ?? false) || required.has(k));
		if (Array.isArray(s.allOf)) for (const part of s.allOf) visit(part, depth + 1);
	};
	visit(schema, 0);
	return [...out].map(([name, required]) => ({ name, required }));
}
