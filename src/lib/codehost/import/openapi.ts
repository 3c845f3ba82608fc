/**
 * OpenAPI 3.0 and 3.1 and Swagger 2.0 descriptions: one saved request per operation, in one
 * collection per tag (“API title / tag”). Path, query and header parameters become the request's
 * fields (required ones with their example, every one named in the preview's fields), the body an
 * example from its schema, the security scheme this explorer's auth method by name, and the
 * server URL the `{{baseUrl}}` variable of an environment. `$ref`s inside the file are resolved by
 * Scalar's openapi-parser; references to other files or URLs are never fetched.
 * No Svelte, no DOM.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { dereference } from '@scalar/openapi-parser';
import { EXPLORER_METHODS } from '../request/request';
import {
	savedRequest,
	type DraftAuth,
	type DraftBody,
	type Pair,
	type RequestDraft
} from './draft';
import type { CatalogueMethod } from '../catalogue/catalogue';
import type { DescribedOperation } from '../catalogue/described';
import { newId } from '../environments/environments';
import { describeOperation } from './openapi-describe';
import { exampleOf, requiredProperties } from './openapi-example';
import {
	cleanName,
	PreviewBuilder,
	type ImportOptions,
	type ImportPreview,
	type RequestField
} from './preview';
import { isObject, list, str } from './source';

type Json = Record<string, unknown>;
type SpecFormat = 'openapi-3.0' | 'openapi-3.1' | 'swagger-2.0';

const ALL_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The first `$ref` left inside the description after resolving (walked without recursion). */
function danglingRef(input: unknown): string | undefined {
	const stack: unknown[] = [input];
	const seen = new WeakSet<object>();
	while (stack.length) {
		const v = stack.pop();
		if (!v || typeof v !== 'object' || seen.has(v)) continue;
		seen.add(v);
		if (Array.isArray(v)) for (const x of v as unknown[]) stack.push(x);
		else {
			const o = v as Json;
			if (typeof o.$ref === 'string' && o.$ref.startsWith('#')) return o.$ref;
			for (const k in o) if (Object.hasOwn(o, k)) stack.push(o[k]);
		}
	}
	return undefined;
}

/**
 * The description with its own `$ref`s resolved (Scalar's openapi-parser: synchronous, made for
 * the browser, never fetches); a pointer to nothing refuses the file.
 */
function resolveRefs(data: Json): Json {
	const { schema, errors } = dereference(data);
	const missing =
		errors?.find((e) => e.code === 'INVALID_REFERENCE')?.message.replace(/^.*: /, '') ??
		(isObject(schema) ? danglingRef(schema) : undefined);
	if (missing || !isObject(schema))
		throw new FileRefused(
			missing
				? `The description refers to ${missing.slice(0, 120)}, which it does not hold. Fix the reference, or export the description again with its references bundled.`
				: 'The description’s references ($ref) could not be resolved. Export it again with its references bundled.'
		);
	return schema;
}

/** Whether the description points to another file or a URL (walked without recursion). */
function hasExternalRefs(input: unknown): boolean {
	const stack: unknown[] = [input];
	let budget = 2_000_000;
	while (stack.length && budget-- > 0) {
		const v = stack.pop();
		if (Array.isArray(v)) for (const x of v as unknown[]) stack.push(x);
		else if (isObject(v)) {
			if (typeof v.$ref === 'string' && !v.$ref.startsWith('#')) return true;
			for (const k in v) if (Object.hasOwn(v, k)) stack.push(v[k]);
		}
	}
	return false;
}

/** An example as a query, path or header value: text as it is, anything else as JSON. */
function asText(v: unknown): string {
	if (v === undefined || v === null) return '';
	return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function paramExample(p: Json): unknown {
	if (p.example !== undefined) return p.example;
	if (isObject(p.examples)) {
		const first = Object.values(p.examples)[0];
		if (isObject(first) && first.value !== undefined) return first.value;
	}
	const schema = isObject(p.schema) ? p.schema : p; // Swagger 2.0 keeps the type on the parameter
	if (schema.example !== undefined) return schema.example;
	if (schema.default !== undefined) return schema.default;
	if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
	return undefined;
}

/** `{server}` variables filled with their defaults; a relative URL is left relative. */
function serverUrls(data: Json, format: SpecFormat): { url: string; name: string }[] {
	if (format === 'swagger-2.0') {
		const basePath = str(data.basePath).replace(/\/+$/, '');
		if (!str(data.host)) return [{ url: basePath || '/', name: 'Server' }];
		const schemes = list(data.schemes).map(str);
		const scheme = schemes.includes('https') ? 'https' : schemes[0] || 'https';
		return [{ url: `${scheme}://${str(data.host)}${basePath}`, name: 'Server' }];
	}
	const servers = list(data.servers).filter(isObject);
	if (!servers.length) return [{ url: '/', name: 'Server' }];
	return servers.map((s, i) => {
		const vars = isObject(s.variables) ? s.variables : {};
		const url = str(s.url).replace(/\{([^}]+)\}/g, (whole, name: string) =>
			isObject(vars[name]) ? str(vars[name].default) : whole
		);
		return { url: url.replace(/\/+$/, '') || '/', name: str(s.description) || `Server ${i + 1}` };
	});
}

