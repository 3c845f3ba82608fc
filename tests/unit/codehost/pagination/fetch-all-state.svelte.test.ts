/**
 * Fetch all pages as the explorer runs it, against the demo code host: the walk and History's row
 * of it are drawn on one clock (the same task), every page is recorded, and the walk sends all its
 * pages through one client.
 */
import { AreaSession } from '$lib/settings/area-session.svelte';
import { describe, expect, it, vi } from 'vitest';
import { ExplorerState } from '$lib/codehost/explorer.svelte';
import { HistoryStore } from '$lib/codehost/history/history';
import { createClient } from '$lib/http/client';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { ROOT } from '../explorer-over';

/** An explorer over the demo code host that counts the clients made for it. */
function setup(transport?: typeof fetch) {
	const app = createCodehostApp();
	const demo: typeof fetch = async (input, init) => app.fetch(new Request(input, init));
	let clients = 0;
	const explorer = new ExplorerState(
		new AreaSession({
			service: 'codehost',
			mode: 'demo',
			apiRoot: ROOT,
			secret: '',
			client: ({ secrets, onExchange } = {}) => {
				clients++;
				return createClient({
					baseUrl: ROOT,
					transport: transport ?? demo,
					secrets,
					onExchange,
					env: { online: () => true, pageOrigin: () => undefined }
				});
			}
		}),
		new HistoryStore(0)
	);
	return { explorer, clients: () => clients, app };
}

describe('FetchAllState', () => {
	it("draws History's row of the run in the same task as the walk's progress, never on a clock of its own", async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
		const settle = async (until: () => boolean) => {
			for (let i = 0; i < 500 && !until(); i++) await new Promise((r) => setImmediate(r));
			expect(until()).toBe(true);
		};
		try {
			const app = createCodehostApp();
			let sent = 0;
			let letGo = () => {};
			const gate = new Promise<void>((resolve) => (letGo = resolve));
			const { explorer } = setup(async (input, init) => {
				sent++;
				if (sent === 4) await gate;
				return app.fetch(new Request(input, init));
			});
			explorer.form.query = 'per_page=5';
			await explorer.exchange.send();
			explorer.allPages.cap = 3;
			const walk = explorer.allPages.run();
			await settle(() => sent === 4);
			expect(explorer.history.rows).toHaveLength(1);
			// The walk's first drawing: its count and History's row of it, both with two pages.
			vi.advanceTimersByTime(0);
			expect(explorer.allPages.progress).toMatchObject({ pages: 2 });
			expect(explorer.history.rows.map((r) => r.pages)).toEqual([2, 1]);
			// The end draws both at once too.
			letGo();
			await walk;
			expect(explorer.history.rows.map((r) => r.pages)).toEqual([3, 1]);
			expect(explorer.history.entries).toHaveLength(4);
		} finally {
			vi.useRealTimers();
		}
	});

	it('sends every page of a walk through one client, and records each page in History', async () => {
		const { explorer, clients } = setup();
		explorer.form.query = 'per_page=5';
		await explorer.exchange.send();
		const before = clients();
		explorer.allPages.cap = 6;
		await explorer.allPages.run();
		expect(explorer.allPages.result).toMatchObject({ reason: 'cap', pages: 6, items: 30 });
		expect(clients() - before).toBe(1);
		expect(explorer.history.rows[0]).toMatchObject({ pages: 6 });
		expect(explorer.history.entries.filter((e) => e.run)).toHaveLength(6);
		// A walk started again has its own client and its own History row.
		await explorer.allPages.run();
		expect(clients() - before).toBe(2);
		expect(explorer.history.rows.map((r) => r.pages)).toEqual([6, 6, 1]);
	});

	it('works the secrets out once per walk, not once per page', async () => {
		const worked = async (pages: number) => {
			const { explorer } = setup();
			explorer.form.query = 'per_page=2';
			await explorer.exchange.send();
			const read = vi.spyOn(explorer.environments, 'secretValues', 'get');
			explorer.allPages.cap = pages;
			await explorer.allPages.run();
			expect(explorer.allPages.result).toMatchObject({ pages });
			return read.mock.calls.length;
		};
		// Working them out reads every variable and the form's headers and query.
		expect(await worked(12)).toBe(await worked(3));
	});

	it("asks for a walk's next page before the page before is read and recorded in History", async () => {
		const app = createCodehostApp();
		const events: string[] = [];
		const pageOf = (url: string) => new URL(url).searchParams.get('page') ?? '1';
		const { explorer } = setup(async (input, init) => {
			const request = new Request(input, init);
			events.push(`asked for page ${pageOf(request.url)}`);
			return app.fetch(request);
		});
		explorer.form.query = 'per_page=5';
		await explorer.exchange.send();
		const record = explorer.history.record.bind(explorer.history);
		vi.spyOn(explorer.history, 'record').mockImplementation((exchange, saved, run) => {
			events.push(`recorded page ${pageOf(exchange.url)}`);
			record(exchange, saved, run);
		});
		events.length = 0;
		explorer.allPages.cap = 3;
		await explorer.allPages.run();
		expect(explorer.allPages.result).toMatchObject({ reason: 'cap', pages: 3 });
		expect(events).toEqual([
			'asked for page 1',
			'asked for page 2',
			'recorded page 1',
			'asked for page 3',
			'recorded page 2',
			'recorded page 3'
		]);
	});
});
