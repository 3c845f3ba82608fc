// The search's reads of the chapter store: a translation's chapters, one book's, or some by key;
// a record the cache did not write is skipped rather than searched.
import { set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { cacheDbNames, relaxedStore } from '$lib/bible/offline/cache';
import { chapterLoader, readChapters, storedKeys } from '$lib/bible/search/chapter-reads';
import { storeText } from './stored-text';

const API_ROOT = 'https://bible-chapter-reads.test/api/v1';
const chapters = () => relaxedStore(cacheDbNames(API_ROOT).chapters, 'chapters');

describe('the search’s reads of the chapters kept', () => {
	it('reads a translation’s chapters, or one book’s, never another translation’s', async () => {
		await storeText(API_ROOT, 'KJV', {
			John: [['In the beginning was the Word'], ['And the third day']],
			Jude: [['Jude, the servant of Jesus Christ']]
		});
		await storeText(API_ROOT, 'WEB', { John: [['In the beginning was the Word.']] });
		const store = chapters();
		expect((await storedKeys(store, 'KJV')).sort()).toEqual([
			['KJV', 'John', 1],
			['KJV', 'John', 2],
			['KJV', 'Jude', 1]
		]);
		const all = await readChapters(store, 'KJV');
		expect(all.map((c) => `${c.book} ${c.chapter}`).sort()).toEqual(['John 1', 'John 2', 'Jude 1']);
		const jude = await readChapters(store, 'KJV', 'Jude');
		expect(jude).toEqual([
			{
				book: 'Jude',
				chapter: 1,
				verses: [{ ref: '1', text: 'Jude, the servant of Jesus Christ' }]
			}
		]);
		const load = chapterLoader(store, 'WEB');
		expect(
			(
				await load([
					['John', 1],
					['John', 2]
				])
			).map((c) => c.verses[0]?.text)
		).toEqual(['In the beginning was the Word.']);
	});

	it('skips a record the chapter cache did not write', async () => {
		await storeText(API_ROOT, 'ASV', { Ruth: [['Now it came to pass']] });
		const store = chapters();
		await set(
			['ASV', 'Ruth', 2],
			{ bookRef: 'Ruth', chapter: 2, data: { verses: 'broken' } },
			store
		);
		expect((await readChapters(store, 'ASV')).map((c) => c.chapter)).toEqual([1]);
		expect(await storedKeys(store, 'ASV')).toHaveLength(2);
	});
});
