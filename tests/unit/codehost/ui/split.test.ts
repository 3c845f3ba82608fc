import { describe, expect, it, vi } from 'vitest';
import { clampSplit, loadSplit, saveSplit, splitAfterKey } from '$lib/codehost/ui/split';
import { MemoryStorage } from '../../memory-storage';

describe('the request/response split', () => {
	it('moves by 5 % with the arrow keys, to its ends with Home and End, and no further', () => {
		expect(splitAfterKey(50, 'ArrowLeft')).toBe(45);
		expect(splitAfterKey(50, 'ArrowRight')).toBe(55);
		expect(splitAfterKey(74, 'ArrowRight')).toBe(75);
		expect(splitAfterKey(26, 'ArrowLeft')).toBe(25);
		expect(splitAfterKey(50, 'Home')).toBe(25);
		expect(splitAfterKey(50, 'End')).toBe(75);
		expect(splitAfterKey(50, 'Enter')).toBeNull();
	});

	it('is remembered; a missing or damaged value is the even split', () => {
		const storage = new MemoryStorage();
		expect(loadSplit(storage)).toBe(50);
		saveSplit(62.4, storage);
		expect(loadSplit(storage)).toBe(62);
		storage.setItem('explorer.split', 'wide');
		expect(loadSplit(storage)).toBe(50);
		storage.setItem('explorer.split', '99');
		expect(loadSplit(storage)).toBe(75);
		expect(clampSplit(Number.NaN)).toBe(50);
	});

	it('without any storage (none in this browser) it is the even split, and saving is quietly skipped', () => {
		vi.stubGlobal('localStorage', undefined);
		try {
			expect(loadSplit()).toBe(50);
			expect(() => saveSplit(60)).not.toThrow();
			expect(loadSplit(undefined)).toBe(50);
		} finally {
			vi.unstubAllGlobals();
		}
	});
});
