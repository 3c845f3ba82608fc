// Which way a translation's text runs, from its language code (BI-LIST-1's `langId`): Hebrew,
// Aramaic, Arabic and the other right-to-left scripts' languages run right to left.

const RIGHT_TO_LEFT = new Set(['he', 'hbo', 'arc', 'ar', 'fa', 'ur', 'yi', 'syr', 'ps', 'dv']);

/** "rtl" for a right-to-left language ("he", "he-IL", "HBO"), else undefined (the page's own). */
export function textDirection(langId: string | undefined): 'rtl' | undefined {
	const primary = langId?.trim().toLowerCase().split(/[-_]/)[0];
	return primary && RIGHT_TO_LEFT.has(primary) ? 'rtl' : undefined;
}
