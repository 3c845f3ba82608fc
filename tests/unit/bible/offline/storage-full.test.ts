// What the reader and the notes tell someone whose browser storage is full.
import { describe, expect, it } from 'vitest';
import { FREE_SPACE } from '$lib/bible/offline/storage-full';

describe('when the browser’s storage is full', () => {
	it('says what to do in plain words: where in the app to free space, or in the browser', () => {
		expect(FREE_SPACE).toMatch(/^Free some space/);
		expect(FREE_SPACE).toContain('under Storage on the Bible page');
		expect(FREE_SPACE).toContain('browser’s settings');
		expect(FREE_SPACE).not.toMatch(/quota|IndexedDB|BI-/i);
	});
});
