// Translation and book names of the demo Bible (under 1 KB), so the reader's first frame says
// "Genesis 1", not "Gen 1", before the demo service has loaded.
import type { DemoNames } from './demo-data';

const files = import.meta.glob<DemoNames>('/generated/demo-bible/names.json', {
	eager: true,
	import: 'default'
});
const names: DemoNames = Object.values(files)[0] ?? {};

// Refs come from the URL: own keys only ("__proto__" is not a book).
const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
	record && Object.hasOwn(record, key) ? record[key] : undefined;

export function demoTranslationName(bibleRef: string): string | undefined {
	return own(names, bibleRef)?.name;
}

export function demoBookName(bibleRef: string, bookRef: string): string | undefined {
	return own(own(names, bibleRef)?.books, bookRef);
}
