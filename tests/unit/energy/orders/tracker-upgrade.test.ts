/**
 * Followed orders, format 2: what earlier builds kept (the orders by guid, no version: format 1)
 * is all followed again and kept as format 2; a root's record of a newer format is never
 * overwritten nor deleted, and the dashboard says so.
 */
import 'fake-indexeddb/auto';
import { clear, createStore, entries, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
	exportTracked,
	forgetTracked,
	importTracked,
	orderTracker,
	type TrackedOrder
} from '$lib/energy/orders/tracker';
import { Notices } from '$lib/energy/notices.svelte';
import { OrderBook } from '$lib/energy/orders/order-book.svelte';
import { NewerData } from '$lib/ui/stored-format';
import { BASE, energyHarness, energySession, manualEnv } from '../helpers';
import {
	dumpedRecords,
	EARLIER_BUILDS,
	earlierBuild,
	putDumped
} from '../../upgrade/earlier-builds';

const db = () => createStore('energy-client', 'orders');
const everything = async () => Object.fromEntries(await entries(db()));
const DEMO = 'https://demo.energy.invalid/api';
const LIVE = 'https://energy.example.com/api';

beforeEach(async () => {
	await clear(db());
});

describe.each(EARLIER_BUILDS)('orders the build %s followed', (build) => {
	const old = async () =>
		dumpedRecords(await earlierBuild(build), 'energy-client', 'orders') as Record<
			string,
			Record<string, TrackedOrder>
		>;

	it('are all followed again, with every status time, and kept as format 2', async () => {
		await putDumped(await earlierBuild(build), 'energy-client', 'orders');
		const was = await old();
		const demo = await orderTracker(DEMO).all();
		expect(demo).toEqual(Object.values(was[`tracked:${DEMO}`]!));
		expect(demo.map((o) => o.guid)).toEqual([1001, 1002]);
		expect(await orderTracker(LIVE).all()).toEqual(Object.values(was[`tracked:${LIVE}`]!));
		expect(await get(`tracked:${DEMO}`, db())).toEqual({
			format: 2,
			orders: was[`tracked:${DEMO}`]
		});
		// Opened again, as format 2: the same.
		expect(await orderTracker(DEMO).all()).toEqual(demo);
	});

	it('go into a backup whole, and a restore of it keeps them as format 2', async () => {
		await putDumped(await earlierBuild(build), 'energy-client', 'orders');
		const was = await old();
		const backup = await exportTracked();
		expect(backup).toEqual({
			[DEMO]: Object.values(was[`tracked:${DEMO}`]!),
			[LIVE]: Object.values(was[`tracked:${LIVE}`]!)
		});
		await clear(db());
		await importTracked(backup, true);
		expect(await get(`tracked:${LIVE}`, db())).toEqual({
			format: 2,
			orders: was[`tracked:${LIVE}`]
		});
		expect(await exportTracked()).toEqual(backup);
	});
});

describe('orders a newer build followed', () => {
	const newer = { format: 3, byGuid: [[7, { s: 2 }]] };

	it('are left byte for byte: not upgraded, not written over, not forgotten', async () => {
		await set(`tracked:${DEMO}`, newer, db());
		const tracker = orderTracker(DEMO);
		await expect(tracker.all()).rejects.toBeInstanceOf(NewerData);
		// Followed for this page only.
		expect(await tracker.see(7, 1, 100)).toEqual({ guid: 7, firstSeen: { 1: 100 }, lastStatus: 1 });
		await tracker.clear();
		await forgetTracked(DEMO);
		expect(await get(`tracked:${DEMO}`, db())).toEqual(newer);
	});

	it('a restore over them writes nothing and says why; a replace keeps them', async () => {
		await set(`tracked:${DEMO}`, newer, db());
		await set(`tracked:${LIVE}`, { format: 2, orders: {} }, db());
		const before = JSON.stringify(await everything());
		const error = await importTracked({ [LIVE]: [], [DEMO]: [] }, true).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NewerData);
		expect((error as Error).message).toBe(
			'Your followed orders were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(JSON.stringify(await everything())).toBe(before);
		await importTracked({ [LIVE]: [] }, true);
		expect(await get(`tracked:${DEMO}`, db())).toEqual(newer);
		expect(await exportTracked()).toEqual({ [LIVE]: [] });
	});
});

describe('the dashboard over orders a newer build followed', () => {
	it('says so in plain words', async () => {
		await set(`tracked:${BASE}`, { format: 3 }, db());
		const h = energyHarness({ stepMs: 3_600_000 });
		const m = manualEnv(h.clock.t);
		const book = new OrderBook(
			energySession(() => h.client, BASE, m.env),
			{
				visibility: m.env,
				notices: new Notices(() => {})
			}
		);
		await book.open();
		expect(book.notKept).toBe(
			'Your followed orders were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(await get(`tracked:${BASE}`, db())).toEqual({ format: 3 });
	});
});
