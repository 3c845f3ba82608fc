// What the reader knows of the demo Bible before the demo service loads (names.json, about 1 KB
// gzipped, and the books' asset URLs): its first frame says "Genesis 1", not "Gen 1", and the
// chapter's book starts downloading beside the demo's code instead of after it.
import type { DemoNames } from './demo-data';

const files = import.meta.glob<DemoNames>('/generated/demo-bible/names.json', {
	eager: true,
	import: 'default'
});
const names: DemoNames = Object.values(files)[0] ?? {};

// The Greek and Hebrew texts' files are named by the demo service alone (data.browser.ts).
const urls = import.meta.glob<string>(
	['/generated/demo-bible/*/*.json', '!/generated/demo-bible/{SBLGNT,WLC}/*.json'],
	{ eager: true, query: '?url', import: 'default' }
);
/** "KJV/John.json" → the asset's URL. */
export const demoBookUrls = new Map(
	Object.entries(urls).map(([path, url]) => [path.replace(/^.*\/demo-bible\//, ''), url])
);

// Refs come from the URL: own keys only ("__proto__" is not a book).
const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
	record && Object.hasOwn(record, key) ? record[key] : undefined;

export function demoTranslationName(bibleRef: string): string | undefined {
	return own(names, bibleRef)?.name;
}

/** A translation's own book list, or the one whose names it shares. */
function booksOf(bibleRef: string) {
	const entry = own(names, bibleRef);
	if (!entry) return undefined;
	if ('books' in entry) return { books: entry.books, own: true };
	const shared = own(names, entry.booksNamedAs);
	return shared && 'books' in shared ? { books: shared.books, own: false } : undefined;
}

export function demoBookName(bibleRef: string, bookRef: string): string | undefined {
	return own(booksOf(bibleRef)?.books, bookRef)?.name;
}

const preloaded = new Map<string, Promise<Response>>();
/** Files preloaded or read by the demo service: never downloaded twice. */
const requested = new Set<string>();

let serviceCode: Promise<unknown> | undefined;

/**
 * Starts downloading the file of a demo book, for the demo service to take (once) when it needs it,
 * and the demo service's own code: asked for only once the demo transport has loaded, it was one
 * more round trip before a deep-linked chapter showed.
 */
export function preloadDemoBook(bibleRef: string, bookRef: string): void {
	// The transport too: the reader's first request loads it.
	serviceCode ??= Promise.all([import('./app'), import('../demo-transport')]).catch(
		() => (serviceCode = undefined)
	);
	const list = booksOf(bibleRef);
	const file = list?.own ? own(list.books, bookRef)?.file : undefined;
	const url = file && demoBookUrls.get(file);
	if (!file || !url || requested.has(file)) return;
	requested.add(file);
	const response = fetch(url);
	response.catch(() => {});
	preloaded.set(file, response);
}

/** The preloaded download of a book file, if one was started and not taken yet. */
export function takePreloadedBook(file: string): Promise<Response> | undefined {
	requested.add(file);
	const response = preloaded.get(file);
	preloaded.delete(file);
	return response;
}
