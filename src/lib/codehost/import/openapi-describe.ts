/**
 * An OpenAPI operation (its `$ref`s resolved) as the endpoint catalogue keeps it: each parameter
 * and top-level body field with its type, whether required, its description and allowed values,
 * as the description gives them. Walks are bounded, so a hostile description cannot run away.
 * No Svelte, no DOM.
 */
import type { CatalogueMethod } from '../catalogue/catalogue';
import type { DescribedIn, DescribedOperation, DescribedParam } from '../catalogue/described';
import { isObject, list, str } from './source';

type Json = Record<string, unknown>;

const MAX_TEXT = 300;
const MAX_VALUES = 30;
const MAX_FIELDS = 200;

/** A description as one line, cut at MAX_TEXT characters. */
function text(v: unknown): string | undefined {
	const t = str(v).replace(/\s+/g, ' ').trim();
	if (!t) return undefined;
	return t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t;
}

/** “integer (int64)”, “list of string”, “string or null”: what the schema says of its type. */
export function schemaType(schema: unknown, depth = 0): string | undefined {
	if (!isObject(schema) || depth > 3) return undefined;
	const raw = schema.type;
	const types = (Array.isArray(raw) ? raw : [raw]).filter(
		(t): t is string => typeof t === 'string'
	);
	if (!types.length) {
		if (isObject(schema.properties)) return 'object';
		if (schema.items !== undefined) types.push('array');
		else return undefined;
	}
	return types
		.map((t) => {
			if (t === 'array') {
				const item = schemaType(schema.items, depth + 1);
				return item ? `list of ${item}` : 'list';
			}
			const format = t === 'null' ? '' : str(schema.format);
			return format ? `${t} (${format})` : t;
		})
		.join(' or ');
}

/** The allowed values of a schema (its enum, or its items' for a list), as text. */
function valuesOf(schema: unknown): string[] | undefined {
	if (!isObject(schema)) return undefined;
	const values = Array.isArray(schema.enum)
		? schema.enum
		: isObject(schema.items) && Array.isArray(schema.items.enum)
			? schema.items.enum
			: undefined;
	if (!values?.length) return undefined;
	return values
		.slice(0, MAX_VALUES)
		.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))));
}

function param(
	name: string,
	at: DescribedIn,
	required: boolean,
	schema: unknown,
	description: unknown
): DescribedParam {
	const type = schemaType(schema);
	const values = valuesOf(schema);
	const about = text(description) ?? (isObject(schema) ? text(schema.description) : undefined);
	return {
		name,
		in: at,
		required,
		...(type ? { type } : {}),
		...(about ? { description: about } : {}),
		...(values ? { values } : {})
	};
}

/** The top-level fields of a body schema (allOf parts merged), read-only ones left out. */
function bodyFields(schema: unknown): DescribedParam[] {
	const out = new Map<string, DescribedParam>();
	const visit = (s: unknown, depth: number) => {
		if (!isObject(s) || depth > 3) return;
		const required = new Set(list(s.required).map(String));
		if (isObject(s.properties))
			for (const [name, p] of Object.entries(s.properties)) {
				if (out.size >= MAX_FIELDS || name === '__proto__') break;
				if (isObject(p) && p.readOnly === true) continue;
				const was = out.get(name);
				out.set(
					name,
					param(name, 'body', (was?.required ?? false) || required.has(name), p, undefined)
				);
			}
		for (const part of list(s.allOf)) visit(part, depth + 1);
	};
	visit(schema, 0);
	return [...out.values()];
}

/** One operation as the catalogue keeps it. `params`: the path's and the operation's, merged. */
export function describeOperation(parts: {
	method: CatalogueMethod;
	template: string;
	op: Json;
	params: readonly Json[];
	media?: { type: string; schema: unknown };
	requestId?: string;
}): DescribedOperation {
	const { op, media } = parts;
	const params: DescribedParam[] = [];
	for (const p of parts.params) {
		const at = str(p.in);
		if (at !== 'path' && at !== 'query' && at !== 'header') continue;
		if (params.length >= MAX_FIELDS) break;
		// Swagger 2.0 keeps the type on the parameter itself.
		const schema = isObject(p.schema) ? p.schema : p;
		params.push(
			param(str(p.name), at, p.required === true || at === 'path', schema, p.description)
		);
	}
	if (media) params.push(...bodyFields(media.schema));
	const docs = isObject(op.externalDocs) ? str(op.externalDocs.url) : '';
	return {
		method: parts.method,
		path: parts.template.replace(/\{([^}]+)\}/g, ':$1'),
		summary: text(op.summary) ?? text(op.operationId) ?? '',
		params,
		...(media ? { bodyType: media.type } : {}),
		...(/^https?:\/\//i.test(docs) ? { docsUrl: docs } : {}),
		...(parts.requestId ? { requestId: parts.requestId } : {})
	};
}
