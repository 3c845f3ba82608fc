// The verse itself opens its actions: a click or tap on its words, or Enter on a focused verse
// (links to a verse focus it). Listened for once on the chapter, not on every verse.

/** The verse element (`data-verse`) an event is about, unless it began on a control. */
function verseOf(event: Event): HTMLElement | undefined {
	const target = event.target as HTMLElement | null;
	if (!target || target.closest('a, button, input, select, textarea, label, summary')) return;
	return target.closest<HTMLElement>('[data-verse]') ?? undefined;
}

/**
 * Calls `open(verseRef, verseElement)` for a click on a verse's text (not while the reader is
 * selecting text to copy) and for Enter on a focused verse; returns the function that stops it.
 */
export function openOnVerse(
	root: HTMLElement,
	open: (verseRef: string, verse: HTMLElement) => void
): () => void {
	const click = (event: MouseEvent) => {
		const verse = verseOf(event);
		if (!verse || event.button !== 0) return;
		const selection = root.ownerDocument.getSelection();
		if (selection && !selection.isCollapsed && selection.toString().trim()) return;
		open(verse.dataset.verse!, verse);
	};
	const key = (event: KeyboardEvent) => {
		if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey) return;
		const verse = event.target as HTMLElement;
		if (!verse.dataset?.verse) return;
		event.preventDefault();
		open(verse.dataset.verse, verse);
	};
	root.addEventListener('click', click);
	root.addEventListener('keydown', key);
	return () => {
		root.removeEventListener('click', click);
		root.removeEventListener('keydown', key);
	};
}
