// The areas' page headings in one place: each page shows its own, and the areas' layout shows the
// same heading while the settings load. On a phone the heading is the largest text of the first
// frame, so it is painted with the menu instead of after the whole page has rendered.
export const PAGE_HEADINGS = {
	explorer: 'Code-host API explorer',
	energy: 'Energy order dashboard',
	bible: 'Bible reader',
	settings: 'Settings'
} as const;

const BY_ROUTE: Record<string, string> = {
	'/(areas)/explorer': PAGE_HEADINGS.explorer,
	'/(areas)/energy': PAGE_HEADINGS.energy,
	'/(areas)/settings': PAGE_HEADINGS.settings,
	'/(areas)/bible': PAGE_HEADINGS.bible,
	'/(areas)/bible/[bible]': PAGE_HEADINGS.bible,
	'/(areas)/bible/[bible]/[book]': PAGE_HEADINGS.bible
};

/** The fixed heading of a page of the areas, by its route id; none where it depends on data. */
export function headingFor(routeId: string | null): string | undefined {
	return routeId !== null && Object.hasOwn(BY_ROUTE, routeId) ? BY_ROUTE[routeId] : undefined;
}
