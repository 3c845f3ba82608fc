// Other tabs of the app are told when notes change, so each shows what the others saved.

const CHANNEL = 'bible-notes';

/** `keys` of the verses changed, or none for "reload everything" (after an import). */
export type NotesChange = { keys?: string[] };

/**
 * Listens for other tabs' changes; returns how to tell them of this tab's. Without
 * BroadcastChannel, tabs still never overwrite each other (each change is read-modify-write in
 * one transaction), they only show another tab's change after a reload.
 */
export function notesChannel(
	onChange: (change: NotesChange) => void
): (change: NotesChange) => void {
	if (typeof BroadcastChannel === 'undefined') return () => undefined;
	const channel = new BroadcastChannel(CHANNEL);
	channel.onmessage = (event: MessageEvent<NotesChange>) => onChange(event.data);
	return (change) => channel.postMessage(change);
}
