import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	FONT_SIZES,
	lastTranslation,
	loadCompare,
	loadCompareAlso,
	loadFontStep,
	loadHideAccents,
	loadPosition,
	loadTheme,
	rememberTranslation,
	saveCompare,
	saveCompareAlso,
	saveFontStep,
	saveHideAccents,
	savePosition,
	saveTheme
} from '$lib/bible/prefs';
import { MemoryStorage } from '../memory-storage';

let storage: MemoryStorage;
beforeEach(() => {
	storage = new MemoryStorage();
	vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

/** What localStorage holds, as an object. */
const stored = () => Object.fromEntries(JSON.parse(storage.dump()) as [string, string][]);
/** A preference as it is kept: format 2. */
const kept = (value: unknown) => JSON.stringify({ format: 2, value });

describe('reading position', () => {
	it('is saved per translation under "bible.position.<ref>", which also becomes the last translation', () => {
		savePosition('KJV', { bookRef: 'John', chapter: 3 });
		expect(stored()).toEqual({
			'bible.position.KJV': kept({ bookRef: 'John', chapter: 3 }),
			'bible.translation': kept('KJV')
		});
		expect(lastTranslation()).toBe('KJV');
	});

	it('comes back for its translation only', () => {
		savePosition('KJV', { bookRef: 'John', chapter: 3 });
		savePosition('RV1909', { bookRef: 'Gen', chapter: 1 });
		expect(loadPosition('KJV')).toEqual({ bookRef: 'John', chapter: 3 });
		expect(loadPosition('RV1909')).toEqual({ bookRef: 'Gen', chapter: 1 });
		expect(loadPosition('WEB')).toBeUndefined();
		expect(lastTranslation()).toBe('RV1909');
	});

	it('keeps only the book and chapter of what was stored', () => {
		storage.setItem(
			'bible.position.KJV',
			JSON.stringify({ bookRef: 'Ps', chapter: 23, verse: 4, scroll: 120 })
		);
		expect(loadPosition('KJV')).toEqual({ bookRef: 'Ps', chapter: 23 });
	});

	it('is none when what is stored is damaged or not a position', () => {
		const positionFrom = (raw: string) => {
			storage.setItem('bible.position.KJV', raw);
			return loadPosition('KJV');
		};
		expect(positionFrom('')).toBeUndefined();
		expect(positionFrom('{not json')).toBeUndefined();
		expect(positionFrom('null')).toBeUndefined();
		expect(positionFrom('{"chapter":3}')).toBeUndefined();
		expect(positionFrom('{"bookRef":3,"chapter":3}')).toBeUndefined();
		expect(positionFrom('{"bookRef":"John"}')).toBeUndefined();
		expect(positionFrom('{"bookRef":"John","chapter":"3"}')).toBeUndefined();
		expect(positionFrom('{"bookRef":"John","chapter":1.5}')).toBeUndefined();
		expect(positionFrom('{"bookRef":"John","chapter":0}')).toBeUndefined();
		expect(positionFrom('{"bookRef":"","chapter":3}')).toBeUndefined();
		expect(positionFrom('{"bookRef":"John","chapter":1}')).toEqual({ bookRef: 'John', chapter: 1 });
	});
});

describe('last translation', () => {
	it('is none at first, then the one remembered', () => {
		expect(lastTranslation()).toBeUndefined();
		rememberTranslation('RV1909');
		expect(stored()).toEqual({ 'bible.translation': kept('RV1909') });
		expect(lastTranslation()).toBe('RV1909');
		rememberTranslation('KJV');
		expect(lastTranslation()).toBe('KJV');
	});
});

describe('font size step', () => {
	it('is the second size (1) at first, then the step saved under "bible.fontStep"', () => {
		expect(loadFontStep()).toBe(1);
		expect(FONT_SIZES[loadFontStep()]).toBe(1);
		saveFontStep(4);
		expect(stored()).toEqual({ 'bible.fontStep': kept(4) });
		expect(loadFontStep()).toBe(4);
	});

	it('accepts every step from the smallest to the largest size', () => {
		for (let step = 0; step < FONT_SIZES.length; step++) {
			saveFontStep(step);
			expect(loadFontStep()).toBe(step);
		}
	});

	it('falls back to step 1 for a stored value that is not a step', () => {
		for (const raw of ['-1', String(FONT_SIZES.length), '99', '2.5', 'big', 'NaN']) {
			storage.setItem('bible.fontStep', raw);
			expect(loadFontStep(), raw).toBe(1);
		}
	});
});

describe('theme', () => {
	it('is "auto" at first, then the light or dark theme saved under "bible.theme"', () => {
		expect(loadTheme()).toBe('auto');
		saveTheme('dark');
		expect(stored()).toEqual({ 'bible.theme': kept('dark') });
		expect(loadTheme()).toBe('dark');
		saveTheme('light');
		expect(loadTheme()).toBe('light');
		saveTheme('auto');
		expect(loadTheme()).toBe('auto');
	});

	it('is "auto" for any other stored value', () => {
		for (const raw of ['', 'sepia', 'Dark', 'LIGHT']) {
			storage.setItem('bible.theme', raw);
			expect(loadTheme(), raw).toBe('auto');
		}
	});
});

describe('"Compare with" translation', () => {
	it('is none ("") at first, then the one saved under "bible.compare"', () => {
		expect(loadCompare()).toBe('');
		saveCompare('RV1909');
		expect(stored()).toEqual({ 'bible.compare': kept('RV1909') });
		expect(loadCompare()).toBe('RV1909');
	});

	it('saving none removes the stored choice', () => {
		saveCompare('RV1909');
		storage.setItem('other', 'kept');
		saveCompare('');
		expect(stored()).toEqual({ other: 'kept' });
		expect(loadCompare()).toBe('');
	});
});

describe('"Also compare with" translation', () => {
	it('is none ("") at first, then the one saved under "bible.compare-also", apart from "Compare with"', () => {
		expect(loadCompareAlso()).toBe('');
		saveCompare('KJV');
		saveCompareAlso('RV1909');
		expect(stored()).toEqual({
			'bible.compare': kept('KJV'),
			'bible.compare-also': kept('RV1909')
		});
		expect(loadCompareAlso()).toBe('RV1909');
		expect(loadCompare()).toBe('KJV');
	});

	it('saving none removes only that choice', () => {
		saveCompare('KJV');
		saveCompareAlso('RV1909');
		saveCompareAlso('');
		expect(stored()).toEqual({ 'bible.compare': kept('KJV') });
		expect(loadCompareAlso()).toBe('');
	});
});

describe('without localStorage (private modes, tests)', () => {
	it('saving does nothing and loading gives the defaults', () => {
		vi.stubGlobal('localStorage', undefined);
		expect(() => {
			savePosition('KJV', { bookRef: 'John', chapter: 3 });
			rememberTranslation('KJV');
			saveFontStep(3);
			saveTheme('dark');
			saveCompare('RV1909');
			saveCompare('');
			saveCompareAlso('WEB');
			saveCompareAlso('');
		}).not.toThrow();
		expect(loadPosition('KJV')).toBeUndefined();
		expect(lastTranslation()).toBeUndefined();
		expect(loadFontStep()).toBe(1);
		expect(loadTheme()).toBe('auto');
		expect(loadCompare()).toBe('');
		expect(loadCompareAlso()).toBe('');
		expect(storage.length).toBe(0);
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
			expect(() => saveTheme('dark')).not.toThrow();
			expect(loadTheme()).toBe('auto');
			expect(loadCompare()).toBe('');
			expect(loadCompareAlso()).toBe('');
			expect(loadPosition('KJV')).toBeUndefined();
			expect(loadFontStep()).toBe(1);
			expect(lastTranslation()).toBeUndefined();
			expect(() => {
				savePosition('KJV', { bookRef: 'John', chapter: 3 });
				rememberTranslation('KJV');
				saveFontStep(2);
				saveCompare('KJV');
				saveCompareAlso('');
			}).not.toThrow();
		} finally {
			delete (globalThis as { localStorage?: Storage }).localStorage;
		}
	});
});

describe('hiding the Hebrew accents', () => {
	it('is off at first, on once saved under "bible.hide-accents", and off again without a trace', () => {
		expect(loadHideAccents()).toBe(false);
		saveHideAccents(true);
		expect(stored()).toEqual({ 'bible.hide-accents': kept(true) });
		expect(loadHideAccents()).toBe(true);
		saveHideAccents(false);
		expect(stored()).toEqual({});
		expect(loadHideAccents()).toBe(false);
	});
});
