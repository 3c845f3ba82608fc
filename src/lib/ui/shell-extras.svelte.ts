// What the shell does that the first paint does not need: the update prompt, the service
// worker's registration, and the notice that says when this browser keeps nothing (with its
// check of IndexedDB). The root layout loads this once the page has painted.
import { dev } from '$app/environment';
import { mount } from 'svelte';
import { appUpdate } from './app-update.svelte';
import { storageStatus } from './storage-status.svelte';
import StorageNotice from './StorageNotice.svelte';
import UpdatePrompt from './UpdatePrompt.svelte';

export function start(): void {
	const slot = document.getElementById('shell-update');
	if (slot) {
		// The notice goes where the update prompt does: between the header and the page.
		mount(StorageNotice, { target: slot });
		mount(UpdatePrompt, { target: slot });
	}
	void storageStatus.probe();
	if (!dev) void appUpdate.register().catch(() => {});
}
