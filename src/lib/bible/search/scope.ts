// What a search will cover, said before it runs: the chapters this device keeps of each
// translation, out of how many it has. Read from the chapter cache (keys only, no text), so it is
// quick enough to read again whenever chapters are stored or a translation is deleted.
import { formatNumber } from '$lib/ui/number-format';
import { bibleCache } from '../offline/cache';
import type { Coverage } from './records';

/** Each translation with a chapter stored on this device (for this server), in cache order. */
export async function storedScope(apiRoot: string): Promise<Coverage[]> {
	const cache = bibleCache(apiRoot);
	const refs = await cache.translations();
	return Promise.all(
		refs.map(async (bibleRef) => {
			const [keys, detail] = await Promise.all([
				cache.keys(bibleRef),
				cache.detail(bibleRef).catch(() => undefined)
			]);
			return {
				bibleRef,
				name: detail?.name ?? bibleRef,
				chapters: keys.length,
				total: detail ? detail.books.reduce((n, b) => n + b.chaptersCount, 0) : undefined
			};
		})
	);
}

/** Whether every chapter of the translation is kept (unknown totals count as not all). */
export function allStored(scope: readonly Coverage[], bibleRef: string): boolean {
	const c = scope.find((s) => s.bibleRef.toLowerCase() === bibleRef.toLowerCase());
	return !!c && c.total !== undefined && c.chapters >= c.total;
}

function part(c: Coverage): string {
	const n = formatNumber;
	if (c.total === undefined) return `the ${n(c.chapters)} chapters stored for ${c.name}`;
	if (c.chapters >= c.total) return `all ${n(c.total)} chapters of ${c.name}`;
	return `the ${n(c.chapters)} of ${n(c.total)} chapters stored for ${c.name}`;
}

const joined = (parts: string[]) =>
	parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;

/**
 * "Searches the 1 of 1,189 chapters stored for King James Version": what the next search covers,
 * for the translation chosen (`''`: every one stored). `nameOf` names a translation not stored.
 */
export function scopeSentence(
	scope: readonly Coverage[],
	translation: string,
	nameOf: (bibleRef: string) => string
): string {
	const chosen = translation
		? scope.filter((c) => c.bibleRef.toLowerCase() === translation.toLowerCase())
		: scope.filter((c) => c.chapters > 0);
	if (!chosen.length)
		return translation
			? `Searches nothing yet: no chapter of ${nameOf(translation)} is stored on this device. Download it, or read some chapters, to search them.`
			: 'Searches nothing yet: no chapter is stored on this device. Download a translation, or read some chapters, to search them.';
	return `Searches ${joined(chosen.map(part))}.`;
}
