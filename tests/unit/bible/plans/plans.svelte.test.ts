// Stopping a plan, and Undo: the progress comes back as it was, and is kept on this device.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlansState } from '$lib/bible/plans/plans.svelte';
import { loadPlans } from '$lib/bible/plans/store';
import { MemoryStorage } from '../../memory-storage';

beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
afterEach(() => vi.unstubAllGlobals());

function underWay(): PlansState {
	const plans = new PlansState();
	plans.start('nt-90', '2026-11-20');
	plans.mark('nt-90', 1, true);
	plans.mark('nt-90', 2, true);
	return plans;
}

describe('stopping a reading plan', () => {
	it('takes the plan off this device and hands back its progress', () => {
		const plans = underWay();
		expect(plans.stop('nt-90')).toEqual({ id: 'nt-90', start: '2026-11-20', done: [1, 2] });
		expect(plans.progress('nt-90')).toBeUndefined();
		expect(loadPlans()).toEqual([]);
	});

	it('Undo puts the plan back as it was, kept on this device', () => {
		const plans = underWay();
		const stopped = plans.stop('nt-90')!;
		expect(plans.restore(stopped)).toBe(true);
		expect(plans.progress('nt-90')).toEqual({ id: 'nt-90', start: '2026-11-20', done: [1, 2] });
		expect(loadPlans()).toEqual([{ id: 'nt-90', start: '2026-11-20', done: [1, 2] }]);
	});

	it('Undo does not overwrite the same plan started again since', () => {
		const plans = underWay();
		const stopped = plans.stop('nt-90')!;
		plans.start('nt-90', '2026-12-01');
		expect(plans.restore(stopped)).toBe(false);
		expect(plans.progress('nt-90')).toEqual({ id: 'nt-90', start: '2026-12-01', done: [] });
	});

	it('a plan not under way has nothing to stop', () => {
		expect(new PlansState().stop('nt-90')).toBeUndefined();
	});
});
