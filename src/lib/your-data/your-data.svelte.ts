/**
 * "Your data" in Settings: kept storage, one backup file, snapshots, and sync with a repository.
 * It composes the areas' stores and exports (data-set.ts) and sends through the code host's
 * connection from Settings (Demo or Live), so credentials stay on the API root's origin.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { CollectionStore } from '$lib/codehost/collections/store';
import { EnvironmentStore } from '$lib/codehost/environments/environments';
import { HistoryStore } from '$lib/codehost/history/history';
import { NotesStore } from '$lib/bible/notes/store';
import { loadPlans, plansNewer, savePlans } from '$lib/bible/plans/store';
import { browserStorage } from '$lib/energy/key-value-storage';
import { NewerData } from '$lib/ui/stored-format';
import { exportTracked, importTracked } from '$lib/energy/orders/tracker';
import { loadReminders, saveReminders } from '$lib/energy/orders/reminder-choice';
import { allPrices, writePrice } from '$lib/energy/costs/your-price.svelte';
import type { HttpClient } from '$lib/http/client';
import { connections } from '$lib/settings/area-connection.svelte';
import { SERVICE_IDS } from '$lib/settings/connection';
import { settings } from '$lib/settings/settings.svelte';
import { askToKeep, persistence, storageEstimate, type Persistence } from '$lib/ui/kept-storage';
import { formatNumber } from '$lib/ui/number-format';
import { writeBackup } from './backup';
import { readBackupFile, writeBackupFile } from './backup-file';
import {
	countItems,
	previewRestore,
	readDataSet,
	writeDataSet,
	type DataSet,
	type DataStores,
	type KindPreview
} from './data-set';
import { knownSecrets } from './known-secrets';
import type { ChangeReason } from '$lib/ui/snapshot-before';
import {
	digestOf,
	SnapshotStore,
	withHistory,
	type SnapshotMeta,
	type SnapshotReason
} from './snapshots';
import {
	baseAfterPush,
	baseOf,
	listFiles,
	planPull,
	planPush,
	pullFiles,
	pushCommit,
	SyncProblem,
	targetProblem,
	type BothChanged,
	type SyncTarget
} from './sync';
import { filesOf, idsOf, keepBoth, readFiles, withUnwritten } from './sync-files';
import { loadBase, loadTarget, loadToken, saveBase, saveTarget, saveToken } from './sync-settings';

/** The demo code host's token that may write (offered in Demo mode when none is entered). */
export const DEMO_SYNC_TOKEN = 'glpat-demo-token';
/** A demo project that token may write to (offered in Demo mode when none is entered). */
export const DEMO_SYNC_PROJECT = 'diaspora/client-1';

/** `value`, unless a newer build wrote the reading plans (NewerData then, saying so). */
function throwIfNewer<T>(value: T): T {
	const newer = plansNewer();
	if (newer) throw newer;
	return value;
}

/** The stores of this browser, with the connections put in place through Settings. */
function browserStores(): DataStores {
	const notes = new NotesStore();
	return {
		collections: new CollectionStore(),
		environments: new EnvironmentStore(),
		history: new HistoryStore(0),
		notes,
		plans: {
			// Plans a newer build kept: neither backed up as none nor written over.
			load: () => throwIfNewer(loadPlans()),
			save: (plans) => throwIfNewer(savePlans(plans))
		},
		tracked: { export: () => exportTracked(), import: (d, r) => importTracked(d, r) },
		prices: {
			load: () => allPrices(browserStorage()),
			set: (root, period, sun) => writePrice(browserStorage(), root, period, sun)
		},
		reminders: {
			load() {
				const kept = loadReminders(browserStorage());
				return kept.kind === 'kept' ? kept.choice : undefined;
			},
			save: (choice) => {
				if (!saveReminders(browserStorage(), choice))
					throw new Error('The browser refused to store the energy reminders.');
			}
		},
		settings: {
			async load() {
				await settings.load();
				return $state.snapshot(settings.connections);
			},
			async save(next) {
				for (const id of SERVICE_IDS)
					if (JSON.stringify(settings.connection(id)) !== JSON.stringify(next[id])) {
						const problem = await settings.apply(id, next[id]);
						if (problem) throw new Error(problem);
					}
			}
		}
	};
}

