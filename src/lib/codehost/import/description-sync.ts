/**
 * What Import does with a newer version of an API description already in the endpoint list: the
 * saved requests the earlier version made follow it. An added operation becomes a new request;
 * a changed one's new request replaces the earlier one in place (same id, same collection); a
 * removed one's request is deleted; an unchanged one's request is left as it is (the person may
 * have edited it). An operation whose request the person deleted comes back only if it changed.
 * No Svelte, no DOM.
 */
import type { Collection, SavedRequest } from '../collections/collections';
import { operationKey, type ApiDescription, type DescribedOperation } from '../catalogue/described';
import { diffDescriptions, type DescriptionDiff } from '../catalogue/described-diff';

export interface DescriptionUpdate {
	diff: DescriptionDiff;
	/** Saved requests to replace, by the id they keep. */
	replace: Map<string, SavedRequest>;
	/** Saved requests to delete. */
	remove: Set<string>;
	/** New requests, in the collections (by name) the import made for them. */
	add: Collection[];
	/** The description to keep: the newer one, under the earlier one's id, pointing at the requests kept. */
	description: ApiDescription;
}

/**
 * The update from `previous` (in the endpoint list) to `next` (read now, its requests in
 * `collections`); `exists` says whether a saved request of that id is still kept.
 */
export function planUpdate(
	previous: ApiDescription,
	next: ApiDescription,
	collections: readonly Collection[],
	exists: (id: string) => boolean
): DescriptionUpdate {
	const diff = diffDescriptions(previous, next);
	const changed = new Set(diff.changed.map((c) => operationKey(c.after)));
	const before = new Map(previous.operations.map((op) => [operationKey(op), op]));
	const made = new Map(collections.flatMap((c) => c.requests.map((r) => [r.id, r])));
	const replace = new Map<string, SavedRequest>();
	const adding = new Set<string>();
	const operations = next.operations.map((op): DescribedOperation => {
		const key = operationKey(op);
		const was = before.get(key);
		const kept = was?.requestId && exists(was.requestId) ? was.requestId : undefined;
		const item = op.requestId ? made.get(op.requestId) : undefined;
		if (kept) {
			if (changed.has(key) && item) replace.set(kept, { ...item, id: kept });
			return { ...op, requestId: kept };
		}
		if (item && (!was || changed.has(key))) {
			adding.add(item.id);
			return op;
		}
		const { requestId: _gone, ...rest } = op;
		return rest;
	});
	const remove = new Set(
		diff.removed.flatMap((op) => (op.requestId && exists(op.requestId) ? [op.requestId] : []))
	);
	const add = collections
		.map((c) => ({ ...c, requests: c.requests.filter((r) => adding.has(r.id)) }))
		.filter((c) => c.requests.length);
	return { diff, replace, remove, add, description: { ...next, id: previous.id, operations } };
}
