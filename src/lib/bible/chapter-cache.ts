import { ChapterCache, relaxedStore } from './cache';
import { chapterChanged } from './search/changes';

const caches = new Map<string, ChapterCache>();

/** IndexedDB database names of the chapter cache for one API root (Demo and each server apart). */
export function cacheDbNames(apiRoot: string): {
	chapters: string;
	meta: string;
	search: string;
} {
	return {
		chapters: `bible-chapters ${apiRoot}`,
		meta: `bible-offline ${apiRoot}`,
		search: `bible-search ${apiRoot}`
	};
}

/**
 * The chapter cache of one API root (the client's base URL), opened on first use. Each server
 * has its own, so a Live server never shows text stored from the demo, or from another server.
 */
export function bibleCache(apiRoot: string): ChapterCache {
	let cache = caches.get(apiRoot);
	if (!cache) {
		const names = cacheDbNames(apiRoot);
		cache = new ChapterCache({
			chapters: relaxedStore(names.chapters, 'chapters'),
			meta: relaxedStore(names.meta, 'meta'),
			onChange: (change) => chapterChanged(apiRoot, change)
		});
		caches.set(apiRoot, cache);
	}
	return cache;
}
