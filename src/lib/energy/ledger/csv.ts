/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF. Each field is written as every
 * export of the app writes a cell (csv-cell.ts): a value a spreadsheet would run as a formula
 * (`=HYPERLINK(…)` from the server) kept as text, quotes where needed.
 */
import { csvCell } from '$lib/ui/csv-cell';

export const csvField = csvCell;

export function toCsv(rows: readonly (readonly string[])[]): string {
	return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
