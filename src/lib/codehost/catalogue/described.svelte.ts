/**
 * The API descriptions in the endpoint list, for the page: read once from IndexedDB, added by an
 * import, removed by the person. The path field's completion and the endpoint's details read
 * `list`; the explorer's workspace holds the one instance, so an import shows at once.
 */
import { DescribedStore } from './described-store';
import type { ApiDescription } from './described';

export class DescribedCatalogue {
	list = $state<ApiDescription[]>([]);
	#store: DescribedStore;
	#loading: Promise<void> | undefined;

	constructor(store: DescribedStore = new DescribedStore()) {
		this.#store = store;
	}

	/** Reads what is kept, once; a browser that refuses IndexedDB leaves the list empty. */
	load(): Promise<void> {
		this.#loading ??= this.#store.load().then(
			(kept) => {
				// Anything added before the read answered stays.
				const added = this.list;
				this.list = [...kept.filter((d) => !added.some((a) => a.id === d.id)), ...added];
			},
			() => undefined
		);
		return this.#loading;
	}

	/** Keeps a description (a newer version replaces the one of its id). Throws what the store throws. */
	async put(description: ApiDescription): Promise<void> {
		await this.load();
		await this.#store.put(description);
		const at = this.list.findIndex((d) => d.id === description.id);
		this.list = at < 0 ? [...this.list, description] : this.list.with(at, description);
	}

	/** Takes a description out of the endpoint list; the saved requests it made stay. */
	async remove(id: string): Promise<void> {
		await this.#store.remove(id);
		this.list = this.list.filter((d) => d.id !== id);
	}
}
