// The user's reading plans, kept on this device (localStorage: a few hundred bytes a plan).
// Format 2: `{ format: 2, plans }`. A format-1 value (the list itself, with no version: builds
// before versions) is upgraded when read; one of a newer format is never overwritten.
import { FileRefused } from '$lib/ui/file-refused';
import { formatOf, NewerData } from '$lib/ui/stored-format';
import { readPlans } from './file';
import type { PlanProgress } from './schedule';

export const PLANS_KEY = 'bible.plans';
export const PLANS_FORMAT = 2;

function storage(): Storage | undefined {
	try {
		return typeof localStorage === 'undefined' ? undefined : localStorage;
	} catch {
		return undefined;
	}
}

/** What is kept, parsed: undefined when nothing (or nothing readable) is. */
function stored(s: Storage | undefined): unknown {
	const raw = s?.getItem(PLANS_KEY);
	try {
		return raw ? (JSON.parse(raw) as unknown) : undefined;
	} catch (error) {
		if (error instanceof SyntaxError) return undefined;
		throw error;
	}
}

/** NewerData when a newer build of the app wrote the plans kept here (they are left as they are). */
export function plansNewer(s = storage()): NewerData | undefined {
	const value = stored(s);
	const format = formatOf(value);
	return format > PLANS_FORMAT ? new NewerData('reading plans', format) : undefined;
}

/**
 * The plans kept here; a damaged entry reads as none rather than break the page, and so do plans
 * a newer build wrote (plansNewer says so). A format-1 value is written back as format 2.
 */
export function loadPlans(s = storage()): PlanProgress[] {
	const value = stored(s);
	const format = formatOf(value);
	if (value === undefined || format > PLANS_FORMAT) return [];
	let plans: PlanProgress[];
	try {
		plans = readPlans(format === 1 ? value : (value as { plans?: unknown }).plans);
	} catch (error) {
		if (error instanceof FileRefused) return [];
		throw error;
	}
	if (format < PLANS_FORMAT) savePlans(plans, s);
	return plans;
}

/** Keeps the plans; false when the browser refused to store them, or a newer build wrote them. */
export function savePlans(plans: readonly PlanProgress[], s = storage()): boolean {
	try {
		if (!s || plansNewer(s)) return false;
		if (plans.length) s.setItem(PLANS_KEY, JSON.stringify({ format: PLANS_FORMAT, plans }));
		else s.removeItem(PLANS_KEY);
		return true;
	} catch {
		return false;
	}
}
