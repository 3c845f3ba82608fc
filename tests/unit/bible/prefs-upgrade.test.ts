/**
 * The Bible's reading preferences, format 2 (each `{ format: 2, value }` under its own key): what
 * earlier builds kept (bare text, no version: format 1) opens as it was and is then kept as
 * format 2; one a newer build kept reads as the default, is never written over, and the Bible
 * says so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	lastTranslation,
	loadCompare,
	loadFontStep,
	loadPosition,
	loadTheme,
	prefsNewer,
	saveCompare,
	saveFontStep,
	savePosition,
	saveTheme
} from '$lib/bible/prefs';
import { dumpedStorage, EARLIER_BUILDS, earlierBuild } from '../upgrade/earlier-builds';
import { MemoryStorage } from '../memory-storage';

afterEach(() => vi.unstubAllGlobals());

const kept = (value: unknown) => JSON.stringify({ format: 2, value });

describe.each(EARLIER_BUILDS)('the reading preferences the build %s kept', (build) => {
	it('open as they were, and are then kept as format 2 (nothing else is touched)', async () => {
		const dump = await earlierBuild(build);
		const storage = dumpedStorage(dump);
		vi.stubGlobal('localStorage', storage);
		expect(storage.getItem('bible.theme')).toBe('dark');
		expect(loadPosition('demo:WEB')).toEqual({ bookRef: 'JHN', chapter: 3 });
		expect(lastTranslation()).toBe('demo:WEB');
		expect(loadFontStep()).toBe(3);
		expect(loadTheme()).toBe('dark');
		expect(loadCompare()).toBe('demo:KJV');
		expect(storage.getItem('bible.position.demo:WEB')).toBe(kept({ bookRef: 'JHN', chapter: 3 }));
		expect(storage.getItem('bible.translation')).toBe(kept('demo:WEB'));
		expect(storage.getItem('bible.fontStep')).toBe(kept(3));
		expect(storage.getItem('bible.theme')).toBe(kept('dark'));
		expect(storage.getItem('bible.compare')).toBe(kept('demo:KJV'));
		expect(storage.getItem('bible.plans')).toBe(dump.localStorage['bible.plans']);
		// Read again as format 2: the same.
		expect([loadPosition('demo:WEB'), loadFontStep(), loadTheme(), loadCompare()]).toEqual([
			{ bookRef: 'JHN', chapter: 3 },
			3,
			'dark',
			'demo:KJV'
		]);
		expect(prefsNewer()).toBeUndefined();
	});
});

describe('reading preferences a newer build kept', () => {
	const newer = {
		'bible.theme': JSON.stringify({ format: 3, value: { scheme: 'sepia' } }),
		'bible.position.demo:WEB': JSON.stringify({ format: 3, value: ['JHN', 3, 16] })
	};

	it('read as the defaults and are left byte for byte by every save', () => {
		const storage = new MemoryStorage();
		for (const [k, v] of Object.entries(newer)) storage.setItem(k, v);
		vi.stubGlobal('localStorage', storage);
		expect(loadTheme()).toBe('auto');
		expect(loadPosition('demo:WEB')).toBeUndefined();
		saveTheme('dark');
		savePosition('demo:WEB', { bookRef: 'GEN', chapter: 1 });
		expect(storage.getItem('bible.theme')).toBe(newer['bible.theme']);
		expect(storage.getItem('bible.position.demo:WEB')).toBe(newer['bible.position.demo:WEB']);
		// The others are this build's own, kept as ever.
		saveFontStep(2);
		saveCompare('demo:KJV');
		expect(loadFontStep()).toBe(2);
		expect(loadCompare()).toBe('demo:KJV');
	});

	it('the Bible says so in plain words', () => {
		const storage = new MemoryStorage();
		storage.setItem('bible.theme', newer['bible.theme']);
		expect(prefsNewer(storage)?.message).toBe(
			'Your reading preferences were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(prefsNewer(new MemoryStorage())).toBeUndefined();
	});
});
