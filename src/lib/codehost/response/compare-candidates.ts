/**
 * The answers "Compare with…" offers: pinned ones first, then every earlier answer newest first,
 * a Fetch all pages run as one entry (its first page), filtered by path. No cap: the session's
 * first answer stays pickable however many pages a walk fetched. No Svelte here.
 */
import type { HistoryEntry } from '../history/history';

export function compareCandidates(
	history: readonly HistoryEntry[],
	options: { filter?: string; pinned?: readonly string[]; except?: string } = {}
): HistoryEntry[] {
	const pinned = options.pinned ?? [];
	const words = (options.filter ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
	const byRun = new Map<string, HistoryEntry>();
	const singles: HistoryEntry[] = [];
	for (const e of history) {
		if (e.status === undefined || e.responseBody === undefined || e.id === options.except) continue;
		// History is newest first: the last page seen of a run is its first page.
		if (e.run) byRun.set(e.run, e);
		else singles.push(e);
	}
	const runsFirst = new Set(byRun.values());
	const listed = history.filter((e) => singles.includes(e) || runsFirst.has(e));
	const matches = (e: HistoryEntry) =>
		words.every((w) => `${e.path} ${e.url}`.toLowerCase().includes(w));
	const pins = pinned
		.map((id) => history.find((e) => e.id === id))
		.filter((e): e is HistoryEntry => e !== undefined);
	return [...pins, ...listed.filter((e) => !pinned.includes(e.id) && matches(e))];
}
