/**
 * Everything a person would miss, from every area, as one value: the composition "Your data" is
 * built on. Each part is read and written through its area's own exported store and functions;
 * nothing here knows how an area keeps its records. No secret is part of it: environments carry
 * their secret variables' names with empty values, saved requests no credential header or
 * parameter, settings no token. No Svelte here.
 */
import { withoutSecrets, type Collection } from '$lib/codehost/collections/collections';
import type { Environment, EnvironmentsData } from '$lib/codehost/environments/environments';
import type { HistoryEntry } from '$lib/codehost/history/history';
import { mergeHistory } from '$lib/codehost/history/history';
import { withoutSecretValues } from '$lib/codehost/secrets/variables';
import type { VerseNote } from '$lib/bible/notes/format';
import { refKey } from '$lib/bible/notes/format';
import type { PlanProgress } from '$lib/bible/plans/schedule';
import { PERIODS, type PeriodId } from '$lib/energy/model';
import type { ReminderChoice } from '$lib/energy/orders/reminder-choice';
import type { TrackedByRoot } from '$lib/energy/orders/tracker';
import { SERVICE_IDS, type ServiceId } from '$lib/settings/connection';
import type { Connections } from '$lib/settings/persistence';

/** Your price (energy) on one server: sun per unit of energy, per period. */
export type PriceTable = Partial<Record<PeriodId, number>>;

export interface DataSet {
	collections: Collection[];
	environments: Environment[];
	/** Only when asked for (a backup with History ticked); snapshots leave it out. */
	history?: HistoryEntry[];
	notes: VerseNote[];
	plans: PlanProgress[];
	tracked: TrackedByRoot;
	/**
	 * Your price (energy), per server and period. Absent in a file of a build before it was backed
	 * up: a restore then leaves the prices here as they are.
	 */
	prices?: Record<string, PriceTable>;
	/**
	 * Energy's "Remind me before the energy is reclaimed" and its minutes; absent when none was
	 * chosen here, and in a file of a build before they were kept (a restore leaves them as they are).
	 */
	reminders?: ReminderChoice;
	settings: Connections;
}

/** Where each part lives: the areas' own stores (the browser's, or stand-ins in tests). */
export interface DataStores {
	collections: {
		load(): Promise<Collection[]>;
		save(list: readonly Collection[]): Promise<void>;
	};
	environments: { load(): Promise<EnvironmentsData>; save(data: EnvironmentsData): Promise<void> };
	history: {
		list(): Promise<HistoryEntry[]>;
		importEntries(entries: readonly HistoryEntry[]): Promise<void>;
	};
	notes: {
		all(): Promise<VerseNote[]>;
		/** Adds many in one transaction (a verse that has a record by then is merged with it). */
		importNotes(notes: readonly VerseNote[]): Promise<unknown>;
		put(note: VerseNote): Promise<void>;
		delete(key: string): Promise<void>;
	};
	plans: { load(): PlanProgress[]; save(plans: readonly PlanProgress[]): boolean };
	tracked: {
		export(): Promise<TrackedByRoot>;
		import(data: TrackedByRoot, replace: boolean): Promise<void>;
	};
	prices: {
		load(): Record<string, PriceTable>;
		/** Keeps (or, with null, forgets) one period's price on one server. */
		set(apiRoot: string, period: PeriodId, sun: number | null): void;
	};
	reminders: { load(): ReminderChoice | undefined; save(choice: ReminderChoice): void };
	settings: { load(): Promise<Connections>; save(c: Connections): Promise<void> };
}

/** The kinds of item, as the page names them, in the order it lists them. */
export const KINDS = [
	'requests',
	'environments',
	'history',
	'notes',
	'plans',
	'tracked',
	'prices',
	'reminders',
	'settings'
] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_NAMES: Record<Kind, string> = {
	requests: 'Saved requests',
	environments: 'Environments',
	history: 'History entries',
	notes: 'Bible notes, bookmarks and highlights',
	plans: 'Reading plans',
	tracked: 'Followed energy orders',
	prices: 'Your energy prices',
	reminders: 'Energy reminders',
	settings: 'Connection settings'
};

/** A plain copy: stores hand back proxies or shared objects. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A saved request as it may be kept anywhere outside the explorer: no credential in it. */
export function cleanCollections(list: readonly Collection[]): Collection[] {
	return list.map((c) => ({
		...c,
		requests: c.requests.map((r) => ({ ...withoutSecrets(r).request, id: r.id }))
	}));
}

/** An environment with every secret variable's value emptied (its name kept). */
export const cleanEnvironments = (list: readonly Environment[]): Environment[] =>
	list.map((e) => withoutSecretValues(e).env);

