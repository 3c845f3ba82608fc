import { base } from '$app/paths';
import { saveFormDrafts } from './form-drafts';

/** Registers the service worker and tells the page when a new version is waiting. */
export class AppUpdate {
	available = $state(false);
	#waiting: ServiceWorker | null = null;

	async register(): Promise<void> {
		if (!('serviceWorker' in navigator)) return;
		const registration = await navigator.serviceWorker.register(`${base}/service-worker.js`, {
			scope: `${base}/`,
			type: import.meta.env.DEV ? 'module' : 'classic'
		});
		const offer = (worker: ServiceWorker | null) => {
			// The first install is not an update: only offer when a worker already controls the page.
			if (worker && navigator.serviceWorker.controller) {
				this.#waiting = worker;
				this.available = true;
			}
		};
		if (registration.waiting) offer(registration.waiting);
		registration.addEventListener('updatefound', () => {
			const installing = registration.installing;
			installing?.addEventListener('statechange', () => {
				if (installing.state === 'installed') offer(installing);
			});
		});
		// Look for a deploy when the user comes back to the tab, and hourly.
		document.addEventListener('visibilitychange', () => {
			if (document.visibilityState === 'visible') void registration.update().catch(() => {});
		});
		setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
	}

	/** Keeps what the user typed, lets the new worker take over, then reloads. */
	reload(): void {
		saveFormDrafts();
		const worker = this.#waiting;
		if (!worker) {
			location.reload();
			return;
		}
		navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
			once: true
		});
		worker.postMessage('skip-waiting');
		// If the worker never takes over (it failed to activate), reload all the same.
		setTimeout(() => location.reload(), 3000);
	}
}

export const appUpdate = new AppUpdate();
