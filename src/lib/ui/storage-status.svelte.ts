/**
 * The app-wide answer to "is this browser keeping my data?", for the one notice in the layout.
 * Stores report to storage-faults.ts (plain, so services need no Svelte); this mirrors it as state.
 */
import { onStorageFault, probeStorage } from './storage-faults';

export class StorageStatus {
	/** A store (or the start-up probe) found IndexedDB refused: data lasts for this page only. */
	unavailable = $state(false);

	constructor() {
		onStorageFault(() => (this.unavailable = true));
	}

	/** Tries IndexedDB once at start-up, so the notice shows before anything is saved. */
	probe(): Promise<boolean> {
		return probeStorage();
	}
}

export const storageStatus = new StorageStatus();
