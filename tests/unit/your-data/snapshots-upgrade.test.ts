/**
 * The list of snapshots, format 2: what the last build before versions kept (the list itself, no
 * version: format 1) opens with every snapshot, each restores, and the list is then kept as
 * format 2; a list of a newer format is never written over, no snapshot is added beside it, and
 * Snapshots says so.
 */
import 'fake-indexeddb/auto';
import { clear, createStore, entries, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { NewerData } from '$lib/ui/stored-format';
import { META, SNAPSHOTS_FORMAT, SnapshotStore } from '$lib/your-data/snapshots';
import { YourDataState } from '$lib/your-data/your-data.svelte';
import { dumpedRecords, earlierBuild, putDumped } from '../upgrade/earlier-builds';
import { MemoryStores } from './fixtures';

const DB = 'your-data-snapshots';
const db = () => createStore(DB, 'kv');
const records = async () =>
	Object.fromEntries((await entries(db())).map(([k, v]) => [String(k), v]));

beforeEach(async () => {
	await clear(db());
});

describe('the snapshots the build 140a16e kept', () => {
	it('are listed as they were, then kept as format 2, and the one before clearing History restores every item', async () => {
		const dump = await earlierBuild('140a16e');
		const old = dumpedRecords(dump, DB, 'kv')[META] as { id: string; reason: string }[];
		expect(Array.isArray(old)).toBe(true);
		expect(old.map((s) => s.reason)).toEqual(['clear-history']);
		await putDumped(dump, DB, 'kv');
		const snapshots = new SnapshotStore();
		expect(await snapshots.list()).toEqual(old);
		expect((await records())[META]).toEqual({ format: SNAPSHOTS_FORMAT, snapshots: old });
		expect(await snapshots.list()).toEqual(old);

		const stores = new MemoryStores();
		const yours = new YourDataState(stores, snapshots);
		await yours.restoreSnapshot(old[0]!.id);
		expect(yours.problem).toBe('');
		expect(stores.e.environments.map((e) => e.name)).toEqual(['Default', 'Staging', 'CI jobs']);
		expect(stores.n.size).toBe(6);
		expect(stores.p.map((p) => p.id)).toEqual(['bible-year', 'nt-90']);
		expect(stores.h.map((e) => e.path)).toEqual(
			(dumpedRecords(dump, 'codehost-history', 'kv').entries as { path: string }[]).map(
				(e) => e.path
			)
		);
		// The restore took a snapshot of what was here first: the list holds both, as format 2.
		const kept = (await records())[META] as { format: number; snapshots: unknown[] };
		expect(kept.format).toBe(SNAPSHOTS_FORMAT);
		expect(kept.snapshots).toHaveLength(2);
	});
});

describe('a list of snapshots a newer build kept', () => {
	const newer = { format: 3, kept: [{ key: 'snap-x', when: '2027-01-01' }] };
	const meta = { at: Date.now(), reason: 'daily' as const, counts: {}, digest: 'd' };

	it('is left byte for byte: listing, taking a snapshot and a restore write nothing', async () => {
		await set(META, newer, db());
		await set('snap:x', '{"format":"api-workbench-backup","version":9}', db());
		const before = await records();
		const snapshots = new SnapshotStore();
		await expect(snapshots.list()).rejects.toBeInstanceOf(NewerData);
		await expect(snapshots.take('{}', meta)).rejects.toBeInstanceOf(NewerData);
		const stores = MemoryStores.filled();
		const here = structuredClone(stores.dump());
		const yours = new YourDataState(stores, snapshots);
		await yours.restoreSnapshot('x');
		expect(yours.problem).toMatch(/^Nothing was changed: /);
		expect(stores.dump()).toEqual(here);
		expect(await records()).toEqual(before);
	});

	it('Snapshots says so in plain words', async () => {
		await set(META, newer, db());
		const yours = new YourDataState(MemoryStores.filled(), new SnapshotStore());
		await yours.open();
		expect(yours.snapshotMessage).toBe(
			'Your snapshots were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect((await records())[META]).toEqual(newer);
	});
});
