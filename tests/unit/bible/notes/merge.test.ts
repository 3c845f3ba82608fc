// A note saved over a record another tab changed meanwhile (saveOver), and an import that finds
// nothing new (mergeNotes).
import { describe, expect, it } from 'vitest';
import { refKey, type VerseNote } from '$lib/bible/notes/format';
import { describeImport, mergeNotes, saveOver } from '$lib/bible/notes/merge';
import { note } from './samples';

const KEPT = 'was changed in another tab or window meanwhile: both texts are kept, that one first.';
const NOT_DELETED =
	'was changed in another tab or window meanwhile, so it is not deleted. Read it, then delete it again if you mean to.';

const stored = (over: Partial<VerseNote>) => note({ bookmark: true, ...over });

describe('a note saved over another tab’s', () => {
	it('unchanged since the editor opened, the save simply replaces it', () => {
		const r = saveOver(
			stored({ note: 'Old', labels: ['a'] }),
			{ note: 'New', labels: [] },
			{
				note: 'Old',
				labels: ['a']
			}
		);
		expect(r).toEqual({ record: stored({ note: 'New', labels: [] }) });
	});

	it('only spaces around the note differ from when the editor opened: no conflict', () => {
		const mine = { note: 'New', labels: [] };
		expect(saveOver(stored({ note: 'Old\n' }), mine, { note: 'Old', labels: [] }).met).toBe(
			undefined
		);
		expect(saveOver(stored({ note: 'Old' }), mine, { note: ' Old ', labels: [] }).met).toBe(
			undefined
		);
	});

	it('the other tab changed only the labels: its labels and both texts are kept', () => {
		const r = saveOver(
			stored({ note: 'Old', labels: ['x'] }),
			{ note: 'New', labels: [] },
			{
				note: 'Old',
				labels: []
			}
		);
		expect(r).toEqual({ record: stored({ note: 'Old\n\nNew', labels: ['x'] }), met: KEPT });
	});

	it('the other tab wrote the same text this one saves: the text is kept once, labels joined', () => {
		const r = saveOver(
			stored({ note: 'Same', labels: ['x'] }),
			{ note: 'Same', labels: ['y'] },
			{
				note: 'Before',
				labels: []
			}
		);
		expect(r).toEqual({ record: stored({ note: 'Same', labels: ['x', 'y'] }), met: KEPT });
	});

	it('the other tab’s text is kept first, without its trailing spaces', () => {
		const r = saveOver(
			stored({ note: 'Theirs\n' }),
			{ note: 'Mine', labels: [] },
			{
				note: 'Before',
				labels: []
			}
		);
		expect(r.record.note).toBe('Theirs\n\nMine');
	});

	it('clearing the text but keeping a label keeps the other tab’s text and both labels', () => {
		const r = saveOver(
			stored({ note: 'Theirs', labels: ['x'] }),
			{ note: '', labels: ['y'] },
			{
				note: 'Before',
				labels: []
			}
		);
		expect(r).toEqual({ record: stored({ note: 'Theirs', labels: ['x', 'y'] }), met: KEPT });
	});

	it('deleting a note the other tab changed does nothing, and says so', () => {
		const before = stored({ note: 'Theirs' });
		const r = saveOver(before, { note: '', labels: [] }, { note: 'Before', labels: [] });
		expect(r).toEqual({ record: before, met: NOT_DELETED });
	});
});

describe('an import that finds nothing new', () => {
	it('writes nothing and counts the verse as already here', () => {
		const mine = note({ bookmark: true, note: 'Mine', labels: ['love'] });
		const r = mergeNotes(new Map([[refKey(mine), mine]]), [{ ...mine }]);
		expect(r).toEqual({ write: [], added: 0, combined: 0, unchanged: 1, bothKept: 0 });
		expect(describeImport(r)).toBe('Imported 1 verse: 0 new, 1 already here.');
	});
});
