/** The page's origin, when there is a page (not in unit tests). */
export function pageOrigin(): string | undefined {
	return typeof location === 'undefined' ? undefined : location.origin;
}
