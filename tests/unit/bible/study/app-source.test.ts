import { afterEach, describe, expect, it, vi } from 'vitest';
import { studySource, useStudySource } from '$lib/bible/study/app-source';
import type { StudySource } from '$lib/bible/study/source';

const browser = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('$lib/bible/study/browser-source', () => ({
	browserStudySource: () => browser.load() as StudySource
}));

const source = (name: string): StudySource => ({
	read: () => Promise.resolve(name),
	has: () => true
});

afterEach(() => {
	useStudySource(undefined);
	browser.load.mockReset();
});

describe('the study data source', () => {
	it('loads the browser’s source on first use, once', async () => {
		const built = source('browser');
		browser.load.mockReturnValue(built);
		expect(await studySource()).toBe(built);
		expect(await studySource()).toBe(built);
		expect(browser.load).toHaveBeenCalledTimes(1);
	});

	it('a load that failed is tried again on the next use', async () => {
		const built = source('browser');
		browser.load
			.mockImplementationOnce(() => {
				throw new Error('offline');
			})
			.mockReturnValue(built);
		await expect(studySource()).rejects.toThrow('offline');
		expect(await studySource()).toBe(built);
	});

	it('a source given by a test or host is used instead; taking it back loads the browser’s', async () => {
		const mine = source('mine');
		useStudySource(mine);
		expect(await studySource()).toBe(mine);
		expect(browser.load).not.toHaveBeenCalled();
		const built = source('browser');
		browser.load.mockReturnValue(built);
		useStudySource(undefined);
		expect(await studySource()).toBe(built);
	});
});
