/**
 * One CSV cell as every area's export writes it: text a spreadsheet would run as a formula is
 * kept as text, then RFC 4180 quoting. No Svelte here.
 *
 * A cell starting with = + - @, a tab or a CR is a formula to Excel, LibreOffice and Google Sheets
 * (`=HYPERLINK(…)`, `-2+3`, `@SUM(A1)`), so, as OWASP advises, it is written after a `'`, which
 * makes the cell text. A cell that is one number and nothing else (`-5.2`, `+1`, `-1e+21`) is left
 * as it is: a spreadsheet reads it as that number, which runs nothing, and a negative amount stays a
 * number that sums and sorts as one.
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** One decimal number, optionally signed, with an optional fraction and exponent. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The text, kept as text by a spreadsheet: after a `'` when it would start a formula. */
export function spreadsheetText(text: string): string {
	return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One field of a CSV record: guarded against formulas, and in double quotes (its own doubled)
 * when it holds a comma, a quote or a line break, or starts or ends with white space, which a
 * spreadsheet would otherwise trim.
 */
export function csvCell(text: string): string {
	const safe = spreadsheetText(text);
	return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
