// A chapter drawn in two tasks (issue 29): the first screen's verses, then the rest in the next
// task, so that opening a long chapter does not keep a phone's main thread in one long task.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VERSES, StagedChapter, firstParagraphs } from '$lib/bible/reader/ui/staged.svelte';
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

	/** A reader as the staged chapter reads it: `shown` names the chapter on screen. */
	const reader = (shown: string, count: number, status = 'ready') => ({
		status,
		shown,
		chapter: { verses: verses(count) }
	});

	/** A staged chapter, the reader shown to it as the reader's effect does. */
	function staged() {
		const stage = new StagedChapter();
		let cancel: (() => void) | undefined;
		return {
			stage,
			stop: () => cancel?.(),
			show(r: ReturnType<typeof reader>) {
				cancel?.();
				cancel = stage.schedule(r);
			}
		};
	}

	const drawn = (stage: StagedChapter, r: ReturnType<typeof reader>) =>
		stage.paragraphs(r.chapter.verses, false, stage.limit(r.shown));

	it("draws the first screen's verses, then as many more in each next task, then all", () => {
		vi.useFakeTimers();
		const { stage, stop, show } = staged();
		const john3 = reader('John 3', 30);
		show(john3);
		expect(refs(drawn(stage, john3))).toEqual(['1,2,3,4,5', '6,7,8']);
		expect(FIRST_VERSES).toBe(8);
		vi.advanceTimersToNextTimer();
		expect(drawn(stage, john3).flat()).toHaveLength(2 * FIRST_VERSES);
		expect(stage.full('John 3')).toBe(false);
		vi.advanceTimersToNextTimer();
		expect(drawn(stage, john3).flat()).toHaveLength(3 * FIRST_VERSES);
		vi.advanceTimersToNextTimer();
		expect(drawn(stage, john3).flat()).toHaveLength(30);
		// What waits for the verses (the verse actions) comes in a task of its own.
		expect(stage.full('John 3')).toBe(false);
		vi.advanceTimersToNextTimer();
		expect(stage.full('John 3')).toBe(true);
		expect(vi.getTimerCount()).toBe(0);
		stop();
	});

	it("draws nothing more until the first screen's frame: the next verses' task comes after its paint", () => {
		vi.useFakeTimers();
		const frames: FrameRequestCallback[] = [];
		vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
		vi.stubGlobal('cancelAnimationFrame', (id: number) => void frames.splice(id - 1, 1));
		try {
			const { stage, stop, show } = staged();
			const john3 = reader('John 3', 30);
			show(john3);
			expect(vi.getTimerCount()).toBe(0);
			expect(frames).toHaveLength(1);
			frames.shift()!(0);
			// In the frame, the next step is only asked for: it is a task after the paint.
			expect(drawn(stage, john3).flat()).toHaveLength(FIRST_VERSES);
			vi.advanceTimersToNextTimer();
			expect(drawn(stage, john3).flat()).toHaveLength(2 * FIRST_VERSES);
			// The steps after it wait for no frame.
			vi.runAllTimers();
			expect(frames).toHaveLength(0);
			expect(stage.full('John 3')).toBe(true);
			// Another chapter before its frame: the frame asked for is let go.
			show(reader('John 4', 30));
			expect(frames).toHaveLength(1);
			stop();
			expect(frames).toHaveLength(0);
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it('starts again from the first screen for the next chapter, not for the same one read again', () => {
		vi.useFakeTimers();
		const { stage, stop, show } = staged();
		show(reader('John 3', 30));
		vi.runAllTimers();
		// The same chapter read again (from this device after the network): nothing drawn goes.
		show(reader('John 3', 30));
		expect(stage.full('John 3')).toBe(true);
		expect(vi.getTimerCount()).toBe(0);
		const john4 = reader('John 4', 30);
		show(john4);
		expect(drawn(stage, john4).flat()).toHaveLength(FIRST_VERSES);
		vi.runAllTimers();
		expect(stage.full('John 4')).toBe(true);
		expect(stage.full('John 3')).toBe(false);
		stop();
	});

	it('waits for the chapter to be ready', () => {
		vi.useFakeTimers();
		const { stage, stop, show } = staged();
		show(reader('', 0, 'loading'));
		expect(vi.getTimerCount()).toBe(0);
		expect(stage.full('')).toBe(false);
		stop();
	});

	it('draws the rest at once when asked (a verse opened before the next task)', async () => {
		vi.useFakeTimers();
		const { stage, stop, show } = staged();
		show(reader('John 3', 30));
		expect(stage.full('John 3')).toBe(false);
		// The verse actions are not drawn until a verse's are asked for.
		vi.runAllTimers();
		expect(stage.full('John 3')).toBe(true);
		expect(stage.actionsAsked).toBe(false);
		show(reader('John 4', 30));
		await stage.finish('John 4');
		expect(stage.actionsAsked).toBe(true);
		expect(stage.full('John 4')).toBe(true);
		expect(drawn(stage, reader('John 4', 30)).flat()).toHaveLength(30);
		stop();
	});

	it('shows one verse a paragraph with the marks as sent', () => {
		const stage = new StagedChapter();
		expect(stage.paragraphs(verses(20), true, Infinity)).toHaveLength(20);
		expect(stage.paragraphs(verses(20), true, FIRST_VERSES)).toHaveLength(FIRST_VERSES);
	});
});
