/**
 * Snapshots of your data in IndexedDB: taken before a restore, a pull, an area's own import or
 * bulk delete, and once a day when something changed; the newest SNAPSHOT_LIMITS.count are kept within SNAPSHOT_LIMITS.bytes. Each
 * is a backup file (without History, but for the one before History is cleared), so it is read back with the same checks and migrations.
 * No Svelte here.
 */
import { createStore, get, promisifyRequest, type UseStore } from 'idb-keyval';
import type { ChangeReason } from '$lib/ui/snapshot-before';
import { checkFormat, formatOf } from '$lib/ui/stored-format';
import type { Kind } from './data-set';

export const SNAPSHOT_LIMITS = { count: 10, bytes: 20_000_000, dailyMs: 24 * 3_600_000 };

export type SnapshotReason = 'daily' | 'restore' | 'pull' | 'snapshot' | ChangeReason;

export const REASON_NAMES: Record<SnapshotReason, string> = {
	daily: 'Daily',
	restore: 'Before restoring a backup',
	pull: 'Before a pull from the repository',
	snapshot: 'Before restoring a snapshot',
	'import-collections': 'Before importing into Collections',
	'clear-history': 'Before clearing History',
	'import-notes': 'Before importing Bible notes'
};

/** Whether a snapshot for this reason keeps History too (clearing it is undone from it). */
export const withHistory = (reason: SnapshotReason): boolean => reason === 'clear-history';

export interface SnapshotMeta {
	id: string;
	/** ms since the epoch. */
	at: number;
	reason: SnapshotReason;
	counts: Partial<Record<Kind, number>>;
	/** Characters of its file (what the size cap counts). */
	chars: number;
	/** A digest of the data (not of the file's date): "nothing changed since" is this equal. */
	digest: string;
}

/** A short digest of a text (FNV-1a, two rounds): tells two data sets apart, never a secret. */
export function digestOf(text: string): string {
	let out = '';
	for (const seed of [0x811c9dc5, 0x01000193]) {
		let h = seed;
		for (let i = 0; i < text.length; i++) {
			h ^= text.charCodeAt(i);
			h = Math.imul(h, 0x01000193);
		}
		out += (h >>> 0).toString(16).padStart(8, '0');
	}
	return `${out}-${text.length}`;
}

/**
 * The list of snapshots, one record. Format 2: `{ format: 2, snapshots }`; format 1 (builds before
 * versions) was the list itself, and is written back as format 2 when read. A list of a newer
 * format is never written over (NewerData), and no snapshot is added beside it.
 */
export const META = 'meta';
export const SNAPSHOTS_FORMAT = 2;

/** The snapshots a stored list holds (format 1 or 2); throws NewerData for a newer one. */
function readList(stored: unknown): SnapshotMeta[] {
	checkFormat(stored, SNAPSHOTS_FORMAT, 'snapshots');
	const list = formatOf(stored) === 1 ? stored : (stored as { snapshots?: unknown }).snapshots;
	return Array.isArray(list) ? (list as SnapshotMeta[]) : [];
}

const listRecord = (snapshots: SnapshotMeta[]) => ({ format: SNAPSHOTS_FORMAT, snapshots });

export class SnapshotStore {
	#store: UseStore | undefined;
	readonly #name: string;

	constructor(name = 'your-data-snapshots') {
		this.#name = name;
	}

	#db(): UseStore {
		this.#store ??= createStore(this.#name, 'kv');
		return this.#store;
	}

	/**
	 * Newest first. A format-1 list is written back as format 2 in the same transaction. Throws
	 * NewerData if a newer build wrote the list (nothing is changed).
	 */
	async list(): Promise<SnapshotMeta[]> {
		const list = await this.#db()('readwrite', async (store) => {
			const stored: unknown = await promisifyRequest(store.get(META));
			const list = readList(stored);
			if (stored !== undefined && formatOf(stored) < SNAPSHOTS_FORMAT)
				store.put(listRecord(list), META);
			await promisifyRequest(store.transaction);
			return list;
		});
		return list.sort((a, b) => b.at - a.at);
	}

	async read(id: string): Promise<string | undefined> {
		return get<string>(`snap:${id}`, this.#db());
	}

	/**
	 * Keeps `text` as the newest snapshot, then drops the oldest beyond the count and the size cap,
	 * all in one transaction. A single snapshot larger than the cap is not kept (the result says
	 * so). Throws NewerData if a newer build wrote the list: then nothing is written.
	 */
	async take(
		text: string,
		meta: Omit<SnapshotMeta, 'id' | 'chars'>
	): Promise<SnapshotMeta | undefined> {
		if (text.length > SNAPSHOT_LIMITS.bytes) return undefined;
		const id = `${meta.at.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
		const entry: SnapshotMeta = { ...meta, id, chars: text.length };
		await this.#db()('readwrite', async (store) => {
			const current = readList(await promisifyRequest(store.get(META)));
			const all = [entry, ...current].sort((a, b) => b.at - a.at);
			const kept: SnapshotMeta[] = [];
			let chars = 0;
			for (const s of all) {
				if (kept.length < SNAPSHOT_LIMITS.count && chars + s.chars <= SNAPSHOT_LIMITS.bytes) {
					kept.push(s);
					chars += s.chars;
				} else if (s !== entry) store.delete(`snap:${s.id}`);
			}
			if (kept.includes(entry)) store.put(text, `snap:${id}`);
			store.put(listRecord(kept), META);
			await promisifyRequest(store.transaction);
		});
		return entry;
	}

	/** Whether a daily snapshot is due: none in the last day, and the data differs from the newest. */
	async dailyDue(digest: string, now: number): Promise<boolean> {
		const [newest] = await this.list();
		if (!newest) return true;
		return newest.digest !== digest && now - newest.at >= SNAPSHOT_LIMITS.dailyMs;
	}
}
