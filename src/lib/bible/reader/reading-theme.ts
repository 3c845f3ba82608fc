/**
 * The reading theme is the whole page's, not only the text's, while the reader is open: it is put
 * on the document ("auto": none, the system's), and taken off by the function returned.
 */
export function applyReadingTheme(theme: string, root: HTMLElement): () => void {
	if (theme === 'auto') delete root.dataset.readingTheme;
	else root.dataset.readingTheme = theme;
	return () => delete root.dataset.readingTheme;
}
