import type { ServiceId } from './connection';

/**
 * The last thing done in each area, for the home page: a short line of text and when. Kept in
 * local storage, so it must never hold a secret: callers pass a method and a path, a book and a
 * chapter, an amount, never a URL with its query or a header.
 */
export interface Activity {
	at: number;
	what: string;
}

export type Activities = Partial<Record<ServiceId, Activity>>;

const KEY = 'activity.v1';
const MAX_LENGTH = 120;
const AREAS: readonly ServiceId[] = ['codehost', 'energy', 'bible'];

function storage(): Storage | undefined {
	try {
		return typeof localStorage === 'undefined' ? undefined : localStorage;
	} catch {
		return undefined;
	}
}

export function readActivities(): Activities {
	const out: Activities = {};
	let parsed: unknown;
	try {
		parsed = JSON.parse(storage()?.getItem(KEY) ?? '{}');
	} catch {
		return out;
	}
	if (!parsed || typeof parsed !== 'object') return out;
	for (const area of AREAS) {
		const a = (parsed as Record<string, unknown>)[area] as Partial<Activity> | undefined;
		if (a && typeof a.at === 'number' && Number.isFinite(a.at) && typeof a.what === 'string')
			out[area] = { at: a.at, what: a.what.slice(0, MAX_LENGTH) };
	}
	return out;
}

/** Records what was just done; a full or blocked storage only means it is not shown later. */
export function recordActivity(area: ServiceId, what: string, at = Date.now()): void {
	const all = readActivities();
	all[area] = { at, what: what.slice(0, MAX_LENGTH) };
	try {
		storage()?.setItem(KEY, JSON.stringify(all));
	} catch {
		// Storage full or refused: the home page shows no last activity for this area.
	}
}

/** A request as the home page shows it: method and path, never the query (it may hold a token). */
export function requestLine(method: string, url: string): string {
	try {
		return `${method} ${new URL(url).pathname}`;
	} catch {
		return method;
	}
}
