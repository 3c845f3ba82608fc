/** Collections of saved requests: saving, opening, renaming, ordering, search, export and import. */
import { FileRefused } from '$lib/ui/file-refused';
import { AsyncResult } from '$lib/ui/async-result.svelte';
import { freeSpace, notReadProblem, notSavedFull, StorageFull } from '$lib/ui/storage-faults';
import type { CodehostRequest } from '../request/request';
import { CollectionStore, NewerFormat } from './store';
import { ApiProblem } from '$lib/http/problem';
import {
	checksOf,
	exportCollections,
	parseCollectionsFile,
	searchCollections,
	withoutSecrets,
	type Collection,
	type ImportedFile,
	type SavedRequest
} from './collections';
import { newId, type Environment } from '../environments/environments';
import type { RequestChecks } from '../runner/checks';

/** One edit, as a function of the list: applied here at once, then to what is stored. */
type Change = (list: Collection[]) => Collection[];

export const STORAGE_FULL = notSavedFull(
	'Your saved requests from before are kept as they were.',
	freeSpace()
);

/** Said when the saved requests were written by a newer build: they are left as they are. */
export const NEWER_FORMAT = {
	message: 'Your saved requests were saved by a newer version of this app.',
	hint: 'Open the newest version to see them; nothing here was changed.'
};

/** Tells other tabs of this app that the collections changed, so they show it without a reload. */
const CHANNEL = 'codehost-collections';

export class CollectionsState {
	collections = $state<Collection[]>([]);
	search = $state('');
	message = $state<string | null>(null);
	/**
	 * Reading what is stored (at the start, and when another tab saved): while it reads, the
	 * collections shown stay; if it fails, the problem is shown and so are they.
	 */
	readonly reading = new AsyncResult<Collection[]>({
		toProblem: (error) =>
			error instanceof NewerFormat
				? new ApiProblem({ kind: 'parse', ...NEWER_FORMAT, cause: error })
				: notReadProblem('your saved requests', error)
	});
	#store: CollectionStore;
	/** Edits shown but not yet written, oldest first: re-applied over what the store returns. */
	#pending: Change[] = [];
	#chain: Promise<void> = Promise.resolve();
	#channel: BroadcastChannel | undefined;

	constructor(store: CollectionStore = new CollectionStore()) {
		this.#store = store;
	}

	/** Reads what is stored; anything saved before the store answered stays. */
	load(): Promise<void> {
		this.#listen();
		// Asked at once, not after the page's first drawing: the saved requests are shown as soon
		// as the store answers. With no edit on its way, this read cannot pass a write.
		const stored = this.#pending.length ? undefined : this.#store.load();
		stored?.catch(() => {});
		return this.#refresh(stored);
	}

	/** Resolves once every edit made so far is written (or refused). */
	settled(): Promise<void> {
		return this.#chain;
	}

	get visible(): Collection[] {
		return searchCollections(this.collections, this.search);
	}

	find(id: string): SavedRequest | undefined {
		for (const c of this.collections) {
			const r = c.requests.find((x) => x.id === id);
			if (r) return r;
		}
		return undefined;
	}

