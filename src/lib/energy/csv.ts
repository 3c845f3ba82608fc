/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF; a field holding a comma, a double
 * quote, CR or LF is put in double quotes, with its double quotes doubled.
 */
export function csvField(value: string): string {
	return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
	return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
