/**
 * A long text cut into rows of at most `cols` characters (a line break always starts a row), as
 * offsets: a 10 MB body on one line becomes 125,000 rows of 80, of which the view draws those in
 * sight. No Svelte, no DOM.
 */

export interface RawRows {
	/** Offset of each row's first character. */
	starts: Uint32Array;
	/** Offset one past each row's last character (line breaks not included). */
	ends: Uint32Array;
	count: number;
}

export function rawRows(text: string, cols: number): RawRows {
	const width = Math.max(1, Math.floor(cols));
	let starts = new Uint32Array(1024);
	let ends = new Uint32Array(1024);
	let count = 0;
	const add = (start: number, end: number) => {
		if (count === starts.length) {
			const grownStarts = new Uint32Array(count * 2);
			grownStarts.set(starts);
			starts = grownStarts;
			const grownEnds = new Uint32Array(count * 2);
			grownEnds.set(ends);
			ends = grownEnds;
		}
		starts[count] = start;
		ends[count] = end;
		count++;
	};
	let line = 0;
	for (;;) {
		const nl = text.indexOf('\n', line);
		let end = nl === -1 ? text.length : nl;
		if (end > line && text.charCodeAt(end - 1) === 13) end--; // \r\n
		if (end === line) add(line, line);
		for (let at = line; at < end; at += width) add(at, Math.min(at + width, end));
		if (nl === -1) break;
		line = nl + 1;
	}
	return { starts: starts.subarray(0, count), ends: ends.subarray(0, count), count };
}

/** The text of row `i`. */
export function rawRow(text: string, rows: RawRows, i: number): string {
	return text.slice(rows.starts[i], rows.ends[i]);
}
