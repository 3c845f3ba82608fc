// What a search will cover, said before it runs: read from the chapter cache of one server.
import { describe, expect, it } from 'vitest';
import { bibleCache } from '$lib/bible/offline/cache';
import type { BibleDetail } from '$lib/bible/schemas';
import { allStored, scopeSentence, storedScope } from '$lib/bible/search/scope';
import type { Coverage } from '$lib/bible/search/records';
import { storeText } from './stored-text';

const book = (ref: string, chaptersCount: number) => ({
	apiUrl: 'x',
	chaptersCount,
	name: ref,
	order: 0,
	ref
});

const detail = (ref: string, name: string, books: ReturnType<typeof book>[]): BibleDetail => ({
	apiUrl: 'x',
	copytightInfo: '',
	langId: 'en',
	language: 'English',
	name,
	publisher: '',
	ref,
	books
});

let n = 0;
const freshRoot = () => `https://scope-${++n}.invalid/api`;
const nameOf = (ref: string) => (ref === 'WEB' ? 'World English Bible' : ref);

describe('what is stored', () => {
	it('counts the chapters kept of each translation, out of its book list when that is kept', async () => {
		const apiRoot = freshRoot();
		await bibleCache(apiRoot).putDetail(
			detail('KJV', 'King James Version', [book('Gen', 50), book('John', 21)])
		);
		await storeText(apiRoot, 'KJV', { John: [['In the beginning was the Word.'], ['And.']] });
		await storeText(apiRoot, 'RV', { John: [['En el principio.']] });
		const scope = await storedScope(apiRoot);
		expect(scope).toEqual([
			{ bibleRef: 'KJV', name: 'King James Version', chapters: 2, total: 71 },
			{ bibleRef: 'RV', name: 'RV', chapters: 1, total: undefined }
		]);
		// Another server's device storage is its own.
		expect(await storedScope(freshRoot())).toEqual([]);
	});

	it('follows a translation deleted from the device', async () => {
		const apiRoot = freshRoot();
		await storeText(apiRoot, 'KJV', { John: [['In the beginning was the Word.']] });
		await bibleCache(apiRoot).deleteTranslation('KJV');
		expect(await storedScope(apiRoot)).toEqual([]);
	});
});

const kjv = (chapters: number): Coverage => ({
	bibleRef: 'KJV',
	name: 'King James Version',
	chapters,
	total: 1189
});

describe('the sentence before a search', () => {
	it('names how much of the translation is kept, out of its whole', () => {
		expect(scopeSentence([kjv(1)], '', nameOf)).toBe(
			'Searches the 1 of 1,189 chapters stored for King James Version.'
		);
		expect(scopeSentence([kjv(1189)], 'KJV', nameOf)).toBe(
			'Searches all 1,189 chapters of King James Version.'
		);
	});

	it('names every translation kept when none is chosen, and only the chosen one otherwise', () => {
		const web: Coverage = { bibleRef: 'WEB', name: 'World English Bible', chapters: 3 };
		const rv: Coverage = { bibleRef: 'RV', name: 'Reina-Valera', chapters: 1189, total: 1189 };
		expect(scopeSentence([kjv(260), web, rv], '', nameOf)).toBe(
			'Searches the 260 of 1,189 chapters stored for King James Version, the 3 chapters stored for World English Bible and all 1,189 chapters of Reina-Valera.'
		);
		expect(scopeSentence([kjv(260), web], 'web', nameOf)).toBe(
			'Searches the 3 chapters stored for World English Bible.'
		);
	});

	it('says nothing will be found when nothing of it is kept, and how to change that', () => {
		expect(scopeSentence([], '', nameOf)).toBe(
			'Searches nothing yet: no chapter is stored on this device. Download a translation, or read some chapters, to search them.'
		);
		expect(scopeSentence([kjv(5)], 'WEB', nameOf)).toBe(
			'Searches nothing yet: no chapter of World English Bible is stored on this device. Download it, or read some chapters, to search them.'
		);
	});

	it('a translation is all stored only when every chapter of its known whole is kept', () => {
		expect(allStored([kjv(1189)], 'kjv')).toBe(true);
		expect(allStored([kjv(1188)], 'KJV')).toBe(false);
		expect(allStored([{ bibleRef: 'KJV', name: 'KJV', chapters: 5 }], 'KJV')).toBe(false);
		expect(allStored([], 'KJV')).toBe(false);
	});
});
