/** The "new version" offer: registering the service worker, and reloading onto a waiting one. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What the user typed is kept across the reload (form-drafts.ts has its own tests).
const saveFormDrafts = vi.hoisted(() => vi.fn());
vi.mock('$lib/ui/form-drafts', () => ({ saveFormDrafts }));
const { AppUpdate } = await import('$lib/ui/app-update.svelte');

interface FakeWorker extends EventTarget {
	state: string;
	postMessage: ReturnType<typeof vi.fn>;
}
const worker = (state = 'installed'): FakeWorker =>
	Object.assign(new EventTarget(), { state, postMessage: vi.fn() });

/** A browser with a service worker container; `controlled` says a worker already runs the page. */
function browser(controlled: boolean, waiting: FakeWorker | null = null) {
	const registration = Object.assign(new EventTarget(), {
		waiting,
		installing: null as FakeWorker | null,
		update: vi.fn(() => Promise.resolve())
	});
	const container = Object.assign(new EventTarget(), {
		controller: controlled ? worker('activated') : null,
		register: vi.fn(() => Promise.resolve(registration))
	});
	const location = { reload: vi.fn(() => expect(saveFormDrafts).toHaveBeenCalled()) };
	vi.stubGlobal('navigator', { serviceWorker: container });
	vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
	vi.stubGlobal('location', location);
	return { registration, container, location };
}

beforeEach(() => {
	vi.useFakeTimers();
	saveFormDrafts.mockClear();
});
afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

describe('AppUpdate', () => {
	it('does nothing in a browser without service workers', async () => {
		vi.stubGlobal('navigator', {});
		const update = new AppUpdate();
		await update.register();
		expect(update.available).toBe(false);
	});

	it('the first install is not an update: nothing is offered', async () => {
		const { registration } = browser(false, worker());
		const update = new AppUpdate();
		await update.register();
		expect(update.available).toBe(false);
		const installing = worker('installing');
		registration.installing = installing;
		registration.dispatchEvent(new Event('updatefound'));
		installing.state = 'installed';
		installing.dispatchEvent(new Event('statechange'));
		expect(update.available).toBe(false);
	});

	it('offers a worker that waits, or one that finishes installing, when a worker runs the page', async () => {
		const waiting = browser(true, worker());
		const first = new AppUpdate();
		await first.register();
		expect(first.available).toBe(true);

		const { registration } = browser(true);
		const later = new AppUpdate();
		await later.register();
		expect(later.available).toBe(false);
		const installing = worker('installing');
		registration.installing = installing;
		registration.dispatchEvent(new Event('updatefound'));
		installing.dispatchEvent(new Event('statechange'));
		expect(later.available).toBe(false);
		installing.state = 'installed';
		installing.dispatchEvent(new Event('statechange'));
		expect(later.available).toBe(true);
		expect(waiting.container.register).toHaveBeenCalledOnce();
	});

	it('looks for a new version when the tab comes back, and every hour', async () => {
		const { registration } = browser(true);
		await new AppUpdate().register();
		document.dispatchEvent(new Event('visibilitychange'));
		expect(registration.update).toHaveBeenCalledOnce();
		vi.advanceTimersByTime(60 * 60 * 1000);
		expect(registration.update).toHaveBeenCalledTimes(2);
	});

	it('reload lets the waiting worker take over, and reloads once it controls the page', async () => {
		const waiting = worker();
		const { container, location } = browser(true, waiting);
		const update = new AppUpdate();
		await update.register();
		update.reload();
		expect(saveFormDrafts).toHaveBeenCalledOnce();
		expect(waiting.postMessage).toHaveBeenCalledExactlyOnceWith('skip-waiting');
		expect(location.reload).not.toHaveBeenCalled();
		container.dispatchEvent(new Event('controllerchange'));
		expect(location.reload).toHaveBeenCalledOnce();
	});

	it('reloads all the same when the worker never takes over, and at once when none waits', async () => {
		const { location } = browser(true, worker());
		const update = new AppUpdate();
		await update.register();
		update.reload();
		vi.advanceTimersByTime(3000);
		expect(location.reload).toHaveBeenCalledOnce();

		const none = browser(true);
		new AppUpdate().reload();
		expect(none.location.reload).toHaveBeenCalledOnce();
	});
});
