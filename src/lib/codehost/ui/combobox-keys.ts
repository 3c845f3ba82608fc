/**
 * The keyboard of an editable combobox with a list popup (ARIA 1.2 APG): what a key does to the
 * open state and the active option. Plain data in, plain data out, so it is tested without a DOM.
 */

export interface ComboState {
	open: boolean;
	/** Index of the active option, -1 for none (focus stays on the text). */
	active: number;
}

export interface ComboKeyResult extends ComboState {
	/** The option chosen by this key, if any. */
	choose?: number;
	/** True when the key was the combobox's, so the browser's default (and the form's) is kept from it. */
	handled: boolean;
}

export function comboKey(
	key: string,
	state: ComboState,
	count: number,
	altKey = false
): ComboKeyResult {
	const { open, active } = state;
	switch (key) {
		case 'ArrowDown':
			if (!open) return { open: count > 0, active: altKey || count === 0 ? -1 : 0, handled: true };
			if (altKey) return { ...state, handled: true };
			return { open, active: count ? (active + 1) % count : -1, handled: true };
		case 'ArrowUp':
			if (!open) return { open: count > 0, active: count - 1, handled: true };
			return { open, active: count ? (active <= 0 ? count - 1 : active - 1) : -1, handled: true };
		case 'Enter':
			// With no option active, Enter is the form's (the explorer sends on Enter).
			if (open && active >= 0 && active < count)
				return { open: false, active: -1, choose: active, handled: true };
			return { open: false, active: -1, handled: false };
		case 'Escape':
			// Closes the list; with the list already closed it is left to the page.
			return { open: false, active: -1, handled: open };
		case 'Tab':
			return { open: false, active: -1, handled: false };
		case 'Home':
		case 'End':
		case 'ArrowLeft':
		case 'ArrowRight':
			// Keys that move the caret in the text take focus back from the list.
			return { open, active: -1, handled: false };
		default:
			return { ...state, handled: false };
	}
}
