import * as v from 'valibot';
import { formatOf } from '$lib/ui/stored-format';
import type { KeyValueStorage } from '../key-value-storage';
import { PERIODS, type PeriodId } from '../model';

/**
 * "Your price": what your provider charges, in sun per unit of energy for one period, as you
 * know it from their price list. The API has no price call, so with no earlier orders to go by
 * this is what the review estimates from. Not a secret: kept in this browser's local storage,
 * per server (each provider has its own prices) and per period (prices differ between periods).
 */

export const YOUR_PRICE_KEY = 'energy.yourPrice';
/**
 * The stored record's format; a record of another format is not read (there is no older one yet),
 * and one of a newer format is never overwritten.
 */
export const YOUR_PRICE_FORMAT = 1;

export type PriceTable = Partial<Record<PeriodId, number>>;

const PERIOD_IDS = PERIODS.map((p) => p.id);
const Stored = v.object({
	format: v.literal(YOUR_PRICE_FORMAT),
	/** API root → period → sun per unit of energy. */
	byRoot: v.record(
		v.string(),
		v.record(v.picklist(PERIOD_IDS), v.pipe(v.number(), v.integer(), v.minValue(1)))
	)
});
type StoredPrices = v.InferOutput<typeof Stored>;

/** The highest price taken: far above any provider's (1 TRX per unit). */
export const MAX_SUN_PER_UNIT = 1_000_000;

export type PriceCheck = { ok: true; sun: number | null } | { ok: false; error: string };

/** The price as typed: empty (none), or a whole number of sun ("60", "1,000"). */
export function checkPrice(text: string): PriceCheck {
	const written = text.trim().replace(/[,_\s]/g, '');
	if (!written) return { ok: true, sun: null };
	const sun = Number(written);
	if (!/^\d+$/.test(written) || !Number.isSafeInteger(sun) || sun < 1 || sun > MAX_SUN_PER_UNIT)
		return {
			ok: false,
			error: 'Enter your price as a whole number of sun per unit of energy, for example 60.'
		};
	return { ok: true, sun };
}

function read(storage: KeyValueStorage): StoredPrices {
	try {
		const parsed = v.safeParse(Stored, JSON.parse(storage.getItem(YOUR_PRICE_KEY) ?? 'null'));
		if (parsed.success) return parsed.output;
	} catch {
		// Unreadable: start afresh.
	}
	return { format: YOUR_PRICE_FORMAT, byRoot: {} };
}

/** The prices kept for the server at `apiRoot`. */
export function readPrices(storage: KeyValueStorage, apiRoot: string): PriceTable {
	return { ...read(storage).byRoot[apiRoot] };
}

/** Every server's prices, as kept (what a backup of this browser holds). */
export function allPrices(storage: KeyValueStorage): Record<string, PriceTable> {
	return structuredClone(read(storage).byRoot);
}

/** Whether a newer build of the app wrote the prices kept here (they are then left as they are). */
export function pricesNewer(storage: KeyValueStorage): boolean {
	try {
		return formatOf(JSON.parse(storage.getItem(YOUR_PRICE_KEY) ?? 'null')) > YOUR_PRICE_FORMAT;
	} catch {
		return false;
	}
}

/**
 * Keeps (or, with null, forgets) the price of one period on one server; prices a newer build kept
 * are not written over (the price then holds for this page).
 */
export function writePrice(
	storage: KeyValueStorage,
	apiRoot: string,
	period: PeriodId,
	sun: number | null
): void {
	if (pricesNewer(storage)) return;
	const stored = read(storage);
	const table: PriceTable = { ...stored.byRoot[apiRoot] };
	if (sun === null) delete table[period];
	else table[period] = sun;
	if (Object.keys(table).length) stored.byRoot[apiRoot] = table;
	else delete stored.byRoot[apiRoot];
	try {
		if (Object.keys(stored.byRoot).length) storage.setItem(YOUR_PRICE_KEY, JSON.stringify(stored));
		else storage.removeItem(YOUR_PRICE_KEY);
	} catch {
		// Storage full or refused: the price holds for this page.
	}
}

/** The price field of the buy form, per period, for the server the dashboard shows. */
export class YourPrices {
	/** The valid prices, as stored. */
	prices = $state<PriceTable>({});
	/** What was typed, per period, while it is typed (a wrong entry stays as typed, not stored). */
	typed = $state<Partial<Record<PeriodId, string>>>({});
	readonly #storage: KeyValueStorage;
	#apiRoot = '';

	constructor(storage: KeyValueStorage) {
		this.#storage = storage;
	}

	/** The dashboard shows the server at `apiRoot`: its prices. */
	open(apiRoot: string): void {
		this.#apiRoot = apiRoot;
		this.prices = readPrices(this.#storage, apiRoot);
		this.typed = {};
	}

	/** The field's text for a period. */
	text(period: PeriodId): string {
		return this.typed[period] ?? String(this.prices[period] ?? '');
	}

	/** Why the typed price cannot be used; null when it can (or is empty). */
	error(period: PeriodId): string | null {
		const check = checkPrice(this.text(period));
		return check.ok ? null : check.error;
	}

	/** The price the estimate uses: none while the field holds something that is not a price. */
	sun(period: PeriodId): number | null {
		const check = checkPrice(this.text(period));
		return check.ok ? check.sun : null;
	}

	/** Typed into the field: kept as typed, and stored once it is a price (or emptied). */
	set(period: PeriodId, text: string): void {
		this.typed = { ...this.typed, [period]: text };
		const check = checkPrice(text);
		if (!check.ok) return;
		writePrice(this.#storage, this.#apiRoot, period, check.sun);
		const next = { ...this.prices };
		if (check.sun === null) delete next[period];
		else next[period] = check.sun;
		this.prices = next;
	}
}
