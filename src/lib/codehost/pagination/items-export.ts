/** The items of Fetch all pages as a file: JSON, NDJSON (one item a line) or CSV. No Svelte here. */
import { csvCell } from '$lib/ui/csv-cell';

export const ITEM_FORMATS = [
	{ id: 'json', label: 'JSON', mime: 'application/json', extension: 'json' },
	{
		id: 'ndjson',
		label: 'NDJSON (one item a line)',
		mime: 'application/x-ndjson',
		extension: 'ndjson'
	},
	{ id: 'csv', label: 'CSV (one row an item)', mime: 'text/csv', extension: 'csv' }
] as const;

export type ItemFormat = (typeof ITEM_FORMATS)[number]['id'];

export function itemsFile(
	items: readonly unknown[],
	format: ItemFormat,
	name: string
): { text: string; mime: string; fileName: string } {
	const spec = ITEM_FORMATS.find((f) => f.id === format)!;
	const text =
		format === 'json'
			? `${JSON.stringify(items, null, 2)}\n`
			: format === 'ndjson'
				? items.map((item) => `${JSON.stringify(item)}\n`).join('')
				: toCsv(items);
	return { text, mime: spec.mime, fileName: `${name}.${spec.extension}` };
}

/**
 * One row per item, one column per top-level key (in the order first seen); nested values as
 * JSON. Items that are not objects go in a "value" column. RFC 4180 quoting, CRLF line ends.
 */
export function toCsv(items: readonly unknown[]): string {
	const columns: string[] = [];
	const seen = new Set<string>();
	const add = (key: string) => {
		if (!seen.has(key)) {
			seen.add(key);
			columns.push(key);
		}
	};
	for (const item of items)
		if (isRecord(item)) Object.keys(item).forEach(add);
		else add('value');
	const rows = items.map((item) =>
		columns.map((column) =>
			cell(isRecord(item) ? item[column] : column === 'value' ? item : undefined)
		)
	);
	return [columns.map(cell), ...rows].map((row) => `${row.join(',')}\r\n`).join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as a cell: nested values as JSON; a formula kept as text, as every export does. */
function cell(value: unknown): string {
	if (value === null || value === undefined) return '';
	return csvCell(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** A file name from the path the items came from: "/projects/1/issues" → "projects-1-issues-items". */
export function itemsFileName(path: string): string {
	const slug = path
		.split('?')[0]!
		.replace(/%2F/gi, '-')
		.replace(/[^a-z0-9]+/gi, '-')
		.replace(/^-+|-+$/g, '');
	return `${slug || 'api'}-items`;
}
