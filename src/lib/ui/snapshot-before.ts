/**
 * A snapshot before an area's own import or bulk delete, so the change can be undone from
 * Snapshots in Settings. The areas call `snapshotBefore(reason)`, one line; "Your data", which
 * the areas may not import, provides what takes the snapshot (the areas' layout hands it in, and
 * it loads only when a snapshot is taken). Without a provider (a unit test) nothing is taken.
 * No Svelte here.
 */

/** The area changes that take a snapshot first. */
export type ChangeReason = 'import-collections' | 'clear-history' | 'import-notes';

/** Takes a snapshot of every area's data; resolves to whether it was kept. */
export type SnapshotTaker = (reason: ChangeReason) => Promise<boolean>;

let provider: (() => Promise<SnapshotTaker>) | undefined;

/** What the status adds when the snapshot was kept. */
export const UNDO_NOTE = ' It can be undone from Snapshots in Settings.';

/** Hands in what takes the snapshots (loaded the first time one is taken). */
export function provideSnapshots(load: (() => Promise<SnapshotTaker>) | undefined): void {
	provider = load;
}

/**
 * Keeps a snapshot of the data as it is now; resolves to the words the status adds (UNDO_NOTE),
 * or '' when none could be kept. Never throws: a change the person asked for is not held up by
 * a browser that refuses to keep the snapshot, it only does not promise an undo.
 */
export async function snapshotBefore(reason: ChangeReason): Promise<string> {
	if (!provider) return '';
	try {
		return (await (await provider())(reason)) ? UNDO_NOTE : '';
	} catch {
		return '';
	}
}
