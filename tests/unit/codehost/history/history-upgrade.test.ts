/**
 * History's records, format 2 (one record per entry): what earlier builds wrote (one record
 * "entries" holding the whole list, no version: format 1) opens with every entry as it was, and is
 * moved to one record per entry in one transaction, the old record removed; a move that fails part
 * way leaves the old record as it was. History of a newer format is never written over, and
 * History says so.
 */
import 'fake-indexeddb/auto';
import { set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeState } from '$lib/codehost/exchange.svelte';
import {
	FORMAT_KEY,
	HISTORY_FORMAT,
	HistoryStore,
	OLD_KEY,
	type HistoryEntry
} from '$lib/codehost/history/history';
import { HistoryState } from '$lib/codehost/history/history-state.svelte';
import { NewerData } from '$lib/ui/stored-format';
import { writeDataSet } from '$lib/your-data/data-set';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import {
	dumpedRecords,
	EARLIER_BUILDS,
	earlierBuild,
	putDumped
} from '../../upgrade/earlier-builds';
import { filledData, MemoryStores } from '../../your-data/fixtures';
import { clearHistory, historyDb, historyRecords, storedEntries } from './stored-history';

/** The token the builds were given when they recorded the fixture's requests. */
const FIXTURE_SECRET = 'glpat-fixtureSecret0123456789';

beforeEach(async () => {
	await clearHistory();
	resetStorageFaults();
});
afterEach(() => vi.restoreAllMocks());

const oldList = async (build: (typeof EARLIER_BUILDS)[number]) =>
	dumpedRecords(await earlierBuild(build), 'codehost-history', 'kv')[OLD_KEY] as HistoryEntry[];

const stateOver = (store: HistoryStore) =>
	new HistoryState(
		() =>
			({ apiRoot: 'https://gitlab.example.com/api/v4', secrets: [] }) as unknown as ExchangeState,
		store
	);

describe.each(EARLIER_BUILDS)('History the build %s kept', (build) => {
	it('opens with every entry as it was, then kept one record per entry, the old record gone', async () => {
		const old = await oldList(build);
		expect(old.map((e) => e.path)).toEqual([
			'/projects/7/pipelines',
			'/projects/7/pipelines',
			'/projects/404',
			'/projects/7/issues',
			'/projects'
		]);
		await putDumped(await earlierBuild(build), 'codehost-history', 'kv');
		const listed = await new HistoryStore(0).list();
		expect(listed).toEqual(old);
		const records = await historyRecords();
		expect(records).not.toHaveProperty(OLD_KEY);
		expect(records[FORMAT_KEY]).toEqual({ format: HISTORY_FORMAT });
		expect(await storedEntries()).toEqual(old);
		expect(JSON.stringify(records)).not.toContain(FIXTURE_SECRET);
		// Opened again: read as format 2, the same.
		expect(await new HistoryStore(0).list()).toEqual(old);
	});

	it('shows in History as it did: the run as one row of two pages, the request with no answer', async () => {
		await putDumped(await earlierBuild(build), 'codehost-history', 'kv');
		const history = stateOver(new HistoryStore(0));
		await history.load();
		expect(history.rows.map((r) => [r.entry.method, r.entry.path, r.pages])).toEqual([
			['GET', '/projects/7/pipelines', 2],
			['GET', '/projects/404', 1],
			['POST', '/projects/7/issues', 1],
			['GET', '/projects', 1]
		]);
		expect(history.rows[1]!.last.problemKind).toBe('network');
	});

	it('an entry added before History is read is kept beside the old ones', async () => {
		const old = await oldList(build);
		await putDumped(await earlierBuild(build), 'codehost-history', 'kv');
		const store = new HistoryStore(0);
		const fresh = { ...old[0]!, id: 'fresh', at: '2026-12-03T20:00:00.000Z' };
		await store.add(fresh);
		expect(await store.list()).toEqual([fresh, ...old]);
		expect(await storedEntries()).toEqual([fresh, ...old]);
	});

	it('a move that fails part way leaves the old record as it was, and History is read from it', async () => {
		const old = await oldList(build);
		await putDumped(await earlierBuild(build), 'codehost-history', 'kv');
		const before = await historyRecords();
		const put = IDBObjectStore.prototype.put;
		let puts = 0;
		vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
			this: IDBObjectStore,
			...args: Parameters<IDBObjectStore['put']>
		) {
			if (++puts === 4) throw new DOMException('The disk failed.', 'UnknownError');
			return put.apply(this, args);
		});
		expect(await new HistoryStore(0).list()).toEqual(old);
		expect(puts).toBe(4);
		expect(await historyRecords()).toEqual(before);
		vi.restoreAllMocks();
		// The next read moves it.
		expect(await new HistoryStore(0).list()).toEqual(old);
		expect(await historyRecords()).not.toHaveProperty(OLD_KEY);
	});
});

