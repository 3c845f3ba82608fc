/**
 * The keyboard of a menu button and its menu (WAI-ARIA APG "menu button"): which item a key
 * focuses, or whether it closes the menu. Plain data in, plain data out, so it is tested without
 * a DOM; the menu component does the focusing.
 */

/** What a key on the closed menu's button does: open on the first or the last item, or nothing. */
export function buttonKey(key: string): 'first' | 'last' | null {
	switch (key) {
		case 'Enter':
		case ' ':
		case 'ArrowDown':
			return 'first';
		case 'ArrowUp':
			return 'last';
		default:
			return null;
	}
}

/**
 * What a key in the open menu does, from item `at` of items labelled `labels`: the item to focus
 * (arrows wrap; Home, End; a letter goes to the next item starting with it), `close` (Escape,
 * Tab), or null when the key is not the menu's.
 */
export function menuKey(
	key: string,
	at: number,
	labels: readonly string[]
): number | 'close' | null {
	const count = labels.length;
	if (key === 'Escape' || key === 'Tab') return 'close';
	if (!count) return null;
	switch (key) {
		case 'ArrowDown':
			return (at + 1) % count;
		case 'ArrowUp':
			return at <= 0 ? count - 1 : at - 1;
		case 'Home':
		case 'PageUp':
			return 0;
		case 'End':
		case 'PageDown':
			return count - 1;
	}
	if (key.length !== 1 || key === ' ') return null;
	const letter = key.toLowerCase();
	for (let step = 1; step <= count; step++) {
		const i = (at + step) % count;
		if (labels[i]!.trim().toLowerCase().startsWith(letter)) return i;
	}
	return null;
}
