/**
 * Every record an area keeps on this device carries its format version (`format`). A record of
 * builds before versions has none: it reads as format 1. A record of a format newer than the
 * area's is never overwritten: the area says so and leaves it as it is. No Svelte here.
 */

/** A stored value's format version: its `format` field, or 1 when it has none (or is not an object). */
export function formatOf(value: unknown): number {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return 1;
	const format = (value as { format?: unknown }).format;
	return typeof format === 'number' && Number.isFinite(format) ? format : 1;
}

/** What the area calls what it keeps, as the message says it: "Your environments were …". */
export type KeptName =
	| 'environments'
	| 'history entries'
	| 'reading plans'
	| 'reading preferences'
	| 'notes, bookmarks and highlights'
	| 'followed orders'
	| 'snapshots'
	| 'settings';

/** What an area keeps was written by a newer build of the app: this one leaves it alone. */
export class NewerData extends Error {
	override name = 'NewerData';
	constructor(
		readonly kept: KeptName,
		readonly format: number
	) {
		super(newerMessage(kept));
	}
}

/** Throws NewerData if `value` says it is of a format newer than `current`. */
export function checkFormat(value: unknown, current: number, kept: KeptName): void {
	const format = formatOf(value);
	if (format > current) throw new NewerData(kept, format);
}

/** What the area says of data a newer build wrote, in plain words. */
export function newerMessage(kept: KeptName): string {
	return `Your ${kept} were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.`;
}
