// What the chapter cache tells the search index: chapters stored, a translation deleted.
import { describe, expect, it } from 'vitest';
import { chapterChanged, onChapterChange, type ChapterChange } from '$lib/bible/search/changes';

describe('changes to the chapters kept', () => {
	it('every listener hears each change with its server, until it stops listening', () => {
		const heard: [string, ChapterChange][] = [];
		const stop = onChapterChange((apiRoot, change) => heard.push([apiRoot, change]));
		chapterChanged('https://a.test/api/v1', { bibleRef: 'KJV', stored: [['John', 3]] });
		chapterChanged('https://b.test/api/v1', { bibleRef: 'WEB', deleted: true });
		stop();
		chapterChanged('https://a.test/api/v1', { bibleRef: 'KJV', stored: [['John', 4]] });
		expect(heard).toEqual([
			['https://a.test/api/v1', { bibleRef: 'KJV', stored: [['John', 3]] }],
			['https://b.test/api/v1', { bibleRef: 'WEB', deleted: true }]
		]);
	});

	it('a listener that throws does not keep the change from the others (or from storing)', () => {
		const heard: string[] = [];
		const stopBroken = onChapterChange(() => {
			throw new Error('broken listener');
		});
		const stop = onChapterChange((_, change) => heard.push(change.bibleRef));
		expect(() => chapterChanged('https://a.test/api/v1', { bibleRef: 'KJV' })).not.toThrow();
		expect(heard).toEqual(['KJV']);
		stopBroken();
		stop();
	});
});
