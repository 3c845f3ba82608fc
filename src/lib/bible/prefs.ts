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

/** Small reading preferences, kept in localStorage (absent in tests and private modes: ignored). */
function storage(): Storage | undefined {
	try {
		return typeof localStorage === 'undefined' ? undefined : localStorage;
	} catch {
		return undefined;
	}
}

export interface Position {
	bookRef: string;
	chapter: number;
}

const POSITION_PREFIX = 'bible.position.';

export function loadPosition(bibleRef: string): Position | undefined {
	try {
		const raw = storage()?.getItem(POSITION_PREFIX + bibleRef);
		if (!raw) return undefined;
		const p = JSON.parse(raw) as Partial<Position>;
		return typeof p.bookRef === 'string' && Number.isInteger(p.chapter)
			? { bookRef: p.bookRef, chapter: p.chapter as number }
			: undefined;
	} catch {
		return undefined;
	}
}

export function savePosition(bibleRef: string, position: Position): void {
	storage()?.setItem(POSITION_PREFIX + bibleRef, JSON.stringify(position));
	storage()?.setItem('bible.translation', bibleRef);
}

export function lastTranslation(): string | undefined {
	return storage()?.getItem('bible.translation') ?? undefined;
}

export function rememberTranslation(bibleRef: string): void {
	storage()?.setItem('bible.translation', bibleRef);
}

export const FONT_SIZES = [0.875, 1, 1.125, 1.25, 1.5, 1.75, 2] as const;

export function loadFontStep(): number {
	const n = Number(storage()?.getItem('bible.fontStep') ?? 1);
	return Number.isInteger(n) && n >= 0 && n < FONT_SIZES.length ? n : 1;
}

export function saveFontStep(step: number): void {
	storage()?.setItem('bible.fontStep', String(step));
}

export type Theme = 'auto' | 'light' | 'dark';

export function loadTheme(): Theme {
	const t = storage()?.getItem('bible.theme');
	return t === 'light' || t === 'dark' ? t : 'auto';
}

export function saveTheme(theme: Theme): void {
	storage()?.setItem('bible.theme', theme);
}

/** Chapter before and after, across book boundaries, in the books' order. */
export function neighbours(
	books: readonly { ref: string; chaptersCount: number }[],
	bookRef: string,
	chapter: number
): { prev?: Position; next?: Position } {
	const i = books.findIndex((b) => b.ref === bookRef);
	if (i === -1) return {};
	const book = books[i]!;
	let prev: Position | undefined;
	let next: Position | undefined;
	if (chapter > 1) prev = { bookRef, chapter: chapter - 1 };
	else {
		for (let j = i - 1; j >= 0 && !prev; j--)
			if (books[j]!.chaptersCount > 0)
				prev = { bookRef: books[j]!.ref, chapter: books[j]!.chaptersCount };
	}
	if (chapter < book.chaptersCount) next = { bookRef, chapter: chapter + 1 };
	else {
		for (let j = i + 1; j < books.length && !next; j++)
			if (books[j]!.chaptersCount > 0) next = { bookRef: books[j]!.ref, chapter: 1 };
	}
	return { prev, next };
}

/** The translation shown beside the one being read ("Compare with"), or none. */
export function loadCompare(): string {
	return storage()?.getItem('bible.compare') ?? '';
}

export function saveCompare(bibleRef: string): void {
	if (bibleRef) storage()?.setItem('bible.compare', bibleRef);
	else storage()?.removeItem('bible.compare');
}
