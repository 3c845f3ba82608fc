// The user's reading plans kept on this device (localStorage, "bible.plans").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanProgress } from '$lib/bible/plans/schedule';
import { loadPlans, savePlans } from '$lib/bible/plans/store';
import { MemoryStorage } from '../../memory-storage';

let storage: MemoryStorage;
beforeEach(() => {
	storage = new MemoryStorage();
	vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

const nt: PlanProgress = { id: 'nt-90', start: '2026-11-20', done: [1, 2] };

describe('reading plans kept on this device', () => {
	it('none at first', () => {
		expect(loadPlans()).toEqual([]);
	});

	it('are kept under "bible.plans" and come back as they were', () => {
		expect(savePlans([nt])).toBe(true);
		expect(JSON.parse(storage.getItem('bible.plans')!)).toEqual({ format: 2, plans: [nt] });
		expect(loadPlans()).toEqual([nt]);
	});

	it('saving no plans removes the entry (and keeps everything else)', () => {
		savePlans([nt]);
		storage.setItem('other', 'kept');
		expect(savePlans([])).toBe(true);
		expect(storage.getItem('bible.plans')).toBeNull();
		expect(storage.getItem('other')).toBe('kept');
		expect(loadPlans()).toEqual([]);
	});

	it('a damaged entry (not JSON, or not plans) reads as none rather than break the page', () => {
		for (const raw of [
			'{not json',
			'{"id":"nt-90"}',
			'[{"id":"no-such-plan","start":"2026-01-01","done":[]}]'
		]) {
			storage.setItem('bible.plans', raw);
			expect(loadPlans(), raw).toEqual([]);
		}
		storage.setItem('bible.plans', '');
		expect(loadPlans()).toEqual([]);
	});

	it('an unexpected failure while reading is not hidden', () => {
		storage.setItem('bible.plans', '[]');
		vi.spyOn(JSON, 'parse').mockImplementationOnce(() => {
			throw new RangeError('out of memory');
		});
		expect(() => loadPlans()).toThrow(RangeError);
	});
});

describe('where the browser does not keep them', () => {
	it('a full or refusing storage: saving says false', () => {
		vi.spyOn(storage, 'setItem').mockImplementation(() => {
			throw new DOMException('full', 'QuotaExceededError');
		});
		expect(savePlans([nt])).toBe(false);
		vi.spyOn(storage, 'removeItem').mockImplementation(() => {
			throw new DOMException('no', 'SecurityError');
		});
		expect(savePlans([])).toBe(false);
	});

	it('no localStorage (private modes): saving says false, loading gives none', () => {
		vi.stubGlobal('localStorage', undefined);
		expect(savePlans([nt])).toBe(false);
		expect(loadPlans()).toEqual([]);
	});

	it('a localStorage that throws on access counts as none', () => {
		vi.unstubAllGlobals();
		Object.defineProperty(globalThis, 'localStorage', {
			configurable: true,
			get() {
				throw new DOMException('The operation is insecure.', 'SecurityError');
			}
		});
		try {
			expect(savePlans([nt])).toBe(false);
			expect(loadPlans()).toEqual([]);
		} finally {
			delete (globalThis as { localStorage?: Storage }).localStorage;
		}
	});
});
