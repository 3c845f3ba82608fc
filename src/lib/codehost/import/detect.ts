/**
 * Which tool wrote a file, by its content (never its name): each format has marks its exporter
 * always writes (Postman's schema URL, Insomnia's export format, OpenAPI's version field…). A
 * file with none of them, or an older version a tool can re-export, is refused with what was
 * expected. No Svelte, no DOM.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { FILE_FORMAT } from '../collections/collections';
import type { ImportFormat } from './preview';
import { EXPECTED, isObject, list, readData } from './source';

const refuse = (what: string): never => {
	throw new FileRefused(`${what} ${EXPECTED}`);
};

function isHoppscotchCollection(v: unknown): boolean {
	return isObject(v) && Array.isArray(v.folders) && Array.isArray(v.requests);
}

function isHoppscotchEnvironment(v: unknown): boolean {
	return (
		isObject(v) &&
		typeof v.name === 'string' &&
		Array.isArray(v.variables) &&
		v.variables.every((x) => isObject(x) && typeof x.key === 'string')
	);
}

function openApiFormat(version: string): ImportFormat {
	if (/^3\.0(\.|$)/.test(version)) return 'openapi-3.0';
	if (/^3\.1(\.|$)/.test(version)) return 'openapi-3.1';
	return refuse(
		`The file is an OpenAPI description of version ${version.slice(0, 20)}; this explorer reads 3.0 and 3.1.`
	);
}

/** The format of a file's text or of data already parsed from it; throws FileRefused. */
export function detectFormat(input: string | unknown): ImportFormat {
	const data = typeof input === 'string' ? readData(input) : input;
	if (Array.isArray(data)) {
		if (data.length && data.every(isHoppscotchCollection)) return 'hoppscotch-collection';
		if (data.length && data.every(isHoppscotchEnvironment)) return 'hoppscotch-environment';
		return refuse('The file is a list this explorer does not know.');
	}
	if (!isObject(data)) return refuse('The file holds no collection, environment or description.');

	if (data.format === FILE_FORMAT) return 'api-workbench';

	const info = isObject(data.info) ? data.info : undefined;
	const schema = typeof info?.schema === 'string' ? info.schema : '';
	if (/\/json\/collection\/v2\.1(\.|\/)/.test(schema)) return 'postman-collection-2.1';
	if (/\/json\/collection\/v2\.0(\.|\/)/.test(schema)) return 'postman-collection-2.0';
	if (Array.isArray(data.requests) && Array.isArray(data.order) && typeof data.id === 'string')
		return refuse(
			'The file is a Postman collection of version 1. Export it again from Postman as Collection v2.1.'
		);
	if (
		(data._postman_variable_scope === 'environment' ||
			data._postman_variable_scope === 'globals') &&
		Array.isArray(data.values)
	)
		return 'postman-environment';

	if (data._type === 'export' && data.__export_format === 4 && Array.isArray(data.resources))
		return 'insomnia-4';
	if (data._type === 'export')
		return refuse(
			`The file is an Insomnia export of format ${String(data.__export_format).slice(0, 10)}; export it again from Insomnia (format 4 or 5).`
		);
	if (
		typeof data.type === 'string' &&
		/^(collection|environment)\.insomnia\.rest\/5\.\d+$/.test(data.type)
	)
		return 'insomnia-5';
	if (typeof data.type === 'string' && /\.insomnia\.rest\//.test(data.type))
		return refuse(
			`The file is an Insomnia file of type “${data.type.slice(0, 40)}”; export the collection (or its design document as OpenAPI) from Insomnia.`
		);

	if (typeof data.openapi === 'string') return openApiFormat(data.openapi);
	if (data.swagger === '2.0' || data.swagger === 2) return 'swagger-2.0';
	if (data.swagger !== undefined)
		return refuse(
			`The file is a Swagger description of version ${String(data.swagger).slice(0, 10)}; this explorer reads 2.0.`
		);

	if (isObject(data.log) && Array.isArray(data.log.entries)) return 'har-1.2';

	const items = list(data.items);
	if (
		typeof data.name === 'string' &&
		Array.isArray(data.items) &&
		(isObject(data.brunoConfig) ||
			items.some(
				(i) => isObject(i) && ['http-request', 'graphql-request', 'folder'].includes(String(i.type))
			))
	)
		return 'bruno-json';

	if (isHoppscotchCollection(data)) return 'hoppscotch-collection';
	if (isHoppscotchEnvironment(data)) return 'hoppscotch-environment';
	return refuse('This file is not one this explorer can import.');
}
