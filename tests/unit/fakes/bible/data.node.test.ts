/** The demo Bible in Node: the index and the book files, split in memory from the packages. */
import { describe, expect, it } from 'vitest';
import { openDemoBible } from '$lib/fakes/bible/data.node';

describe('openDemoBible in Node', async () => {
	const data = await openDemoBible();

	it('has the index of every translation, and reads a book file it names', async () => {
		expect(data.index.translations.map((t) => t.ref)).toEqual([
			'KJV',
			'WEB',
			'RV1909',
			'SBLGNT',
			'WLC'
		]);
		const john = data.index.translations[0]!.books.find((b) => b.ref === 'John')!;
		const book = await data.readBook(john.file);
		expect(JSON.stringify(book)).toContain('For God so loved the world');
	});

	it('a file it does not have is an error that names it', async () => {
		await expect(data.readBook('KJV/Nowhere.json')).rejects.toThrow(
			'No demo book file KJV/Nowhere.json'
		);
	});
});
