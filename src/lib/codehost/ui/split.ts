/** The request/response split on wide screens: a share of the width, kept between visits. */
const KEY = 'explorer.split';
export const SPLIT_MIN = 25;
export const SPLIT_MAX = 75;
export const SPLIT_DEFAULT = 50;

export function clampSplit(value: number): number {
	if (!Number.isFinite(value)) return SPLIT_DEFAULT;
	return Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, Math.round(value)));
}

export function loadSplit(storage: Storage | undefined = globalThis.localStorage): number {
	const raw = storage?.getItem(KEY);
	return raw === null || raw === undefined ? SPLIT_DEFAULT : clampSplit(Number(raw));
}

export function saveSplit(value: number, storage: Storage | undefined = globalThis.localStorage) {
	try {
		storage?.setItem(KEY, String(clampSplit(value)));
	} catch {
		// Storage refused (private window, full): the split lasts for this page.
	}
}

/** The split after a key press on the separator, or null when the key does not move it. */
export function splitAfterKey(value: number, key: string): number | null {
	switch (key) {
		case 'ArrowLeft':
			return clampSplit(value - 5);
		case 'ArrowRight':
			return clampSplit(value + 5);
		case 'Home':
			return SPLIT_MIN;
		case 'End':
			return SPLIT_MAX;
		default:
			return null;
	}
}