/** Keeps `data` as the newest snapshot; resolves to whether it was kept (not over the cap). */
async function keepSnapshot(
	snapshots: SnapshotStore,
	data: DataSet,
	reason: SnapshotReason
): Promise<boolean> {
	const kept = await snapshots.take(writeBackup(data), {
		at: Date.now(),
		reason,
		counts: countItems(data),
		digest: digestOf(JSON.stringify(data))
	});
	return !!kept;
}

/**
 * A snapshot of this browser's data before an area's own import or bulk delete (the areas call
 * it through $lib/ui/snapshot-before, which the areas' layout hands it to).
 */
export async function snapshotBefore(
	reason: ChangeReason,
	stores: DataStores = browserStores(),
	snapshots = new SnapshotStore()
): Promise<boolean> {
	const data = await readDataSet(stores, { history: withHistory(reason) });
	return keepSnapshot(snapshots, data, reason);
}

export type Choice = 'mine' | 'theirs' | 'both';

/** Sizes in characters of each area's exported data (what a backup of it takes). */
export interface AreaSizes {
	explorer: number;
	history: number;
	bible: number;
	energy: number;
	settings: number;
}

export class YourDataState {
	readonly #stores: DataStores;
	readonly #snapshots: SnapshotStore;
	persisted = $state<Persistence>('unknown');
	estimate = $state<{ usage: number; quota: number } | undefined>(undefined);
	sizes = $state<AreaSizes | undefined>(undefined);

	withHistory = $state(false);
	/** What the last action did, or why it did not: one line for the person. */
	message = $state('');
	problem = $state('');
	busy = $state(false);

	/** A chosen backup, read and checked, waiting for "Restore". */
	pending = $state.raw<{ name: string; data: DataSet; preview: KindPreview[] } | undefined>(
		undefined
	);

	snapshots = $state.raw<SnapshotMeta[]>([]);
	snapshotMessage = $state('');

	project = $state('');
	branch = $state('main');
	folder = $state('api-workbench');
	token = $state('');
	syncMessage = $state('');
	syncProblem = $state('');
	/** Files changed here and in the repository, waiting for the person's choice. */
	conflicts = $state.raw<BothChanged[]>([]);
	#choose: ((choices: Record<string, Choice> | undefined) => void) | undefined;

	readonly #codehost: (() => HttpClient) | undefined;

	/** `codehost`: the client sync sends through (else the code host connection of Settings). */
	constructor(stores?: DataStores, snapshots = new SnapshotStore(), codehost?: () => HttpClient) {
		this.#stores = stores ?? browserStores();
		this.#snapshots = snapshots;
		this.#codehost = codehost;
	}

	/** Reads what the page shows, and takes the daily snapshot when it is due. */
	async open(): Promise<void> {
		const target = loadTarget();
		// In Demo mode Push works on first open: a demo project and token are offered.
		const demo = !connections.codehost.live;
		this.project = target.project || (demo ? DEMO_SYNC_PROJECT : '');
		this.branch = target.branch;
		this.folder = target.folder;
		this.token = loadToken() || (demo ? DEMO_SYNC_TOKEN : '');
		[this.persisted, this.estimate] = await Promise.all([persistence(), storageEstimate()]);
		await this.#measure();
		await this.#daily();
	}

	async #measure(): Promise<void> {
		try {
			const data = await readDataSet(this.#stores, { history: true });
			const size = (v: unknown) => JSON.stringify(v).length;
			this.sizes = {
				explorer: size({ c: data.collections, e: data.environments }),
				history: size(data.history ?? []),
				bible: size({ n: data.notes, p: data.plans }),
				energy: size({ t: data.tracked, p: data.prices, r: data.reminders }),
				settings: size(data.settings)
			};
		} catch {
			this.sizes = undefined;
		}
	}

	async keep(): Promise<void> {
		this.persisted = await askToKeep();
	}

