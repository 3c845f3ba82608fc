/**
 * Which way an arrow key turns the chapter: Left to the previous one, Right to the next. None with
 * a modifier held (the browser's own shortcuts) or while typing in a field, where arrows move the
 * caret.
 */
export type ChapterKeyEvent = Pick<
	KeyboardEvent,
	'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target'
>;

export function chapterArrow(event: ChapterKeyEvent): 'prev' | 'next' | undefined {
	if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
	const target = event.target as Partial<Pick<Element, 'closest'>> | null;
	if (target?.closest?.('input, textarea, select, [contenteditable="true"]')) return undefined;
	if (event.key === 'ArrowLeft') return 'prev';
	if (event.key === 'ArrowRight') return 'next';
	return undefined;
}
