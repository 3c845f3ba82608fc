/** Collections of saved requests: saving, opening, renaming, ordering, search, export and import. */
import {
	CollectionStore,
	exportCollections,
	ImportRefused,
	parseCollectionsFile,
	searchCollections,
	withoutSecrets,
	type Collection,
	type RequestSnapshot,
	type SavedItem
} from './collections';
import { newId, type Environment } from './environments';

export class CollectionsState {
	collections = $state<Collection[]>([]);
	search = $state('');
	message = $state<string | null>(null);
	#store: CollectionStore;

	constructor(store: CollectionStore = new CollectionStore()) {
		this.#store = store;
	}

	async load(): Promise<void> {
		const stored = await this.#store.load();
		// Anything saved before the store answered stays.
		this.collections = [
			...stored,
			...this.collections.filter((c) => !stored.some((s) => s.id === c.id))
		];
	}

	get visible(): Collection[] {
		return searchCollections(this.collections, this.search);
	}

	find(id: string): SavedItem | undefined {
		for (const c of this.collections) {
			const r = c.requests.find((x) => x.id === id);
			if (r) return r;
		}
		return undefined;
	}

	/** Saves a request under a name into a collection (made if new); secrets are left out. */
	save(name: string, collectionName: string, snapshot: RequestSnapshot): SavedItem | null {
		const clean = name.trim();
		const into = collectionName.trim() || 'My requests';
		if (!clean) {
			this.message = 'Give the request a name to save it.';
			return null;
		}
		const { snapshot: safe, dropped } = withoutSecrets(snapshot);
		const item: SavedItem = { ...safe, id: newId('req'), name: clean };
		const existing = this.collections.find((c) => c.name === into);
		this.collections = existing
			? this.collections.map((c) =>
					c === existing ? { ...c, requests: [...c.requests, item] } : c
				)
			: [...this.collections, { id: newId('col'), name: into, requests: [item] }];
		this.message =
			`Saved “${clean}” in “${into}”.` +
			(dropped.length ? ` Not saved, since they are secrets: ${dropped.join(', ')}.` : '');
		void this.#save();
		return item;
	}

	rename(id: string, name: string): void {
		const clean = name.trim();
		if (!clean) {
			this.message = 'A saved request needs a name.';
			return;
		}
		this.#edit(id, (list, i) => list.with(i, { ...list[i]!, name: clean }));
		this.message = `Renamed to “${clean}”.`;
	}

	duplicate(id: string): SavedItem | undefined {
		let copy: SavedItem | undefined;
		this.#edit(id, (list, i) => {
			copy = { ...list[i]!, id: newId('req'), name: `${list[i]!.name} (copy)` };
			return list.toSpliced(i + 1, 0, copy);
		});
		if (copy) this.message = `Duplicated as “${copy.name}”.`;
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
		this.#edit(id, (list, i) => list.toSpliced(i, 1));
		this.collections = this.collections.filter((c) => c.requests.length);
		if (item) this.message = `Deleted “${item.name}”.`;
		void this.#save();
	}

	exportFile(environments: readonly Environment[]): string {
		return exportCollections(this.collections, environments);
	}

	/**
	 * Adds a file's collections (same-named ones get its requests appended). A refused file
	 * changes nothing. Returns the environments it brought.
	 */
	importFile(text: string): Environment[] | null {
		try {
			const file = parseCollectionsFile(text);
			let list = [...this.collections];
			for (const c of file.collections) {
				const same = list.find((x) => x.name === c.name);
				list = same
					? list.map((x) => (x === same ? { ...x, requests: [...x.requests, ...c.requests] } : x))
					: [...list, c];
			}
			this.collections = list;
			const n = file.collections.reduce((s, c) => s + c.requests.length, 0);
			this.message =
				`Imported ${n} request${n === 1 ? '' : 's'} in ${file.collections.length} collection${file.collections.length === 1 ? '' : 's'}.` +
				(file.dropped.length
					? ` Secrets in the file were dropped, not imported: ${file.dropped.join('; ')}. Enter your token in the Token field.`
					: '');
			void this.#save();
			return file.environments;
		} catch (error) {
			this.message = `Not imported, nothing changed: ${error instanceof ImportRefused ? error.message : 'the file could not be read.'}`;
			return null;
		}
	}

	#edit(id: string, change: (list: SavedItem[], index: number) => SavedItem[]) {
		this.collections = this.collections.map((c) => {
			const i = c.requests.findIndex((r) => r.id === id);
			return i === -1 ? c : { ...c, requests: change(c.requests, i) };
		});
		void this.#save();
	}

	#save(): Promise<void> {
		return this.#store.save(this.collections);
	}
}
