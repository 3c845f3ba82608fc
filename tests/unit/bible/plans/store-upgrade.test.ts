/**
 * Reading plans, format 2: what earlier builds kept (the list itself, no version: format 1) opens
 * with every plan and day read, and is then kept as format 2; plans a newer build kept are never
 * overwritten, and the plans page says so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlansState } from '$lib/bible/plans/plans.svelte';
import { loadPlans, PLANS_KEY, plansNewer, savePlans } from '$lib/bible/plans/store';
import { dumpedStorage, EARLIER_BUILDS, earlierBuild } from '../../upgrade/earlier-builds';
import { MemoryStorage } from '../../memory-storage';

afterEach(() => vi.unstubAllGlobals());

describe.each(EARLIER_BUILDS)('plans the build %s kept', (build) => {
	it('open with every plan and every day read, and are then kept as format 2', async () => {
		const storage = dumpedStorage(await earlierBuild(build));
		const old = JSON.parse(storage.getItem(PLANS_KEY)!) as unknown[];
		expect(Array.isArray(old)).toBe(true);
		vi.stubGlobal('localStorage', storage);
		const plans = new PlansState();
		plans.load();
		expect(plans.list).toEqual(old);
		expect(plans.list.map((p) => p.id)).toEqual(['bible-year', 'nt-90']);
		expect(plans.problem).toBe('');
		expect(JSON.parse(storage.getItem(PLANS_KEY)!)).toEqual({ format: 2, plans: old });
		expect(loadPlans()).toEqual(old);
	});

	it('a day marked read after the upgrade is kept with the rest', async () => {
		const storage = dumpedStorage(await earlierBuild(build));
		vi.stubGlobal('localStorage', storage);
		const plans = new PlansState();
		plans.load();
		expect(plans.mark('nt-90', 2, true)).toBe(true);
		expect(loadPlans().find((p) => p.id === 'nt-90')!.done).toEqual([1, 2]);
	});
});

describe('plans a newer build kept', () => {
	const newer = JSON.stringify({ format: 3, plans: { 'bible-year': { from: '2027-01-01' } } });

	it('are left as they are: not read, not upgraded, not written over', () => {
		const storage = new MemoryStorage();
		storage.setItem(PLANS_KEY, newer);
		expect(loadPlans(storage)).toEqual([]);
		expect(plansNewer(storage)?.format).toBe(3);
		expect(savePlans([{ id: 'nt-90', start: '2026-12-01', done: [] }], storage)).toBe(false);
		expect(savePlans([], storage)).toBe(false);
		expect(storage.getItem(PLANS_KEY)).toBe(newer);
	});

	it('the plans page says so in plain words, and starting a plan is not saved over them', () => {
		const storage = new MemoryStorage();
		storage.setItem(PLANS_KEY, newer);
		vi.stubGlobal('localStorage', storage);
		const plans = new PlansState();
		plans.load();
		expect(plans.problem).toBe(
			'Your reading plans were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(plans.start('nt-90', '2026-12-01')).toBe(false);
		expect(plans.problem).toMatch(/^Not saved\. Your reading plans were saved by a newer version/);
		expect(storage.getItem(PLANS_KEY)).toBe(newer);
	});
});
