import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/energy/key-value-storage';
import { dumpedStorage, earlierBuild } from '../../upgrade/earlier-builds';
import {
	checkPrice,
	pricesNewer,
	readPrices,
	writePrice,
	YOUR_PRICE_FORMAT,
	YOUR_PRICE_KEY,
	YourPrices
} from '$lib/energy/costs/your-price.svelte';

const ROOT = 'https://energy.example/api/v1/private';
const OTHER = 'https://other.example/api/v1/private';

describe('"Your price": the price the person knows, in sun per unit of energy', () => {
	it('takes a whole number of sun, with or without grouping; empty means none', () => {
		expect(checkPrice('60')).toEqual({ ok: true, sun: 60 });
		expect(checkPrice(' 1,000 ')).toEqual({ ok: true, sun: 1000 });
		expect(checkPrice('')).toEqual({ ok: true, sun: null });
		for (const wrong of ['0', '-5', '60.5', 'sixty', '1e3', '2000000'])
			expect(checkPrice(wrong)).toMatchObject({ ok: false, error: expect.stringContaining('sun') });
	});

	it('is kept per server and period in a record that carries its format', () => {
		const storage = memoryStorage();
		writePrice(storage, ROOT, '1h', 60);
		writePrice(storage, ROOT, '30d', 1200);
		writePrice(storage, OTHER, '1h', 55);
		expect(JSON.parse(storage.items.get(YOUR_PRICE_KEY)!)).toEqual({
			format: YOUR_PRICE_FORMAT,
			byRoot: { [ROOT]: { '1h': 60, '30d': 1200 }, [OTHER]: { '1h': 55 } }
		});
		expect(readPrices(storage, ROOT)).toEqual({ '1h': 60, '30d': 1200 });
		writePrice(storage, ROOT, '1h', null);
		writePrice(storage, ROOT, '30d', null);
		writePrice(storage, OTHER, '1h', null);
		expect(storage.items.has(YOUR_PRICE_KEY)).toBe(false);
	});

	it('reads nothing from a record of another format or a broken one', () => {
		const storage = memoryStorage();
		storage.setItem(
			YOUR_PRICE_KEY,
			JSON.stringify({ format: 99, byRoot: { [ROOT]: { '1h': 60 } } })
		);
		expect(readPrices(storage, ROOT)).toEqual({});
		storage.setItem(YOUR_PRICE_KEY, '{not json');
		expect(readPrices(storage, ROOT)).toEqual({});
		storage.setItem(
			YOUR_PRICE_KEY,
			JSON.stringify({ format: 1, byRoot: { [ROOT]: { '1h': -1 } } })
		);
		expect(readPrices(storage, ROOT)).toEqual({});
	});

	it('never writes over a record a newer build kept (the price then holds for this page)', () => {
		const storage = memoryStorage();
		const newer = JSON.stringify({ format: 2, prices: [{ root: ROOT, period: '1h', sun: 70 }] });
		storage.setItem(YOUR_PRICE_KEY, newer);
		expect(pricesNewer(storage)).toBe(true);
		writePrice(storage, ROOT, '1h', 60);
		writePrice(storage, ROOT, '1h', null);
		expect(storage.getItem(YOUR_PRICE_KEY)).toBe(newer);
	});

	it('what the build 140a16e kept is read as it was', async () => {
		const storage = dumpedStorage(await earlierBuild('140a16e'));
		expect(pricesNewer(storage)).toBe(false);
		expect(readPrices(storage, 'https://demo.energy.invalid/api')).toEqual({ '1h': 60 });
	});

	it('the field keeps a wrong entry as typed and says why, without storing it or pricing with it', () => {
		const storage = memoryStorage();
		const prices = new YourPrices(storage);
		prices.open(ROOT);
		prices.set('1h', '60');
		expect(prices.sun('1h')).toBe(60);
		prices.set('1h', '60,5x');
		expect(prices.text('1h')).toBe('60,5x');
		expect(prices.error('1h')).toMatch(/whole number of sun/);
		expect(prices.sun('1h')).toBeNull();
		expect(readPrices(storage, ROOT)).toEqual({ '1h': 60 });
		// Another visit of the same server finds the price; another server has its own.
		const again = new YourPrices(storage);
		again.open(ROOT);
		expect(again.text('1h')).toBe('60');
		again.open(OTHER);
		expect(again.text('1h')).toBe('');
	});
});
