/**
 * Query parameters and header lines as key/value rows, and back to text: the rows view and the
 * text view (the "Query" and "Request headers" fields) of one list. Values stay as typed (a `%2B`
 * stays `%2B`, a `{{variable}}` stays for later); only what would split a pair is escaped. No
 * Svelte here.
 */

export interface KeyValue {
	name: string;
	value: string;
}

/** One row of the rows view; a row switched off is kept in the form and not sent. */
export interface KeyValueRow extends KeyValue {
	enabled: boolean;
}

/** How one list is written as text: a query string, or header lines. */
export interface RowCodec {
	/** The pairs the text holds, blanks left out. */
	parse(text: string): KeyValue[];
	/** The pairs as text; `parse(format(rows))` gives the rows back, escaped. */
	format(pairs: readonly KeyValue[]): string;
	/** A pair as `format` writes it (what would split it escaped). */
	escape(pair: KeyValue): KeyValue;
}

/**
 * `&` and `#` end a query pair, `=` ends its name (and a `?` first would be taken for the URL's):
 * each written percent-encoded in a row.
 */
const escapeQuery = ({ name, value }: KeyValue): KeyValue => ({
	name: name.replace(/[&#=?]/g, (c) => encodeURIComponent(c)),
	value: value.replace(/[&#]/g, (c) => encodeURIComponent(c))
});

/** `a=1&b=2&flag`: each pair as written, not decoded. */
export const QUERY_ROWS: RowCodec = {
	parse(text) {
		return text
			.replace(/^\?/, '')
			.split('&')
			.filter((part) => part.trim() !== '')
			.map((part) => {
				const at = part.indexOf('=');
				return at < 0
					? { name: part, value: '' }
					: { name: part.slice(0, at), value: part.slice(at + 1) };
			});
	},
	format(pairs) {
		return pairs
			.map(escapeQuery)
			.map(({ name, value }) => (value === '' && name !== '' ? name : `${name}=${value}`))
			.join('&');
	},
	escape: escapeQuery
};

/** A header's name ends at its colon; neither part can hold a line break. */
const escapeHeader = ({ name, value }: KeyValue): KeyValue => ({
	name: name.replace(/[\r\n:]/g, '').trim(),
	value: value.replace(/[\r\n]/g, ' ').trim()
});

/** `Name: value`, one a line. A line without a colon is a row with no value (it is refused). */
export const HEADER_ROWS: RowCodec = {
	parse(text) {
		return text
			.split('\n')
			.filter((line) => line.trim() !== '')
			.map((line) => {
				const at = line.indexOf(':');
				return at < 0
					? { name: line.trim(), value: '' }
					: { name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
			});
	},
	format(pairs) {
		return pairs
			.map(escapeHeader)
			.map(({ name, value }) => (value ? `${name}: ${value}` : `${name}:`))
			.join('\n');
	},
	escape: escapeHeader
};

/**
 * The rows after the text view changed: the pairs of the text take the places of the rows that
 * are on, in order; rows switched off stay where they were, and pairs beyond go at the end.
 */
export function mergeRows(
	previous: readonly KeyValueRow[],
	pairs: readonly KeyValue[]
): KeyValueRow[] {
	const out: KeyValueRow[] = [];
	let next = 0;
	for (const row of previous) {
		if (!row.enabled) out.push(row);
		else if (next < pairs.length) out.push({ ...pairs[next++]!, enabled: true });
	}
	for (; next < pairs.length; next++) out.push({ ...pairs[next]!, enabled: true });
	return out;
}

/**
 * Rows with an id each, to be drawn by: a row keeps its own; a row made anew from the text takes
 * the id of the row it replaced, when no other row has it, or a new one.
 */
export function withIds<Row extends KeyValueRow>(
	rows: readonly (Row & { id?: number })[],
	before: readonly { id: number }[],
	newId: () => number
): (KeyValueRow & { id: number })[] {
	const taken = new Set(rows.map((r) => r.id));
	return rows.map((r, i) => {
		let id = r.id;
		if (id === undefined) {
			const at = before[i]?.id;
			id = at !== undefined && !taken.has(at) ? at : newId();
			taken.add(id);
		}
		return { name: r.name, value: r.value, enabled: r.enabled, id };
	});
}

/** Whether two lists hold the same pairs in the same order. */
export function samePairs(a: readonly KeyValue[], b: readonly KeyValue[]): boolean {
	return (
		a.length === b.length && a.every((p, i) => p.name === b[i]!.name && p.value === b[i]!.value)
	);
}

/**
 * The text view of rows: the text as last typed while it still says what the rows on say (so a
 * trailing `&` or a blank line being typed stays), their formatted text otherwise.
 */
export function rowsText(codec: RowCodec, rows: readonly KeyValueRow[], typed: string): string {
	const on = rows.filter((r) => r.enabled).map(codec.escape);
	return samePairs(codec.parse(typed), on) ? typed : codec.format(on);
}

/** A URL bar's text as path and query: `/projects?page=2` → `/projects`, `page=2`. */
export function splitUrl(text: string): { path: string; query: string } {
	const at = text.indexOf('?');
	return at < 0
		? { path: text, query: '' }
		: { path: text.slice(0, at), query: text.slice(at + 1) };
}

/** Path and query as one URL bar's text. */
export function joinUrl(path: string, query: string): string {
	return query ? `${path}?${query}` : path;
}
