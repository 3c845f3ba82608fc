// A page drawn in steps (issue 29): the first screen at once, each part below it in a next task,
// so that opening a dashboard does not hold a phone's main thread in one long task.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageStages } from '$lib/ui/page-stages.svelte';

describe('PageStages', () => {
	afterEach(() => vi.useRealTimers());

	const drawn = (stages: PageStages, last: number) =>
		Array.from({ length: last + 1 }, (_, step) => stages.drawn(step));

	it('draws the first screen at once and one more step in each next task, up to the last', () => {
		vi.useFakeTimers();
		const stages = new PageStages(3);
		expect(drawn(stages, 4)).toEqual([true, false, false, false, false]);
		stages.schedule();
		expect(drawn(stages, 4)).toEqual([true, false, false, false, false]);
		vi.advanceTimersToNextTimer();
		expect(drawn(stages, 4)).toEqual([true, true, false, false, false]);
		vi.advanceTimersToNextTimer();
		vi.advanceTimersToNextTimer();
		expect(drawn(stages, 4)).toEqual([true, true, true, true, false]);
		// Past the last step no task is left waiting.
		expect(vi.getTimerCount()).toBe(0);
	});

	it('stops drawing when cancelled (the page left)', () => {
		vi.useFakeTimers();
		const stages = new PageStages(2);
		const cancel = stages.schedule();
		vi.advanceTimersToNextTimer();
		cancel();
		vi.runAllTimers();
		expect(drawn(stages, 2)).toEqual([true, true, false]);
	});

	it('with no step after the first screen, schedules nothing', () => {
		vi.useFakeTimers();
		new PageStages(0).schedule();
		expect(vi.getTimerCount()).toBe(0);
	});
});
