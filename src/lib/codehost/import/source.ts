/**
 * A file's text read as data: JSON, or YAML (Insomnia, OpenAPI) through the `yaml` package. A
 * file too large, not readable, or holding a `__proto__` key (which would change how every
 * object of the app behaves once copied) is refused whole. No Svelte, no DOM.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { parse as parseYaml } from 'yaml';
import { IMPORT_LIMITS } from './preview';

/** What to choose, said by every refusal of a file that is not one of the known kinds. */
export const EXPECTED =
	'Choose a Postman collection or environment (v2.0 or v2.1), an Insomnia export (v4 JSON or YAML, or v5 YAML), a Bruno collection exported as JSON, a Hoppscotch collection or environment, an OpenAPI 3.0 or 3.1 or Swagger 2.0 description (JSON or YAML), a HAR recording, or a file made by “Export collections”.';

const PROTO_JSON = /"__proto__"\s*:/;
const PROTO_YAML = /(^|[\s{,])["']?__proto__["']?\s*:/m;

export function isObject(v: unknown): v is Record<string, unknown> {
	return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** The text as data; YAML only where the text does not start like JSON. */
export function readData(text: string): unknown {
	if (text.length > IMPORT_LIMITS.fileChars)
		throw new FileRefused(
			`The file is larger than ${IMPORT_LIMITS.fileChars / 1_000_000} MB; an export is far smaller.`
		);
	const body = text.replace(/^\uFEFF/, '');
	if (!body.trim()) throw new FileRefused(`The file is empty. ${EXPECTED}`);
	const json = /^\s*[{[]/.test(body);
	if ((json ? PROTO_JSON : PROTO_YAML).test(body))
		throw new FileRefused(
			`The file holds a key named “__proto__”, which no tool writes in an export. Nothing was imported. ${EXPECTED}`
		);
	if (json) {
		try {
			return JSON.parse(body) as unknown;
		} catch {
			// A YAML flow mapping also starts with “{”: try that before refusing.
		}
	}
	try {
		// Aliases are counted, so a “billion laughs” file cannot expand without end.
		const data = parseYaml(body, { maxAliasCount: 1_000, prettyErrors: false }) as unknown;
		if (data !== null && typeof data === 'object') return data;
	} catch {
		// Refused below, with what was expected.
	}
	throw new FileRefused(
		`The file is neither JSON nor YAML that this explorer can read. ${EXPECTED}`
	);
}

/** The value as an array (a missing list is empty); anything else is not a list. */
export function list(v: unknown): unknown[] {
	return Array.isArray(v) ? v : [];
}

/** A text field: strings as they are, numbers and booleans as written, anything else empty. */
export function str(v: unknown): string {
	if (typeof v === 'string') return v;
	if (typeof v === 'number' || typeof v === 'boolean') return String(v);
	return '';
}