describe('History a newer build kept', () => {
	const newerEntry = { format: 3, id: 'n1', at: '2027-01-01', request: { verb: 'GET' } };
	const mine = (id: string): HistoryEntry => ({
		id,
		at: '2026-12-03T20:00:00.000Z',
		method: 'GET',
		path: '/projects',
		url: 'https://gitlab.example.com/api/v4/projects',
		status: 200,
		durationMs: 1,
		sizeBytes: 2,
		requestHeaders: {},
		responseHeaders: {}
	});

	it.each([
		['its format record', FORMAT_KEY, { format: 3 }],
		['an entry of it', 'entry 2027-01-01 0000000000000001 n1', newerEntry]
	])(
		'(%s) is left byte for byte: no add, import, restore or clear writes over it',
		async (_, key, value) => {
			await set(key, value, historyDb());
			const before = await historyRecords();
			const store = new HistoryStore(0);
			await expect(store.list()).rejects.toBeInstanceOf(NewerData);
			await expect(store.add(mine('a'))).resolves.toBeUndefined();
			await expect(store.importEntries([mine('b')])).rejects.toBeInstanceOf(NewerData);
			await expect(store.clear()).rejects.toBeInstanceOf(NewerData);
			expect(await historyRecords()).toEqual(before);
		}
	);

	it('a restore of a backup with History writes none of it over them, and says why', async () => {
		await set(FORMAT_KEY, { format: 3 }, historyDb());
		const before = await historyRecords();
		const stores = MemoryStores.filled();
		const here = { ...stores, history: new HistoryStore(0) };
		await expect(
			writeDataSet(here, { ...filledData(), history: [mine('restored')] }, 'merge')
		).rejects.toThrow(/^Your history entries were saved by a newer version of this app/);
		expect(await historyRecords()).toEqual(before);
	});

	it('a store that has not read it yet writes nothing over it either', async () => {
		await set(FORMAT_KEY, { format: 3 }, historyDb());
		const before = await historyRecords();
		const store = new HistoryStore(0);
		await store.add(mine('a'));
		await expect(store.importEntries([mine('b')])).rejects.toBeInstanceOf(NewerData);
		expect(await historyRecords()).toEqual(before);
	});

	it('History says so in plain words, shows what is sent on the page, and Clear history changes nothing', async () => {
		await set(FORMAT_KEY, { format: 3 }, historyDb());
		await set('entry 2027-01-01 0000000000000001 n1', newerEntry, historyDb());
		const before = await historyRecords();
		const history = stateOver(new HistoryStore(0));
		await history.load();
		expect(history.reading.problem?.message).toBe(
			'Your history entries were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(history.reading.problem?.hint).toBe(
			'What you send on this page is shown here until you leave it, and not kept.'
		);
		history.record(
			{
				id: 1,
				startedAt: '2026-12-03T20:00:00.000Z',
				method: 'GET',
				url: 'https://gitlab.example.com/api/v4/projects',
				requestHeaders: {},
				status: 200,
				responseHeaders: {},
				durationMs: 1,
				sizeBytes: 2,
				retries: 0
			},
			undefined
		);
		expect(history.entries.map((e) => e.path)).toEqual(['/projects']);
		await history.clear();
		expect(history.message).toMatch(/^Not cleared\. Your history entries were saved by a newer/);
		expect(history.entries).toHaveLength(1);
		await history.load();
		expect(await historyRecords()).toEqual(before);
	});
});
