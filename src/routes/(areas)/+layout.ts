import { browser } from '$app/environment';
import { resolve } from '$app/paths';
import { connections } from '$lib/settings/area-connection.svelte';

// The areas' shells are prerendered with their menu and heading (the layout shows only those until
// the settings arrive, so no page runs at build time): a phone paints them from the HTML.
export const ssr = true;

/** A path segment as text; a malformed escape names nothing. */
const decoded = (part: string) => {
	try {
		return decodeURIComponent(part);
	} catch {
		return '';
	}
};

// A page opened at a chapter (a deep link) in Demo mode: the demo Bible and the chapter's book start
// downloading when this layout's code arrives, beside the reader's own code, not after the reader
// has rendered. Module code rather than a load function: the app's first universal load would add
// 0.7 KB to every page's start-up code. Moves inside the app preload the same way from the reader.
if (browser) {
	const prefix = `${resolve('/bible')}/`;
	const path = location.pathname;
	const [bibleRef, bookRef, chapter, ...rest] = path.startsWith(prefix)
		? path.slice(prefix.length).split('/').map(decoded)
		: [];
	if (bibleRef && bookRef && chapter && !rest.some(Boolean))
		void connections.bible.preloadDemo({ bibleRef, bookRef });
}
