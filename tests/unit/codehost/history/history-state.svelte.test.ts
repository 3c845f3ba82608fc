/**
 * History's state: a request is shown and stored at once; a Fetch all pages run's pages wait until
 * the walk draws its progress (showNow), and are then made into entries (redacted with the secrets
 * known then), shown newest first and stored, so the walk's next request waits for none of it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeState } from '$lib/codehost/exchange.svelte';
import { HistoryStore, type HistoryEntry } from '$lib/codehost/history/history';
import { HistoryState } from '$lib/codehost/history/history-state.svelte';
import type { Exchange } from '$lib/http/exchange';
import { provideSnapshots, UNDO_NOTE } from '$lib/ui/snapshot-before';
import { clearHistory, storedEntries } from './stored-history';

const ROOT = 'https://codehost.example/api/v4';
const stored = storedEntries;

let n = 0;
function exchange(path: string, body = '[]'): Exchange {
	n++;
	return {
		id: n,
		startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
		method: 'GET',
		url: `${ROOT}${path}`,
		requestHeaders: { accept: 'application/json' },
		status: 200,
		responseHeaders: { 'content-type': 'application/json' },
		responseBody: body,
		durationMs: 3,
		sizeBytes: body.length,
		retries: 0
	};
}

/** A History over IndexedDB whose explorer knows `secrets` (changeable). */
function setup(secrets: string[] = []) {
	const known = { secrets };
	const x = {
		apiRoot: ROOT,
		get secrets() {
			return known.secrets;
		}
	} as unknown as ExchangeState;
	const store = new HistoryStore(0);
	return { history: new HistoryState(() => x, store), store, known };
}

const saved = {
	method: 'GET',
	path: '/projects',
	query: '',
	params: '',
	bodyKind: 'query' as const
};

beforeEach(async () => {
	await clearHistory();
});
afterEach(() => vi.useRealTimers());

describe('HistoryState', () => {
	it('shows and stores a request at once, with the request to send again', async () => {
		const { history } = setup();
		history.record(exchange('/projects'), saved);
		expect(history.entries).toHaveLength(1);
		expect(history.entries[0]).toMatchObject({ path: '/projects', request: saved });
		await history.load();
		expect((await stored()).map((e) => e.path)).toEqual(['/projects']);
	});

	it("keeps a run's pages until they are shown, then shows them newest first in one row and stores them", async () => {
		const { history } = setup();
		history.record(exchange('/projects?page=1'), undefined, 'run-a');
		history.record(exchange('/projects?page=2'), undefined, 'run-a');
		history.record(exchange('/projects?page=3'), undefined, 'run-a');
		// Nothing of the run is drawn or written while its pages come.
		expect(history.entries).toEqual([]);
		await new Promise((r) => setTimeout(r, 20));
		expect(await stored()).toEqual([]);

		history.showNow();
		expect(history.entries.map((e) => e.url.split('page=')[1])).toEqual(['3', '2', '1']);
		expect(history.entries.every((e) => e.run === 'run-a' && !e.request)).toBe(true);
		expect(history.rows).toHaveLength(1);
		expect(history.rows[0]).toMatchObject({ pages: 3, run: 'run-a' });
		await history.load();
		expect(await stored()).toHaveLength(3);
	});

	it("redacts a run's pages with the secrets known when they are shown", async () => {
		const { history, known } = setup();
		history.record(exchange('/projects?x=tok-1234', '[{"echo":"tok-1234"}]'), undefined, 'run-b');
		known.secrets = ['tok-1234'];
		history.showNow();
		const [entry] = history.entries;
		expect(entry!.url).toBe(`${ROOT}/projects?x=[redacted]`);
		expect(entry!.responseBody).toBe('[{"echo":"[redacted]"}]');
		await history.load();
		expect(JSON.stringify(await stored())).not.toContain('tok-1234');
	});

	it("shows a run's pages within a second when nothing shows them sooner", async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const { history } = setup();
		history.record(exchange('/projects?page=1'), undefined, 'run-c');
		vi.advanceTimersByTime(999);
		expect(history.entries).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(history.entries).toHaveLength(1);
	});

	it("a request between a run's pages shows the pages that came before it too", async () => {
		const { history } = setup();
		history.record(exchange('/projects?page=1'), undefined, 'run-d');
		history.record(exchange('/users'), saved);
		expect(history.entries.map((e) => e.path)).toEqual(['/users', '/projects']);
		await history.load();
		expect((await stored()).map((e) => e.path)).toEqual(['/users', '/projects']);
	});

	it('reading the store again keeps what waited to be shown, and clearing drops it', async () => {
		const { history } = setup();
		history.record(exchange('/projects?page=1'), undefined, 'run-e');
		await history.load();
		expect(history.entries.map((e) => e.run)).toEqual(['run-e']);
		history.record(exchange('/projects?page=2'), undefined, 'run-e');
		await history.clear();
		expect(history.entries).toEqual([]);
		await history.load();
		expect(history.entries).toEqual([]);
	});

	it('Clear history keeps a snapshot of the entries first, and says it can be undone', async () => {
		const { history } = setup();
		history.record(exchange('/projects'), undefined);
		await history.load();
		const seen: number[] = [];
		provideSnapshots(() =>
			Promise.resolve(async () => {
				seen.push((await stored()).length);
				return true;
			})
		);
		try {
			await history.clear();
		} finally {
			provideSnapshots(undefined);
		}
		expect(seen).toEqual([1]);
		expect(await stored()).toEqual([]);
		expect(history.message).toBe(`History cleared.${UNDO_NOTE}`);
	});
});

describe('reading what is stored', () => {
	it('while it reads, the entries shown stay; when it fails, the problem is said and they stay', async () => {
		const { history, store } = setup();
		history.record(exchange('/projects'), saved);
		await history.load();
		let fail!: (error: unknown) => void;
		vi.spyOn(store, 'list').mockImplementation(
			() => new Promise<HistoryEntry[]>((_, reject) => (fail = reject))
		);
		const loading = history.load();
		expect(history.reading.loading).toBe(true);
		expect(history.entries.map((e) => e.path)).toEqual(['/projects']);
		fail(new DOMException('The database connection is closing.', 'InvalidStateError'));
		await loading;
		expect(history.reading.problem?.message).toBe('This browser could not read your History.');
		expect(history.entries.map((e) => e.path)).toEqual(['/projects']);
	});

	it('a reading still on its way when the explorer closes is not shown', async () => {
		const { history: before, store } = setup();
		before.record(exchange('/user'), saved);
		await before.load();
		const closing = new AbortController();
		const x = { apiRoot: ROOT, secrets: [] } as unknown as ExchangeState;
		const history = new HistoryState(() => x, store, closing.signal);
		const loading = history.load();
		closing.abort();
		await loading;
		expect(history.entries).toEqual([]);
		expect(history.reading.problem).toBeUndefined();
	});
});
