// What the shell does that the first paint does not need: the update prompt, the service
// worker's registration and the check that IndexedDB keeps data. The root layout loads this once
// the page has painted.
import { dev } from '$app/environment';
import { mount } from 'svelte';
import { appUpdate } from './app-update.svelte';
import { storageStatus } from './storage-status.svelte';
import UpdatePrompt from './UpdatePrompt.svelte';

export function start(): void {
	const prompt = document.getElementById('shell-update');
	if (prompt) mount(UpdatePrompt, { target: prompt });
	void storageStatus.probe();
	if (!dev) void appUpdate.register().catch(() => {});
}