	async #daily(): Promise<void> {
		try {
			const data = await readDataSet(this.#stores);
			const now = Date.now();
			if (await this.#snapshots.dailyDue(digestOf(JSON.stringify(data)), now))
				await this.#take(data, 'daily');
			this.snapshots = await this.#snapshots.list();
		} catch (error) {
			// A newer build's list of snapshots: left as it is, and none is added.
			this.snapshotMessage =
				error instanceof NewerData
					? error.message
					: 'Snapshots cannot be kept: this browser refused to store them.';
		}
	}

	/** Keeps the data as a snapshot; throws when it could not be kept (the change must not go on). */
	async #take(data: DataSet, reason: SnapshotReason): Promise<void> {
		if (!(await keepSnapshot(this.#snapshots, data, reason)))
			throw new Error('The data is larger than the snapshots may take (20 MB).');
		this.snapshots = await this.#snapshots.list();
	}

	/** The backup file's text, or undefined with `problem` set when it would hold a secret. */
	async backupText(): Promise<string | undefined> {
		this.problem = '';
		const data = await readDataSet(this.#stores, { history: this.withHistory });
		let text: string;
		try {
			// Read back with the same checks (in a worker): a secret in it stops the download.
			text = await writeBackupFile(data, knownSecrets([this.token]));
		} catch (error) {
			this.problem = `The backup was not made: ${(error as Error).message}`;
			return undefined;
		}
		this.message = `Backed up ${describeCounts(countItems(data))}.`;
		return text;
	}

	/** Reads a chosen file and shows what restoring it would do; nothing changes yet. */
	async choose(file: File): Promise<void> {
		this.pending = undefined;
		this.problem = this.message = '';
		try {
			if (file.size > 30_000_000)
				throw new FileRefused('it is larger than 30 MB; a backup of this app is far smaller.');
			const data = await readBackupFile(file, knownSecrets([this.token]));
			const current = await readDataSet(this.#stores, { history: !!data.history });
			this.pending = { name: file.name, data, preview: previewRestore(current, data, 'merge') };
		} catch (error) {
			this.problem =
				error instanceof FileRefused
					? `This file was not restored, and nothing changed: ${error.message}`
					: `This file could not be read, and nothing changed: ${(error as Error).message}`;
		}
	}

	cancelRestore(): void {
		this.pending = undefined;
	}

	/** Restores the chosen backup, after a snapshot of the present state. */
	async restore(): Promise<void> {
		const pending = this.pending;
		if (!pending) return;
		await this.#run(async () => {
			const current = await readDataSet(this.#stores);
			await this.#take(current, 'restore');
			await this.#write(pending.data, 'merge', current);
			this.pending = undefined;
			this.message = `Restored from ${pending.name}. A snapshot of what was here before is under Snapshots.`;
			// The sizes after: once the status says it is done.
			await this.#measure();
		});
	}

	async restoreSnapshot(id: string): Promise<void> {
		await this.#run(async () => {
			const text = await this.#snapshots.read(id);
			if (!text) throw new Error('That snapshot is no longer kept.');
			const data = await readBackupFile(text, knownSecrets([this.token]));
			const current = await readDataSet(this.#stores);
			await this.#take(current, 'snapshot');
			await this.#write(data, 'replace', current);
			this.snapshotMessage = 'Restored the snapshot. What was here before is the newest snapshot.';
			await this.#measure();
		});
	}

	/** Writes `data`; if a write fails part way, puts `before` back whole. */
	async #write(data: DataSet, mode: 'merge' | 'replace', before: DataSet): Promise<void> {
		try {
			await writeDataSet(this.#stores, data, mode);
		} catch (error) {
			await writeDataSet(this.#stores, before, 'replace').catch(() => {});
			throw error;
		}
	}

	async #run(work: () => Promise<void>): Promise<void> {
		if (this.busy) return;
		this.busy = true;
		this.problem = this.message = this.snapshotMessage = '';
		try {
			await work();
		} catch (error) {
			this.problem = `Nothing was changed: ${(error as Error).message}`;
		} finally {
			this.busy = false;
		}
	}

	// ---- Sync ---------------------------------------------------------------------------------

	get target(): SyncTarget {
		return { project: this.project, branch: this.branch, folder: this.folder, token: this.token };
	}

	/** Keeps the fields (the token as the code host's other secrets are kept). */
	saveFields(): void {
		saveTarget(this.target);
		saveToken(this.token, settings.remember.codehost);
	}

	#client(): HttpClient {
		return (
			this.#codehost?.() ??
			connections.codehost.client({ secrets: () => knownSecrets([this.token]) })
		);
	}

	async push(): Promise<void> {
		await this.#sync(async () => {
			const t = this.target;
			const data = await readDataSet(this.#stores);
			const local = filesOf(data);
			const client = this.#client();
			const base = loadBase(t);
			const actions = planPush(local, await listFiles(client, t, 'push'), base, t);
			if (!actions.length) {
				this.syncMessage = 'Nothing to push: the repository already has your data as it is here.';
				return;
			}
			const commit = await pushCommit(client, t, actions, knownSecrets([t.token]));
			saveBase(t, baseAfterPush(base, local, actions, commit, t));
			this.syncMessage = `Pushed ${actions.length} file${actions.length === 1 ? '' : 's'} in one commit (${commit.slice(0, 8)}).`;
		});
	}

	async pull(): Promise<void> {
		await this.#sync(async () => {
			const t = this.target;
			const client = this.#client();
			const remote = await pullFiles(client, t);
			const current = await readDataSet(this.#stores);
			const local = filesOf(current);
			const plan = planPull(local, remote.files, loadBase(t));
			if (plan.conflicts.length) {
				const choices = await this.#ask(plan.conflicts);
				if (!choices) {
					this.syncMessage = 'Pull cancelled. Nothing was changed.';
					return;
				}
				for (const c of plan.conflicts) {
					const choice = choices[c.path] ?? 'mine';
					if (choice === 'theirs') plan.files.set(c.path, c.theirs);
					else if (choice === 'both') keepBoth(c.path, c.mine, c.theirs, plan.files);
				}
			}
			const pulled = withUnwritten(readFiles(plan.files, idsOf(current)), current);
			await this.#take(current, 'pull');
			await this.#write({ ...current, ...pulled }, 'replace', current);
			saveBase(t, baseOf(remote.files, remote.commits));
			const taken = plan.taken.length + plan.removed.length;
			this.syncMessage = taken
				? `Pulled: ${plan.taken.length} file${plan.taken.length === 1 ? '' : 's'} taken from the repository${plan.removed.length ? `, ${plan.removed.length} removed as there` : ''}. A snapshot of what was here before is under Snapshots.`
				: 'Pulled: nothing new in the repository. A snapshot of what was here before is under Snapshots.';
			await this.#measure();
		});
	}