/** Reads every part from the areas' stores. */
export async function readDataSet(
	stores: DataStores,
	options: { history?: boolean } = {}
): Promise<DataSet> {
	const reminders = stores.reminders.load();
	const [collections, environments, notes, tracked, settings, history] = await Promise.all([
		stores.collections.load(),
		stores.environments.load(),
		stores.notes.all(),
		stores.tracked.export(),
		stores.settings.load(),
		options.history ? stores.history.list() : Promise.resolve(undefined)
	]);
	return copy({
		collections: cleanCollections(collections),
		environments: cleanEnvironments(environments.environments),
		...(history ? { history } : {}),
		notes,
		plans: stores.plans.load(),
		tracked,
		prices: stores.prices.load(),
		...(reminders ? { reminders } : {}),
		settings
	});
}

/** One item of a kind: its key, the name a person knows it by, and its value. */
export interface Item {
	key: string;
	name: string;
	value: unknown;
}

/** The items of one kind, keyed so that the same item matches across two data sets. */
export function itemsOf(data: DataSet, kind: Kind): Item[] {
	switch (kind) {
		case 'requests':
			return data.collections.flatMap((c) =>
				c.requests.map((r) => ({
					key: `${c.name}\u001f${r.name}`,
					name: `${c.name} › ${r.name}`,
					value: { ...r, id: undefined }
				}))
			);
		case 'environments':
			return data.environments.map((e) => ({
				key: e.name,
				name: e.name,
				value: { ...e, id: undefined }
			}));
		case 'history':
			return (data.history ?? []).map((e) => ({
				key: e.id,
				name: `${e.method} ${e.path}`,
				value: e
			}));
		case 'notes':
			return data.notes.map((n) => ({
				key: refKey(n),
				name: refKey(n).replace(/\./g, ' '),
				value: n
			}));
		case 'plans':
			return data.plans.map((p) => ({ key: p.id, name: p.id, value: p }));
		case 'tracked':
			return Object.entries(data.tracked).flatMap(([root, orders]) =>
				orders.map((o) => ({ key: `${root} ${o.guid}`, name: `order ${o.guid}`, value: o }))
			);
		case 'prices':
			return Object.entries(data.prices ?? {}).flatMap(([root, table]) =>
				Object.entries(table).map(([period, sun]) => ({
					key: `${root} ${period}`,
					name: `${PERIODS.find((p) => p.id === period)?.label ?? period} on ${hostOf(root)}`,
					value: sun
				}))
			);
		case 'reminders':
			return data.reminders
				? [
						{
							key: 'reminders',
							name: data.reminders.enabled
								? `Remind me ${data.reminders.minutes} minutes before the energy is reclaimed`
								: 'No reminder before the energy is reclaimed',
							value: data.reminders
						}
					]
				: [];
		case 'settings':
			return SERVICE_IDS.map((id) => ({ key: id, name: id, value: data.settings[id] }));
	}
}

