import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import type { EnergyState } from './service';

/** Where the demo energy service keeps its state: IndexedDB in a browser, memory elsewhere. */
export interface EnergyStore {
	load(): Promise<EnergyState | undefined>;
	save(state: EnergyState): Promise<void>;
	clear(): Promise<void>;
}

export function memoryStore(): EnergyStore {
	let state: EnergyState | undefined;
	return {
		load: async () => state,
		save: async (next) => {
			state = next;
		},
		clear: async () => {
			state = undefined;
		}
	};
}

const KEY = 'state';
let idb: UseStore | undefined;
const demoDb = () => (idb ??= createStore('demo-energy', 'kv'));

/** Survives a reload, as a real server's state would. */
export function indexedDbStore(): EnergyStore {
	return {
		load: () => get<EnergyState>(KEY, demoDb()),
		save: (state) => set(KEY, state, demoDb()),
		clear: () => clear(demoDb())
	};
}

export const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/** IndexedDB where there is one (the browser demo), memory otherwise (Node's fake servers). */
export function defaultStore(): EnergyStore {
	return hasIndexedDb() ? indexedDbStore() : memoryStore();
}