	#ask(conflicts: BothChanged[]): Promise<Record<string, Choice> | undefined> {
		this.conflicts = conflicts;
		return new Promise((resolve) => (this.#choose = resolve));
	}

	/** The person's choice in "Changed in both places" (undefined: cancelled). */
	resolve(choices: Record<string, Choice> | undefined): void {
		this.conflicts = [];
		this.#choose?.(choices);
		this.#choose = undefined;
	}

	async #sync(work: () => Promise<void>): Promise<void> {
		if (this.busy) return;
		this.syncMessage = this.syncProblem = '';
		const problem = targetProblem(this.target);
		if (problem) {
			this.syncProblem = problem;
			return;
		}
		this.saveFields();
		this.busy = true;
		try {
			await work();
		} catch (error) {
			this.syncProblem =
				error instanceof SyncProblem || error instanceof FileRefused
					? error.message
					: `Nothing was changed: ${(error as Error).message}`;
		} finally {
			this.busy = false;
		}
	}
}

/** "3 saved requests, 1 environment, 2 notes…", leaving out what there is none of. */
export function describeCounts(counts: Partial<Record<string, number>>): string {
	const words: Record<string, [string, string]> = {
		requests: ['saved request', 'saved requests'],
		environments: ['environment', 'environments'],
		history: ['history entry', 'history entries'],
		notes: [
			'verse with notes, a bookmark or a highlight',
			'verses with notes, bookmarks or highlights'
		],
		plans: ['reading plan', 'reading plans'],
		tracked: ['followed order', 'followed orders'],
		prices: ['energy price', 'energy prices'],
		reminders: ['energy reminder choice', 'energy reminder choices'],
		settings: ['connection', 'connections']
	};
	const parts = Object.entries(counts)
		.filter(([, n]) => n)
		.map(([k, n]) => `${formatNumber(n ?? 0)} ${words[k]?.[n === 1 ? 0 : 1] ?? k}`);
	return parts.length ? parts.join(', ') : 'nothing yet';
}
