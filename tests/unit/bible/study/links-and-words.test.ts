import { describe, expect, it } from 'vitest';
import { parseStrongsVerse, topicChunk } from '$lib/bible/study/format';
import { readerHref } from '$lib/bible/study/ui/links';

describe('where a study tool’s verse opens', () => {
	it('the reader’s chapter page of the KJV, at the verse; or of the translation named', () => {
		const ref = { bookRef: '1John', chapter: 4, verse: 8 };
		expect(readerHref()(ref)).toBe('/bible/KJV/1John/4#v8');
		expect(readerHref('WEB')(ref)).toBe('/bible/WEB/1John/4#v8');
	});
});

describe('a verse’s words with their Strong’s numbers', () => {
	it('words the translators added, tagged with a number, are marked added without brackets', () => {
		expect(parseStrongsVerse('{[was]|H1961} {light|H216}')).toEqual([
			{ text: 'was', strongs: ['H1961'], added: true },
			{ text: ' ' },
			{ text: 'light', strongs: ['H216'] }
		]);
	});
});

describe('the topic files', () => {
	it('a topic not starting with a letter is in file "0"', () => {
		expect(topicChunk('1 Kings')).toBe('0');
		expect(topicChunk('  love')).toBe('L');
	});
});
