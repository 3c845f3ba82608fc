/** What the update reload keeps of the fields when the tab's storage cannot hold them all. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFormDrafts } from '$lib/ui/form-drafts';
import { MemoryStorage, quotaError } from '../memory-storage';

class FakeInput {
	type = 'text';
	labels = [];
	constructor(
		readonly id: string,
		public value: string
	) {}
	closest() {
		return null;
	}
}

let fields: FakeInput[] = [];
beforeEach(() => {
	vi.stubGlobal('HTMLInputElement', FakeInput);
	vi.stubGlobal('HTMLTextAreaElement', class {});
	vi.stubGlobal('HTMLSelectElement', class {});
	vi.stubGlobal('location', { pathname: '/explorer' });
	vi.stubGlobal('document', { querySelectorAll: () => fields });
});
afterEach(() => vi.unstubAllGlobals());

const saved = (storage: Storage) =>
	Object.keys(
		(JSON.parse(storage.getItem('form-drafts') ?? '{}') as { fields?: object }).fields ?? {}
	);

describe('saving the drafts before an update reload', () => {
	it('keeps every field when they fit', () => {
		fields = [new FakeInput('path', '/projects'), new FakeInput('query', 'per_page=2')];
		const storage = new MemoryStorage();
		saveFormDrafts(storage);
		expect(saved(storage)).toEqual(['#path', '#query']);
	});

	it('a field of megabytes that does not fit is left out; the others are kept, nothing thrown', () => {
		fields = [new FakeInput('path', '/projects'), new FakeInput('body', 'x'.repeat(6_000_000))];
		const storage = new MemoryStorage(5_242_880);
		expect(() => saveFormDrafts(storage)).not.toThrow();
		expect(saved(storage)).toEqual(['#path']);
	});

	it('a storage that takes nothing keeps nothing, and throws nothing (the reload goes on)', () => {
		fields = [new FakeInput('path', '/projects')];
		const storage = new MemoryStorage();
		storage.setItem = () => {
			throw quotaError();
		};
		expect(() => saveFormDrafts(storage)).not.toThrow();
		expect(storage.getItem('form-drafts')).toBeNull();
	});
});
