import { afterEach, describe, expect, it } from 'vitest';
import { provideSnapshots, snapshotBefore, UNDO_NOTE } from '$lib/ui/snapshot-before';

afterEach(() => provideSnapshots(undefined));

describe('a snapshot before an area changes much at once', () => {
	it('with nothing to take it (no Settings code loaded) nothing is promised', async () => {
		expect(await snapshotBefore('clear-history')).toBe('');
	});

	it('a kept snapshot says the change can be undone from Snapshots, and the reason reaches the taker', async () => {
		const asked: string[] = [];
		provideSnapshots(() =>
			Promise.resolve((reason) => {
				asked.push(reason);
				return Promise.resolve(true);
			})
		);
		expect(await snapshotBefore('import-notes')).toBe(UNDO_NOTE);
		expect(UNDO_NOTE).toMatch(/undone from Snapshots in Settings/);
		expect(asked).toEqual(['import-notes']);
	});

	it('a snapshot not kept (over the cap, storage refused, code not loaded) promises nothing and never throws', async () => {
		provideSnapshots(() => Promise.resolve(() => Promise.resolve(false)));
		expect(await snapshotBefore('import-collections')).toBe('');
		provideSnapshots(() => Promise.resolve(() => Promise.reject(new Error('QuotaExceededError'))));
		expect(await snapshotBefore('import-collections')).toBe('');
		provideSnapshots(() =>
			Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
		);
		expect(await snapshotBefore('import-collections')).toBe('');
	});
});