/** The security scheme of an operation as a draft's auth (the first one it accepts). */
function authOf(requirement: unknown, schemes: Json): DraftAuth {
	const first = list(requirement).find(isObject);
	if (!first) return { type: 'none' };
	const scheme = schemes[Object.keys(first)[0] ?? ''];
	if (!isObject(scheme)) return { type: 'none' };
	const type = str(scheme.type);
	if (type === 'apiKey') {
		if (scheme.in === 'cookie') return { type: 'other', name: 'Cookie API key' };
		return {
			type: 'apikey',
			key: str(scheme.name),
			value: '',
			in: scheme.in === 'query' ? 'query' : 'header'
		};
	}
	if (type === 'http' && /^bearer$/i.test(str(scheme.scheme))) return { type: 'bearer', token: '' };
	if ((type === 'http' && /^basic$/i.test(str(scheme.scheme))) || type === 'basic')
		return { type: 'basic', username: '', password: '' };
	if (type === 'oauth2' || type === 'openIdConnect')
		return { type: 'oauth2', in: 'header', token: '' };
	return {
		type: 'other',
		name: type === 'http' ? `HTTP ${str(scheme.scheme)}` : type || 'Unknown'
	};
}

const pairsOf = (value: unknown): Pair[] =>
	isObject(value)
		? Object.entries(value).flatMap(([name, v]) =>
				Array.isArray(v)
					? v.map((x) => ({ name: `${name}[]`, value: asText(x) }))
					: [{ name, value: asText(v) }]
			)
		: [];

interface Media {
	type: string;
	schema: unknown;
	example: unknown;
}

/** The body of an operation: JSON first, then a form, then multipart; or why none fits. */
function bodyOf(media: Media | undefined, where: string, b: PreviewBuilder): DraftBody {
	if (!media) return { mode: 'none' };
	const example = media.example !== undefined ? media.example : exampleOf(media.schema);
	if (/json/i.test(media.type))
		return { mode: 'raw', language: 'json', text: JSON.stringify(example ?? {}, null, 2) };
	if (/x-www-form-urlencoded/i.test(media.type))
		return { mode: 'urlencoded', fields: pairsOf(example) };
	if (/multipart\/form-data/i.test(media.type)) {
		const props =
			isObject(media.schema) && isObject(media.schema.properties) ? media.schema.properties : {};
		return {
			mode: 'formdata',
			fields: [
				...pairsOf(example).filter((f) => !isFile(props[f.name])),
				...Object.entries(props)
					.filter(([, p]) => isFile(p))
					.map(([name]) => ({ name, value: '', file: true }))
			]
		};
	}
	b.note(
		`Bodies of type ${media.type.slice(0, 60)}`,
		'left out: this explorer sends JSON, form or multipart bodies.',
		where
	);
	return { mode: 'none' };
}

const isFile = (p: unknown) =>
	isObject(p) && (p.format === 'binary' || p.type === 'file' || p.contentMediaType !== undefined);

/** The media type of a 3.x request body this explorer can send best. */
function pickMedia(content: unknown): Media | undefined {
	if (!isObject(content)) return undefined;
	const types = Object.keys(content);
	const type =
		types.find((t) => /^application\/(.+\+)?json/i.test(t)) ??
		types.find((t) => /x-www-form-urlencoded/i.test(t)) ??
		types.find((t) => /multipart\/form-data/i.test(t)) ??
		types[0];
	if (type === undefined) return undefined;
	const m = isObject(content[type]) ? content[type] : {};
	let example = m.example;
	if (example === undefined && isObject(m.examples)) {
		const first = Object.values(m.examples)[0];
		if (isObject(first)) example = first.value;
	}
	return { type, schema: m.schema, example };
}

/** Swagger 2.0 keeps the body among the parameters: `in: body`, or `in: formData` fields. */
function swaggerMedia(params: Json[], consumes: string[]): Media | undefined {
	const body = params.find((p) => p.in === 'body');
	if (body) return { type: 'application/json', schema: body.schema, example: undefined };
	const form = params.filter((p) => p.in === 'formData');
	if (!form.length) return undefined;
	const multipart =
		form.some((p) => p.type === 'file') || consumes.some((c) => /multipart/.test(c));
	const properties = Object.fromEntries(form.map((p) => [str(p.name), p]));
	return {
		type: multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
		schema: {
			type: 'object',
			properties,
			required: form.filter((p) => p.required).map((p) => str(p.name))
		},
		example: undefined
	};
}

/** Parameters of the path and of the operation (the operation's win, by name and place). */
function parametersOf(pathItem: Json, op: Json): Json[] {
	const out = new Map<string, Json>();
	for (const p of [...list(pathItem.parameters), ...list(op.parameters)])
		if (isObject(p) && typeof p.name === 'string') out.set(`${str(p.in)}:${p.name}`, p);
	return [...out.values()];
}

