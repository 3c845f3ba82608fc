/**
 * One list of the request (its query parameters, or its header lines) as rows with an on/off
 * switch each, and as the text the bulk view edits. Both views show the same list: typing in the
 * text rewrites the rows that are on, a row edit rewrites the text. Rows switched off are not
 * sent; they stay in the form until removed.
 */
import {
	mergeRows,
	rowsText,
	withIds,
	type KeyValue,
	type KeyValueRow,
	type RowCodec
} from './key-value-rows';

export type { KeyValueRow };

/** A row with the id its place in a list is drawn by. */
export interface ListedRow extends KeyValueRow {
	id: number;
}

export class KeyValueRows {
	/** Rows, in order; `text` is what the rows that are on say. */
	rows = $state.raw<readonly ListedRow[]>([]);
	/** Rows or text: which view the person edits in. */
	view = $state<'text' | 'rows'>('text');
	#typed = $state('');
	#codec: RowCodec;
	#ids = 0;

	constructor(codec: RowCodec, text = '') {
		this.#codec = codec;
		this.text = text;
	}

	/** The text view: what is sent, as typed where it still says that. */
	get text(): string {
		return rowsText(this.#codec, this.rows, this.#typed);
	}

	set text(text: string) {
		this.#typed = text;
		this.#setRows(mergeRows(this.rows, this.#codec.parse(text)));
	}

	/** Another request's list in place of this one: rows switched off go too. */
	reset(text: string): void {
		this.rows = [];
		this.text = text;
	}

	/** The rows that are on, as sent. */
	get enabled(): KeyValue[] {
		return this.rows.filter((r) => r.enabled).map(({ name, value }) => ({ name, value }));
	}

	/** Changes one row; the text follows. */
	update(index: number, change: Partial<KeyValueRow>): void {
		this.#setRows(this.rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
	}

	/** Adds a row at the end (a parameter chosen from the catalogue, or an empty one to fill). */
	add(name = '', value = ''): void {
		this.#setRows([...this.rows, { name, value, enabled: true }]);
	}

	remove(index: number): void {
		this.#setRows(this.rows.filter((_, i) => i !== index));
	}

	/** Keeps each row's id (a row being edited stays the same element) and gives new ones theirs. */
	#setRows(rows: readonly (KeyValueRow & { id?: number })[]): void {
		this.rows = withIds(rows, this.rows, () => ++this.#ids);
	}
}
