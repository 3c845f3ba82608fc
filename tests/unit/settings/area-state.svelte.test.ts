// The one lifecycle of an area's state: one per area for the app; a change of the area's
// connection closes the old state's work and opens a new one, with what carries over.
import { afterEach, describe, expect, it } from 'vitest';
import type { AreaConnection } from '$lib/settings/area-connection.svelte';
import { areaState, closeAreas, openAreaState } from '$lib/settings/area-state.svelte';

class Work {
	closed = false;
	constructor(
		readonly identity: string,
		readonly carried?: string
	) {}
	close() {
		this.closed = true;
	}
}

function connection(service: AreaConnection['service'], identity: string) {
	return { service, identity } as AreaConnection;
}
const open = (c: AreaConnection, previous?: Work) => new Work(c.identity, previous?.identity);
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(closeAreas);

describe('an area state follows its connection', () => {
	it('is one per area while the connection stays: every page reading it gets the same', () => {
		const first = areaState(connection('energy', 'demo https://demo '), open);
		expect(areaState(connection('energy', 'demo https://demo '), open)).toBe(first);
		expect(openAreaState('energy')).toBe(first);
		// Another area has its own.
		expect(areaState(connection('codehost', 'demo https://demo '), open)).not.toBe(first);
	});

	it('a change of mode, address or token closes the old one and opens another with what carries over', async () => {
		const first = areaState(connection('energy', 'demo https://demo '), open);
		const second = areaState(connection('energy', 'live https://api.example tok-1'), open);
		expect(second).not.toBe(first);
		expect(second.carried).toBe('demo https://demo ');
		await settle();
		expect(first.closed).toBe(true);
		expect(second.closed).toBe(false);
		const third = areaState(connection('energy', 'live https://api.example tok-2'), open);
		await settle();
		expect(second.closed).toBe(true);
		expect(third.identity).toBe('live https://api.example tok-2');
	});

	it('closing every area stops all of their work', () => {
		const a = areaState(connection('energy', 'x'), open);
		const b = areaState(connection('bible', 'y'), open);
		closeAreas();
		expect([a.closed, b.closed]).toEqual([true, true]);
		expect(openAreaState('energy')).toBeUndefined();
	});
});