export interface KindPreview {
	kind: Kind;
	added: number;
	changed: number;
	unchanged: number;
	/** Items here that the incoming data replaces: their names. */
	replaced: string[];
	/** Items here that a snapshot's restore removes (only `replace` restores remove). */
	removed: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What putting `incoming` in place of `current` does, kind by kind. */
export function previewRestore(
	current: DataSet,
	incoming: DataSet,
	mode: 'merge' | 'replace'
): KindPreview[] {
	return KINDS.filter((k) => k !== 'history' || incoming.history).map((kind) => {
		const here = new Map(itemsOf(current, kind).map((i) => [i.key, i]));
		const out: KindPreview = {
			kind,
			added: 0,
			changed: 0,
			unchanged: 0,
			replaced: [],
			removed: []
		};
		const seen = new Set<string>();
		for (const item of itemsOf(incoming, kind)) {
			seen.add(item.key);
			const mine = here.get(item.key);
			if (!mine) out.added++;
			else if (same(mine.value, item.value)) out.unchanged++;
			else {
				out.changed++;
				out.replaced.push(mine.name);
			}
		}
		if (mode === 'replace' && kind !== 'settings')
			for (const [key, item] of here) if (!seen.has(key)) out.removed.push(item.name);
		return out;
	});
}

/** How many items of each kind: what a snapshot's line says. */
export function countItems(data: DataSet): Record<Kind, number> {
	return Object.fromEntries(KINDS.map((k) => [k, itemsOf(data, k).length])) as Record<Kind, number>;
}

/**
 * Collections merged: an incoming request takes the place of the one here with the same
 * collection and name (keeping the id here, so the explorer's selection holds), new ones join.
 */
function mergeCollections(
	mine: readonly Collection[],
	theirs: readonly Collection[]
): Collection[] {
	const out = copy([...mine]);
	for (const t of theirs) {
		const c = out.find((x) => x.id === t.id) ?? out.find((x) => x.name === t.name);
		if (!c) {
			out.push(copy(t));
			continue;
		}
		for (const r of t.requests) {
			const at = c.requests.findIndex((x) => x.name === r.name);
			if (at < 0) c.requests.push(copy(r));
			else c.requests[at] = { ...copy(r), id: c.requests[at]!.id };
		}
	}
	return out;
}

function mergeEnvironments(mine: readonly Environment[], theirs: readonly Environment[]) {
	const out = copy([...mine]);
	for (const t of theirs) {
		const at = out.findIndex((x) => x.name === t.name);
		if (at < 0) out.push(copy(t));
		// The id here stays: this tab's secret values are kept under it.
		else out[at] = { ...copy(t), id: out[at]!.id, values: keepSecretValues(out[at]!, t) };
	}
	return out;
}

/** Incoming values, with a secret variable left empty in the file kept as it is here. */
function keepSecretValues(mine: Environment, theirs: Environment): Record<string, string> {
	const values = { ...theirs.values };
	for (const [k, v] of Object.entries(values)) if (!v && mine.values[k]) values[k] = mine.values[k];
	return values;
}

const hostOf = (root: string) => {
	try {
		return new URL(root).host;
	} catch {
		return root;
	}
};

/** Each incoming price in place; `replace` also forgets those the incoming data has not. */
function writePrices(
	stores: DataStores,
	incoming: Record<string, PriceTable>,
	mode: 'merge' | 'replace'
): void {
	if (mode === 'replace')
		for (const [root, table] of Object.entries(stores.prices.load()))
			for (const period of Object.keys(table) as PeriodId[])
				if (incoming[root]?.[period] === undefined) stores.prices.set(root, period, null);
	for (const [root, table] of Object.entries(incoming))
		for (const [period, sun] of Object.entries(table) as [PeriodId, number][])
			stores.prices.set(root, period, sun);
}

/** Waits for every write, then rejects with the first failure, if any (none is left running). */
async function all(writes: Promise<void>[]): Promise<void> {
	const failed = (await Promise.allSettled(writes)).find((r) => r.status === 'rejected');
	if (failed) throw failed.reason;
}

/**
 * Puts `incoming` in place. `merge` (a backup, a pull): each incoming item takes the place of the
 * same item here and new ones are added; nothing here is removed. `replace` (a snapshot): every
 * kind becomes exactly what it was (History is left as it is when the data has none).
 */
export async function writeDataSet(
	stores: DataStores,
	incoming: DataSet,
	mode: 'merge' | 'replace'
): Promise<void> {
	const [collections, environments, notes, settings] = await Promise.all([
		stores.collections.load(),
		stores.environments.load(),
		stores.notes.all(),
		stores.settings.load()
	]);
	const envs =
		mode === 'replace'
			? incoming.environments.map((e) => {
					const here = environments.environments.find((x) => x.id === e.id);
					return here ? { ...e, values: keepSecretValues(here, e) } : e;
				})
			: mergeEnvironments(environments.environments, incoming.environments);
	await stores.collections.save(
		mode === 'replace'
			? copy(incoming.collections)
			: mergeCollections(collections, incoming.collections)
	);
	if (envs.length)
		await stores.environments.save({
			environments: envs,
			activeId: envs.some((e) => e.id === environments.activeId)
				? environments.activeId
				: envs[0]!.id
		});
	const wanted = new Map(incoming.notes.map((n) => [refKey(n), n]));
	const here = new Map(notes.map((n) => [refKey(n), n]));
	// Notes new here go in one transaction (2,000 one at a time took over a second); one that
	// is here and differs takes its place; an unchanged one is not written.
	const fresh = incoming.notes.filter((n) => !here.has(refKey(n)));
	if (fresh.length) await stores.notes.importNotes(fresh);
	await all(
		incoming.notes
			.filter((n) => here.has(refKey(n)) && !same(here.get(refKey(n)), n))
			.map((n) => stores.notes.put(n))
	);
	if (mode === 'replace')
		await all(
			notes.filter((n) => !wanted.has(refKey(n))).map((n) => stores.notes.delete(refKey(n)))
		);
	const plans =
		mode === 'replace'
			? incoming.plans
			: [
					...stores.plans.load().filter((p) => !incoming.plans.some((t) => t.id === p.id)),
					...incoming.plans
				];
	if (!stores.plans.save(plans)) throw new Error('The browser refused to store the reading plans.');
	await stores.tracked.import(incoming.tracked, mode === 'replace');
	if (incoming.prices) writePrices(stores, incoming.prices, mode);
	if (incoming.reminders) stores.reminders.save(incoming.reminders);
	if (incoming.history) await stores.history.importEntries(mergeHistory(incoming.history, []));
	if (!same(settings, incoming.settings)) await stores.settings.save(copy(incoming.settings));
}

/** Services whose connection the data would change. */
export const changedServices = (a: Connections, b: Connections): ServiceId[] =>
	SERVICE_IDS.filter((id) => !same(a[id], b[id]));