	/** Saves a request under a name into a collection (made if new); secrets are left out. */
	save(
		name: string,
		collectionName: string,
		request: CodehostRequest,
		checks: Partial<RequestChecks> = {}
	): SavedRequest | null {
		const clean = name.trim();
		const into = collectionName.trim() || 'My requests';
		if (!clean) {
			this.message = 'Give the request a name to save it.';
			return null;
		}
		const { request: safe, dropped } = withoutSecrets(request);
		const item: SavedRequest = { ...safe, ...checksOf(checks), id: newId('req'), name: clean };
		const collectionId = newId('col');
		this.message =
			`Saved “${clean}” in “${into}”.` +
			(dropped.length ? ` Not saved, since they are secrets: ${dropped.join(', ')}.` : '');
		void this.#apply((list) => {
			const existing = list.find((c) => c.name === into);
			return existing
				? list.map((c) => (c === existing ? { ...c, requests: [...c.requests, item] } : c))
				: [...list, { id: collectionId, name: into, requests: [item] }];
		});
		return item;
	}

	/** Replaces a saved request's assertions and the variables it sets from its answer. */
	setChecks(id: string, checks: Partial<RequestChecks>): void {
		this.#edit(id, (list, i) => {
			const { assertions: _a, extractions: _e, ...rest } = list[i]!;
			return list.with(i, { ...rest, ...checksOf(checks) });
		});
	}

	rename(id: string, name: string): void {
		const clean = name.trim();
		if (!clean) {
			this.message = 'A saved request needs a name.';
			return;
		}
		this.message = `Renamed to “${clean}”.`;
		this.#edit(id, (list, i) => list.with(i, { ...list[i]!, name: clean }));
	}

	duplicate(id: string): SavedRequest | undefined {
		const item = this.find(id);
		if (!item) return undefined;
		const copy: SavedRequest = { ...item, id: newId('req'), name: `${item.name} (copy)` };
		this.message = `Duplicated as “${copy.name}”.`;
		this.#edit(id, (list, i) => list.toSpliced(i + 1, 0, copy));
		return copy;
	}

	/** Moves a request one place up (-1) or down (+1) in its collection. */
	move(id: string, by: -1 | 1): void {
		this.#edit(id, (list, i) => {
			const j = i + by;
			if (j < 0 || j >= list.length) return list;
			const next = [...list];
			[next[i], next[j]] = [next[j]!, next[i]!];
			return next;
		});
	}

	remove(id: string): void {
		const item = this.find(id);
		if (item) this.message = `Deleted “${item.name}”.`;
		this.#edit(id, (list, i) => list.toSpliced(i, 1));
	}

	exportFile(environments: readonly Environment[]): string {
		return exportCollections(this.collections, environments);
	}

	/**
	 * Adds a file's collections (same-named ones get its requests appended): its text, or what
	 * the import worker read from it. A refused file changes nothing. Returns the environments it
	 * brought.
	 */
	importFile(input: string | ImportedFile): Environment[] | null {
		let file: ImportedFile;
		try {
			file = typeof input === 'string' ? parseCollectionsFile(input) : input;
		} catch (error) {
			this.message = `Not imported, nothing changed: ${error instanceof FileRefused ? error.message : 'the file could not be read.'}`;
			return null;
		}
		const n = file.collections.reduce((s, c) => s + c.requests.length, 0);
		this.message =
			`Imported ${n} request${n === 1 ? '' : 's'} in ${file.collections.length} collection${file.collections.length === 1 ? '' : 's'}.` +
			(file.dropped.length
				? ` Secrets in the file were dropped, not imported: ${file.dropped.join('; ')}. Enter your token in the Token field.`
				: '');
		void this.#apply(appended(file.collections));
		return file.environments;
	}

	/**
	 * Adds collections (same-named ones get their requests appended) in one write, as another
	 * tool's import does; resolves to whether it was written (if not, `message` says why and
	 * nothing of it is kept).
	 */
	add(incoming: readonly Collection[]): Promise<boolean> {
		return this.#apply(appended(incoming));
	}

	/** Takes out the saved requests of these ids in one write (an import undone); empty collections go. */
	removeAll(ids: ReadonlySet<string>): Promise<boolean> {
		return this.#apply((list) =>
			list
				.map((c) => ({ ...c, requests: c.requests.filter((r) => !ids.has(r.id)) }))
				.filter((c) => c.requests.length)
		);
	}

	/**
	 * Brings the requests an API description made up to a newer version of it, in one write:
	 * requests replaced in place (by id), requests taken out, and new ones added (into their
	 * collection by name). Resolves to whether it was written.
	 */
	sync(change: {
		replace: ReadonlyMap<string, SavedRequest>;
		remove: ReadonlySet<string>;
		add: readonly Collection[];
	}): Promise<boolean> {
		const add = appended(change.add);
		return this.#apply((list) =>
			add(
				list
					.map((c) => ({
						...c,
						requests: c.requests
							.filter((r) => !change.remove.has(r.id))
							.map((r) => change.replace.get(r.id) ?? r)
					}))
					.filter((c) => c.requests.length)
			)
		);
	}

	/** An edit of one request, wherever it is now; a collection left empty goes. */
	#edit(id: string, change: (list: SavedRequest[], index: number) => SavedRequest[]) {
		void this.#apply((list) =>
			list
				.map((c) => {
					const i = c.requests.findIndex((r) => r.id === id);
					return i === -1 ? c : { ...c, requests: change(c.requests, i) };
				})
				.filter((c) => c.requests.length)
		);
	}

	/**
	 * Shows the edit at once and writes it after the ones before. The store applies it to what is
	 * stored then (another tab's edits included) and that is what is shown next. Resolves to
	 * whether it was written.
	 */
	#apply(change: Change): Promise<boolean> {
		this.collections = change(this.collections);
		this.#pending.push(change);
		const written = this.#chain.then(async () => {
			let kept: Collection[];
			let ok = true;
			try {
				kept = await this.#store.update(change);
				this.#channel?.postMessage('changed');
			} catch (error) {
				ok = false;
				// Nothing of this edit was written: what is stored is shown again, as it was.
				this.message =
					error instanceof StorageFull
						? STORAGE_FULL
						: error instanceof NewerFormat
							? `Not saved. ${NEWER_FORMAT.message} ${NEWER_FORMAT.hint}`
							: 'Not saved: this browser could not write your saved requests. Try again.';
				// A newer build's store is not read either: nothing of it is shown.
				kept = await this.#store.load().catch(() => []);
			} finally {
				this.#pending.shift();
			}
			this.#show(kept);
			return ok;
		});
		this.#chain = written.then(() => undefined);
		return written;
	}

	/** Shows what is stored now (read already, or read after the writes on their way). */
	#refresh(stored?: Promise<Collection[]>): Promise<void> {
		this.#chain = this.#chain.then(async () => {
			const read = await this.reading.run(() => stored ?? this.#store.load());
			if (read.shown) this.#show(read.value);
		});
		return this.#chain;
	}

	/** What is stored, with the edits still on their way on top. */
	#show(kept: Collection[]) {
		this.collections = this.#pending.reduce((list, change) => change(list), kept);
	}

	/** Another tab saved: show its edits (and ours still on their way). */
	#listen() {
		if (this.#channel || typeof BroadcastChannel === 'undefined') return;
		this.#channel = new BroadcastChannel(CHANNEL);
		this.#channel.onmessage = () => void this.#refresh();
		// In Node (the unit tests) an open channel would keep the process alive.
		(this.#channel as { unref?: () => void }).unref?.();
	}
}

/** The change that adds `incoming`: a same-named collection gets their requests appended. */
function appended(incoming: readonly Collection[]): Change {
	return (list) => {
		let next = list;
		for (const c of incoming) {
			const same = next.find((x) => x.name === c.name);
			next = same
				? next.map((x) => (x === same ? { ...x, requests: [...x.requests, ...c.requests] } : x))
				: [...next, c];
		}
		return next;
	};
}
