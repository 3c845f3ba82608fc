/**
 * History when storage misbehaves, and the import file read in slices: two tabs adding at once
 * keep both, a full storage refuses an import and keeps what was there, a refused file changes
 * nothing.
 */
import { createStore, del, get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	exportHistory,
	HISTORY_LIMIT,
	HistoryStore,
	type HistoryEntry
} from '$lib/codehost/history/history';
import { readImport, readText, type ImportReply } from '$lib/codehost/import/file';
import { FILE_FORMAT } from '$lib/codehost/collections/collections';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import { StorageStatus } from '$lib/ui/storage-status.svelte';

const db = () => createStore('codehost-history', 'kv');
const stored = async () => ((await get<HistoryEntry[]>('entries', db())) ?? []).map((e) => e.id);

const entry = (id: string, at: string): HistoryEntry => ({
	id,
	at,
	method: 'GET',
	path: '/projects',
	url: 'https://h/api/v4/projects',
	status: 200,
	durationMs: 1,
	sizeBytes: 1,
	requestHeaders: {},
	responseHeaders: {}
});

beforeEach(async () => {
	await del('entries', db());
	resetStorageFaults();
});
afterEach(() => vi.restoreAllMocks());

describe('HistoryStore', () => {
	it('two tabs adding at the same moment keep both entries', async () => {
		const a = new HistoryStore(0);
		const b = new HistoryStore(0);
		await Promise.all([
			a.add(entry('a1', '2026-01-01')),
			b.add(entry('b1', '2026-01-02')),
			a.importEntries([entry('a2', '2026-01-03')]),
			b.importEntries([entry('b2', '2026-01-04')])
		]);
		expect(await stored()).toEqual(['b2', 'a2', 'b1', 'a1']);
	});

	it('an import into a full storage is refused with what to do, and the history stays', async () => {
		const store = new HistoryStore(0);
		await store.add(entry('kept', '2026-01-01'));
		const status = new StorageStatus();
		vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		});
		await expect(store.importEntries([entry('new', '2026-01-02')])).rejects.toThrow(
			"This browser's storage for this site is full. The history you had is kept. Clear History or delete Bible downloads you no longer need, then try again."
		);
		// A later add that cannot be written does not throw (Send goes on).
		await expect(store.add(entry('later', '2026-01-03'))).resolves.toBeUndefined();
		expect((await store.list()).map((e) => e.id)).toEqual(['kept']);
		expect(status.unavailable).toBe(false);
	});

	it('an IndexedDB that refuses to open keeps the history for the page and raises the notice', async () => {
		const status = new StorageStatus();
		vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
			throw new DOMException('The operation is insecure.', 'SecurityError');
		});
		const store = new HistoryStore(0);
		await store.add(entry('a', '2026-01-01'));
		await store.importEntries([entry('b', '2026-01-02')]);
		expect((await store.list()).map((e) => e.id)).toEqual(['b', 'a']);
		expect(status.unavailable).toBe(true);
		await store.clear();
		expect(await store.list()).toEqual([]);
	});
});

describe('reading an import file', () => {
	const replies = async (kind: 'history' | 'collections', text: string) => {
		const out: ImportReply[] = [];
		await readImport({ kind, file: new Blob([text]) }, (m) => out.push(m));
		return out;
	};

	it('reads a file in slices, multi-byte characters split across slices intact', async () => {
		const text = 'ä€😀'.repeat(1_000);
		const bytes = new TextEncoder().encode(text);
		// Seven bytes a slice: most slices end inside a character.
		const file = {
			size: bytes.length,
			stream: () =>
				new ReadableStream<Uint8Array>({
					start(controller) {
						for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
						controller.close();
					}
				})
		} as unknown as Blob;
		const seen: number[] = [];
		expect(await readText(file, (n) => seen.push(n))).toBe(text);
		expect(seen).toHaveLength(Math.ceil(bytes.length / 7));
		expect(seen.at(-1)).toBe(bytes.length);
	});

	it('a history export is read, checked and given back redacted', async () => {
		const secret = {
			...entry('s', '2026-01-01'),
			url: 'https://h/api/v4/projects?private_token=glpat-x'
		};
		const out = await replies('history', exportHistory([secret]));
		expect(out.at(-2)).toEqual({ type: 'checking' });
		const done = out.at(-1)!;
		expect(done.type).toBe('done');
		expect(JSON.stringify(done)).not.toContain('glpat-x');
	});

	it('of a history file, only the newest entries that can be kept are given back', async () => {
		const many = Array.from({ length: HISTORY_LIMIT + 20 }, (_, i) =>
			entry(`e${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString())
		);
		const done = (await replies('history', exportHistory(many))).at(-1)!;
		if (done.type !== 'done') throw new Error(done.type);
		const ids = (done.value as HistoryEntry[]).map((e) => e.id);
		expect(ids).toHaveLength(HISTORY_LIMIT);
		expect(ids[0]).toBe(`e${HISTORY_LIMIT + 19}`);
		expect(ids.at(-1)).toBe('e20');
	});

	it('a refused file gives the reason only', async () => {
		expect((await replies('history', '{"format":"other"}')).at(-1)).toEqual({
			type: 'refused',
			message: 'This file is not an explorer history export.'
		});
		expect((await replies('collections', 'not json')).at(-1)).toEqual({
			type: 'refused',
			message: 'The file is not JSON. Choose a file made by “Export collections”.'
		});
		const version = JSON.stringify({ format: FILE_FORMAT, version: 9, collections: [] });
		expect((await replies('collections', version)).at(-1)).toMatchObject({ type: 'refused' });
	});

	it('a file over the size limit is refused unread', async () => {
		const huge = {
			size: 65 * 1024 * 1024,
			stream: () => {
				throw new Error('read');
			}
		} as unknown as Blob;
		const out: ImportReply[] = [];
		await readImport({ kind: 'history', file: huge }, (m) => out.push(m));
		expect(out).toEqual([
			{ type: 'refused', message: 'The file is larger than 64 MB; an export is far smaller.' }
		]);
	});
});