/** An OpenAPI 3.0 or 3.1, or Swagger 2.0, description. */
export function parseOpenApi(
	input: Json,
	format: SpecFormat,
	options: ImportOptions
): ImportPreview {
	const b = new PreviewBuilder(format);
	if (!isObject(input.paths) && format !== 'openapi-3.1')
		throw new FileRefused('The description has no paths: there is no operation to import.');
	const external = hasExternalRefs(input);
	const data = resolveRefs(input);
	const info = isObject(data.info) ? data.info : {};
	const title = cleanName(info.title, 'API');
	const servers = serverUrls(data, format);
	const baseUrl = servers[0]!.url;
	const schemes =
		isObject(data.components) && isObject(data.components.securitySchemes)
			? data.components.securitySchemes
			: isObject(data.securityDefinitions)
				? data.securityDefinitions
				: {};
	const ctx = {
		apiRoot: options.apiRoot,
		knownPaths: options.knownPaths,
		variables: { baseUrl },
		builder: b
	};
	const paths = isObject(data.paths) ? data.paths : {};
	const count = Object.values(paths).reduce<number>(
		(n, item) => n + (isObject(item) ? ALL_METHODS.filter((m) => isObject(item[m])).length : 0),
		0
	);
	b.countRequests(count);
	const tags = new Set<string>();
	const operations: DescribedOperation[] = [];
	const consumes = list(data.consumes).map(str);

	for (const [template, item] of Object.entries(paths)) {
		if (!isObject(item)) continue;
		for (const method of ALL_METHODS) {
			const op = item[method];
			if (!isObject(op)) continue;
			const name = cleanName(op.summary ?? op.operationId, `${method.toUpperCase()} ${template}`);
			const tag = list(op.tags).map(str).find(Boolean);
			if (tag && !tags.has(tag)) {
				tags.add(tag);
				b.folder();
			}
			const collection = tag ? `${title} / ${tag}` : title;
			const where = `${collection} / ${name}`;
			if (!(EXPLORER_METHODS as readonly string[]).includes(method.toUpperCase())) {
				b.note(
					`Operations with the method ${method.toUpperCase()}`,
					'left out: this explorer sends GET, POST, PUT, PATCH and DELETE.',
					where
				);
				continue;
			}
			const params = parametersOf(item, op);
			const fields: RequestField[] = [];
			const pathVariables: Pair[] = [];
			const query: Pair[] = [];
			const headers: Pair[] = [];
			for (const p of params) {
				const at = str(p.in);
				const required = p.required === true || at === 'path';
				if (at === 'path' || at === 'query' || at === 'header')
					fields.push({ name: str(p.name), in: at, required });
				const value = asText(paramExample(p));
				if (at === 'path') pathVariables.push({ name: str(p.name), value });
				else if (at === 'query' && required)
					if (Array.isArray(paramExample(p)))
						for (const v of paramExample(p) as unknown[])
							query.push({ name: `${str(p.name)}[]`, value: asText(v) });
					else query.push({ name: str(p.name), value });
				else if (at === 'header' && required) headers.push({ name: str(p.name), value });
				else if (at === 'cookie')
					b.note(
						'Cookie parameters',
						'left out: the browser sends its own cookies.',
						`${where}: ${str(p.name)}`
					);
			}
			const media =
				format === 'swagger-2.0'
					? swaggerMedia(params, [...list(op.consumes).map(str), ...consumes])
					: isObject(op.requestBody)
						? pickMedia(op.requestBody.content)
						: undefined;
			if (media)
				for (const f of requiredProperties(media.schema))
					fields.push({ name: f.name, in: 'body', required: f.required });
			const url = `{{baseUrl}}${template.replace(/\{([^}]+)\}/g, ':$1')}`;
			const draft: RequestDraft = {
				name,
				where,
				method,
				url,
				query,
				pathVariables,
				headers,
				body: bodyOf(media, where, b),
				auth: authOf(op.security ?? data.security, schemes)
			};
			const saved = savedRequest(draft, ctx);
			const made = saved ? b.add(collection, saved, fields) : undefined;
			operations.push(
				describeOperation({
					method: method.toUpperCase() as CatalogueMethod,
					template,
					op,
					params,
					media,
					requestId: made?.id
				})
			);
		}
	}
	if (external)
		b.note(
			'References to other files or URLs',
			'not followed: this explorer reads only what the description itself holds.'
		);
	if (tags.size)
		b.explain(
			`Operations are grouped by their first tag: one collection per tag, named “${title} / tag”.`
		);
	b.explain(
		`The server URL is the variable {{baseUrl}} of the environment “${title}”; requests whose server is the API root (${options.apiRoot}) are paths under it.`
	);
	for (const [i, s] of servers.entries())
		b.environment(servers.length > 1 ? `${title} (${s.name})` : title, [
			{ name: 'baseUrl', value: i === 0 ? baseUrl : s.url }
		]);
	return {
		...b.build(),
		// What the endpoint list keeps, should the person add the description to it.
		description: {
			id: newId('api'),
			title,
			version: cleanName(info.version, ''),
			servers: servers.map((s) => s.url),
			operations,
			imported: new Date().toISOString()
		}
	};
}
