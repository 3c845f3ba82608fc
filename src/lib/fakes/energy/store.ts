import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import type { EnergyState } from './service';

/** Where the demo energy service keeps its state: IndexedDB in a browser, memory elsewhere. */
export interface EnergyStore {
	/** `user` tells apart sandboxes (see the energy app's tokens); '' is the demo user. */
	load(user: string): Promise<EnergyState | undefined>;
	save(user: string, state: EnergyState): Promise<void>;
	clear(): Promise<void>;
}

export function memoryStore(): EnergyStore {
	const states = new Map<string, EnergyState>();
	return {
		load: async (user) => states.get(user),
		save: async (user, next) => {
			states.set(user, next);
		},
		clear: async () => {
			states.clear();
		}
	};
}

const key = (user: string) => (user ? `state:${user}` : 'state');
let idb: UseStore | undefined;
const demoDb = () => (idb ??= createStore('demo-energy', 'kv'));

/** Survives a reload, as a real server's state would. */
export function indexedDbStore(): EnergyStore {
	return {
		load: (user) => get<EnergyState>(key(user), demoDb()),
		save: (user, state) => set(key(user), state, demoDb()),
		clear: () => clear(demoDb())
	};
}

export const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/** IndexedDB where there is one (the browser demo), memory otherwise (Node's fake servers). */
export function defaultStore(): EnergyStore {
	return hasIndexedDb() ? indexedDbStore() : memoryStore();
}
