/**
 * CSV data for a run (RFC 4180): the first record names the columns, each later record is one run
 * with its columns as variables. A malformed record is refused with its row number before anything
 * runs.
 */
import { VARIABLE_NAME } from '../request/variables';

export class CsvError extends Error {
	override name = 'CsvError';
	constructor(
		message: string,
		/** The record's row number, 1 for the header. */
		readonly row: number
	) {
		super(message);
	}
}

export interface CsvData {
	columns: string[];
	rows: Record<string, string>[];
}

/** The records of a CSV text as arrays of fields, each with the row number it starts on. */
function records(text: string): { fields: string[]; row: number }[] {
	const out: { fields: string[]; row: number }[] = [];
	const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
	let fields: string[] = [];
	let field = '';
	let row = 1;
	let i = 0;
	let atFieldStart = true;
	const endRecord = () => {
		fields.push(field);
		out.push({ fields, row });
		fields = [];
		field = '';
		row++;
		atFieldStart = true;
	};
	while (i < src.length) {
		const c = src[i]!;
		if (atFieldStart && c === '"') {
			// A quoted field: "" is a quote; commas and line breaks are text.
			i++;
			for (;;) {
				if (i >= src.length) throw new CsvError(`Row ${row}: a quoted field is not closed`, row);
				if (src[i] === '"') {
					if (src[i + 1] === '"') {
						field += '"';
						i += 2;
						continue;
					}
					i++;
					break;
				}
				field += src[i];
				i++;
			}
			const next = src[i];
			if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n')
				throw new CsvError(`Row ${row}: text after a closing quote`, row);
			atFieldStart = false;
			continue;
		}
		if (c === ',') {
			fields.push(field);
			field = '';
			atFieldStart = true;
			i++;
		} else if (c === '\r' || c === '\n') {
			endRecord();
			i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
		} else if (c === '"') {
			throw new CsvError(`Row ${row}: a quote inside a field that does not start with one`, row);
		} else {
			field += c;
			atFieldStart = false;
			i++;
		}
	}
	if (!atFieldStart || fields.length > 0 || field !== '') endRecord();
	return out;
}

export function parseCsv(text: string): CsvData {
	// Blank lines (an empty record) carry no run; a final line break is usual.
	const all = records(text).filter((r) => !(r.fields.length === 1 && r.fields[0] === ''));
	const header = all[0];
	if (!header) throw new CsvError('The file has no header row naming the columns', 1);
	const columns = header.fields.map((f) => f.trim());
	columns.forEach((name, i) => {
		if (!VARIABLE_NAME.test(name))
			throw new CsvError(
				`Row ${header.row}: column ${i + 1} “${name}” is not a variable name (a letter or _ first)`,
				header.row
			);
		if (columns.indexOf(name) !== i)
			throw new CsvError(`Row ${header.row}: column “${name}” appears twice`, header.row);
	});
	const rows = all.slice(1).map(({ fields, row }) => {
		if (fields.length !== columns.length)
			throw new CsvError(
				`Row ${row}: ${fields.length} field${fields.length === 1 ? '' : 's'}, the header has ${columns.length}`,
				row
			);
		return Object.fromEntries(columns.map((name, i) => [name, fields[i]!]));
	});
	return { columns, rows };
}
