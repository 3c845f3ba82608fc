// The user's reading plans, kept on this device (localStorage: a few hundred bytes a plan).
import { PlansRefused, readPlans } from './file';
import type { PlanProgress } from './schedule';

const KEY = 'bible.plans';

function storage(): Storage | undefined {
	try {
		return typeof localStorage === 'undefined' ? undefined : localStorage;
	} catch {
		return undefined;
	}
}

/** The plans kept here; a damaged entry reads as none rather than break the page. */
export function loadPlans(): PlanProgress[] {
	const raw = storage()?.getItem(KEY);
	if (!raw) return [];
	try {
		return readPlans(JSON.parse(raw));
	} catch (error) {
		if (error instanceof PlansRefused || error instanceof SyntaxError) return [];
		throw error;
	}
}

/** Keeps the plans; false when the browser refused to store them. */
export function savePlans(plans: readonly PlanProgress[]): boolean {
	try {
		const s = storage();
		if (!s) return false;
		if (plans.length) s.setItem(KEY, JSON.stringify(plans));
		else s.removeItem(KEY);
		return true;
	} catch {
		return false;
	}
}
