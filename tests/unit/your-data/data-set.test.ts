import { describe, expect, it } from 'vitest';
import { readBackup, writeBackup } from '$lib/your-data/backup';
import { countItems, previewRestore, readDataSet, writeDataSet } from '$lib/your-data/data-set';
import { filledData, historyEntry, MemoryStores } from './fixtures';

describe('your data across the areas', () => {
	it('the backup of a filled app restores into an empty one with every item back', async () => {
		const filled = MemoryStores.filled(filledData(), [historyEntry('h1'), historyEntry('h2')]);
		const text = writeBackup(await readDataSet(filled, { history: true }));
		const empty = new MemoryStores();
		await writeDataSet(empty, readBackup(text), 'merge');
		expect(empty.dump()).toEqual(filled.dump());
	});

	it('an environment’s secret value never leaves the store; its name does', async () => {
		const data = filledData();
		data.environments[1]!.values.api_token = 'kept-in-this-tab';
		const stores = MemoryStores.filled(data);
		const read = await readDataSet(stores);
		expect(read.environments[1]!.values).toEqual({ project: '42', api_token: '' });
		expect(JSON.stringify(read)).not.toContain('kept-in-this-tab');
	});

	it('the preview counts what is added, changed and unchanged, and names what is replaced', async () => {
		const here = filledData();
		const incoming = filledData();
		incoming.collections[0]!.requests[0]!.query = 'per_page=100';
		incoming.notes.push({
			book: 'Gen',
			chapter: 1,
			verse: 1,
			bookmark: true,
			note: '',
			labels: [],
			created: 1,
			updated: 1
		});
		const preview = previewRestore(here, incoming, 'merge');
		expect(preview.find((p) => p.kind === 'requests')).toMatchObject({
			added: 0,
			changed: 1,
			unchanged: 2,
			replaced: ['Projects › List projects']
		});
		expect(preview.find((p) => p.kind === 'notes')).toMatchObject({ added: 1, unchanged: 2 });
	});

	it('a merge restore replaces the same items and keeps the others here', async () => {
		const stores = MemoryStores.filled();
		stores.c.push({ id: 'mine', name: 'Only here', requests: [] });
		const incoming = filledData();
		incoming.collections[0]!.requests[0]!.query = 'per_page=100';
		await writeDataSet(stores, incoming, 'merge');
		expect(stores.c.map((c) => c.name)).toEqual(['Projects', 'Ünïcode & more', 'Only here']);
		expect(stores.c[0]!.requests[0]).toMatchObject({
			id: 'req-Listprojects',
			query: 'per_page=100'
		});
	});

	it('a replace restore (a snapshot) puts back exactly the state it was taken of', async () => {
		const stores = MemoryStores.filled();
		const before = structuredClone(stores.dump());
		const snapshot = writeBackup(await readDataSet(stores));
		stores.c = [];
		stores.n.delete('John.3.16');
		// Added after the snapshot: restoring it removes this.
		stores.n.set('Gen.1.1', { ...stores.n.get('Ps.23.1')!, book: 'Gen', chapter: 1, verse: 1 });
		stores.p = [];
		stores.t = { 'https://other/api': [{ guid: 1, firstSeen: {}, lastStatus: 0 }] };
		stores.e.environments.push({ id: 'new', name: 'New', values: {} });
		stores.pr['https://energy.demo/api/v1/private']!['7d'] = 400;
		stores.pr['https://energy.new/api/v1/private'] = { '1d': 70 };
		await writeDataSet(stores, readBackup(snapshot), 'replace');
		expect(stores.dump()).toEqual(before);
	});

	it('Your price (energy): a restore puts each price in place, keeps the others here, and an older file without prices leaves them', async () => {
		const stores = MemoryStores.filled();
		stores.pr['https://energy.demo/api/v1/private']!['1d'] = 75;
		stores.pr['https://mine.example/api/v1/private'] = { '3d': 200 };
		const incoming = filledData();
		const preview = previewRestore(await readDataSet(stores), incoming, 'merge');
		expect(preview.find((p) => p.kind === 'prices')).toMatchObject({
			added: 0,
			changed: 1,
			unchanged: 2,
			replaced: ['1 day on energy.demo']
		});
		await writeDataSet(stores, incoming, 'merge');
		expect(stores.pr).toEqual({
			'https://energy.demo/api/v1/private': { '1h': 5, '1d': 60 },
			'https://energy.example.com/api/v1/private': { '30d': 1500 },
			'https://mine.example/api/v1/private': { '3d': 200 }
		});
		const before = structuredClone(stores.pr);
		const { prices: _, ...older } = filledData();
		await writeDataSet(stores, older, 'replace');
		expect(stores.pr).toEqual(before);
	});

	it('energy reminders: the preview names the choice replaced, a restore puts it in place, an older file without them leaves them', async () => {
		const stores = MemoryStores.filled();
		stores.r = { enabled: false, minutes: 10 };
		const incoming = filledData();
		const preview = previewRestore(await readDataSet(stores), incoming, 'merge');
		expect(preview.find((p) => p.kind === 'reminders')).toMatchObject({
			added: 0,
			changed: 1,
			replaced: ['No reminder before the energy is reclaimed']
		});
		await writeDataSet(stores, incoming, 'merge');
		expect(stores.r).toEqual({ enabled: true, minutes: 25 });
		const { reminders: _, ...older } = filledData();
		stores.r = { enabled: true, minutes: 5 };
		await writeDataSet(stores, older, 'replace');
		expect(stores.r).toEqual({ enabled: true, minutes: 5 });
	});

	it('counts each kind for a snapshot’s line', () => {
		expect(countItems(filledData())).toMatchObject({
			requests: 3,
			environments: 2,
			notes: 2,
			plans: 1,
			tracked: 1,
			prices: 3,
			reminders: 1,
			settings: 3
		});
	});
});
