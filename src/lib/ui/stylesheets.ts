/**
 * Waits for the stylesheets the page has asked for, so a page is not drawn before its CSS.
 *
 * Why: SvelteKit asks for a page's code twice when it opens it, and Vite waits for the page's CSS
 * only the first time; the second ask gets the code at once. On a busy phone the page was drawn
 * without its CSS and jumped when the CSS arrived (a layout shift of 0.53 on the reader).
 */

/** The longest wait: a stylesheet that failed earlier never loads, and the page must show. */
export const STYLESHEET_WAIT_MS = 3000;

/** A stylesheet link as far as waiting for it goes (an HTMLLinkElement in the browser). */
export type StylesheetLink = Pick<HTMLLinkElement, 'sheet' | 'addEventListener'>;

/**
 * The page's stylesheet links that have not arrived yet. A disabled link is never fetched: it
 * stands for a style sheet written into the page (SvelteKit's inlined styles, and each page's in
 * scripts/complete-preloads.js), kept so the page's code does not ask for it again.
 */
export function pendingStylesheets(
	root: Pick<Document, 'querySelectorAll'> = document
): StylesheetLink[] {
	return [...root.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
		(link) => !link.sheet && !link.disabled
	);
}

/** Resolves when each pending stylesheet has loaded or failed, or after `STYLESHEET_WAIT_MS`. */
export function stylesheetsLoaded(
	pending: readonly StylesheetLink[] = pendingStylesheets(),
	waitMs = STYLESHEET_WAIT_MS
): Promise<void> {
	if (pending.length === 0) return Promise.resolve();
	const arrived = Promise.all(
		pending.map(
			(link) =>
				new Promise<void>((done) => {
					link.addEventListener('load', () => done(), { once: true });
					link.addEventListener('error', () => done(), { once: true });
				})
		)
	);
	return Promise.race([
		arrived.then(() => undefined),
		new Promise<void>((done) => setTimeout(done, waitMs))
	]);
}
