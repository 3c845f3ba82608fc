import { describe, expect, it } from 'vitest';
import { STUDY_BOOKS, studyBookName } from '$lib/bible/study/books';

describe('the study books’ names', () => {
	it('names each of the 66 books in words, and an unknown ref as it is', () => {
		expect(STUDY_BOOKS.size).toBe(66);
		expect(studyBookName('Gen')).toBe('Genesis');
		expect(studyBookName('1John')).toBe('1 John');
		expect(studyBookName('Song')).toBe('Song of Solomon');
		expect(studyBookName('Rev')).toBe('Revelation');
		expect(studyBookName('Xyz')).toBe('Xyz');
	});
});
