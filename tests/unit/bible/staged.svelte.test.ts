// A chapter drawn in two tasks (issue 29): the first screen's verses, then the rest in the next
// task, so that opening a long chapter does not keep a phone's main thread in one long task.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VERSES, StagedChapter, firstParagraphs } from '$lib/bible/ui/staged.svelte';
import type { Verse } from '$lib/bible/schemas';

const verses = (n: number, para = 5): Verse[] =>
	Array.from({ length: n }, (_, i) => ({
		ref: String(i + 1),
		text: `${i % para === 0 ? '# ' : ''}Verse ${i + 1}.`
	}));
const refs = (paras: Verse[][]) => paras.map((p) => p.map((v) => v.ref).join(','));

describe('firstParagraphs', () => {
	it('keeps whole paragraphs up to the limit and cuts the one it falls in', () => {
		expect(firstParagraphs([[1, 2, 3], [4, 5, 6], [7]], 5)).toEqual([
			[1, 2, 3],
			[4, 5]
		]);
	});
	it('keeps all of a chapter shorter than the limit', () => {
		expect(firstParagraphs([[1, 2], [3]], 12)).toEqual([[1, 2], [3]]);
	});
});

describe('StagedChapter', () => {
	afterEach(() => vi.useRealTimers());

	/** A staged chapter, its chapter shown as the reader's effect shows it. */
	function staged() {
		const stage = new StagedChapter();
		let cancel: (() => void) | undefined;
		return {
			stage,
			stop: () => cancel?.(),
			show(chapter: { verses: Verse[] } | undefined) {
				cancel?.();
				cancel = stage.schedule(chapter);
			}
		};
	}

	const drawn = (stage: StagedChapter, chapter: { verses: Verse[] }) =>
		stage.paragraphs(chapter.verses, false, stage.limit(chapter));

	it("draws the first screen's verses, then as many more in each next task, then all", () => {
		vi.useFakeTimers();
		const { stage, stop, show } = staged();
		const chapter = { verses: verses(30) };
		show(chapter);
		expect(refs(drawn(stage, chapter))).toEqual(['1,2,3,4,5', '6,7,8,9,10', '11,12']);
		vi.advanceTimersToNextTimer();
		expect(drawn(stage, chapter).flat()).toHaveLength(2 * FIRST_VERSES);
		expect(stage.full(chapter)).toBe(false);
		vi.advanceTimersToNextTimer();
		expect(drawn(stage, chapter).flat()).toHaveLength(30);
		// What waits for the verses (the verse actions) comes in a task of its own.
		expect(stage.full(chapter)).toBe(false);
		vi.advanceTimersToNextTimer();
		expect(stage.full(chapter)).toBe(true);
		expect(vi.getTimerCount()).toBe(0);
		stop();
	});

	it('starts again from the first screen for the next chapter', () => {
		vi.useFakeTimers();
		const { stage, stop, show } = staged();
		const one = { verses: verses(30) };
		const two = { verses: verses(30) };
		show(one);
		vi.runAllTimers();
		show(two);
		expect(drawn(stage, two).flat()).toHaveLength(FIRST_VERSES);
		vi.runAllTimers();
		expect(stage.full(two)).toBe(true);
		expect(stage.full(one)).toBe(false);
		stop();
	});

	it('draws the rest at once when asked (a verse opened before the next task)', async () => {
		const { stage, stop, show } = staged();
		const chapter = { verses: verses(30) };
		show(chapter);
		expect(stage.full(chapter)).toBe(false);
		await stage.finish(chapter);
		expect(stage.full(chapter)).toBe(true);
		expect(drawn(stage, chapter).flat()).toHaveLength(30);
		stop();
	});

	it('shows one verse a paragraph with the marks as sent', () => {
		const stage = new StagedChapter();
		expect(stage.paragraphs(verses(20), true, Infinity)).toHaveLength(20);
		expect(stage.paragraphs(verses(20), true, FIRST_VERSES)).toHaveLength(FIRST_VERSES);
	});
});
