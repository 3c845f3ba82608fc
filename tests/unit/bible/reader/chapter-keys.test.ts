// The arrow keys turn chapters in the reader, but not while the user types or uses a shortcut.
import { describe, expect, it } from 'vitest';
import { chapterArrow, type ChapterKeyEvent } from '$lib/bible/reader/chapter-keys';

const key = (k: string, more: Partial<ChapterKeyEvent> = {}): ChapterKeyEvent => ({
	key: k,
	altKey: false,
	ctrlKey: false,
	metaKey: false,
	shiftKey: false,
	target: null,
	...more
});
/** An element that is (or is inside) a field when `field` is true. */
const element = (field: boolean) =>
	({ closest: (selector: string) => (field && selector.includes('input') ? {} : null) }) as never;

describe('chapterArrow', () => {
	it('turns to the previous chapter with Left and the next with Right', () => {
		expect(chapterArrow(key('ArrowLeft'))).toBe('prev');
		expect(chapterArrow(key('ArrowRight', { target: element(false) }))).toBe('next');
	});

	it('leaves other keys alone', () => {
		expect(chapterArrow(key('ArrowDown'))).toBeUndefined();
		expect(chapterArrow(key('Enter'))).toBeUndefined();
	});

	it.each(['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const)(
		'leaves the arrow to the browser with %s held',
		(modifier) => {
			expect(chapterArrow(key('ArrowRight', { [modifier]: true }))).toBeUndefined();
		}
	);

	it('leaves the arrow to a field being typed in', () => {
		expect(chapterArrow(key('ArrowLeft', { target: element(true) }))).toBeUndefined();
	});
});
