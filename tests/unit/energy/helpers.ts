import { createClient, type ClientOptions, type HttpClient } from '$lib/http/client';
import { AreaSession, type SessionClock } from '$lib/settings/area-session.svelte';
import { createEnergyApp, DEMO_ENERGY_TOKEN } from '$lib/fakes/energy/app';
import { defaultTiming } from '$lib/fakes/energy/service';
import { memoryStore } from '$lib/fakes/energy/store';
import type { PageVisibility } from '$lib/energy/orders/poller';
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import type { Account, CreatedOrder, Order } from '$lib/energy/schemas';

export const BASE = 'https://energy.demo/api/v1/private';
/** A valid address the demo has not seen (the USDT contract's address). */
export const FRESH = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * An energy session over `client` (read at each request, so a test can change it under the
 * session, as Settings would) for `apiRoot`, its timers on `clock` (a manualEnv's to move time
 * by hand): what a dashboard is made from.
 */
export function energySession(
	client: () => HttpClient,
	apiRoot = BASE,
	clock?: SessionClock
): AreaSession<'energy'> {
	return new AreaSession<'energy'>(
		{
			service: 'energy',
			mode: 'demo',
			apiRoot,
			secret: '',
			client
		},
		clock
	);
}

/** An hour of 65,000 energy for FRESH: the purchase most tests place. */
export const HOUR_REQUEST = {
	format: 'json',
	to: FRESH,
	period_type: 'hours',
	period_amount: 1,
	amount_source: 'amount',
	amount: 65000
} satisfies BuyRequest;

/** An order as `order/get` answers it: 1 energy for FRESH for an hour, paid, unless patched. */
export const sampleOrder = (patch: Partial<Order> = {}): Order => ({
	guid: 1,
	estimate_task_id: null,
	status: 0,
	order_cost: '1.000000',
	to: FRESH,
	energy_amount: 1,
	period_type: 'hours',
	hours: 1,
	days: 0,
	energy_delegation_fee: '0.000000',
	address_activation_fee: '0.000000',
	estimate_task: null,
	payment_status: 1,
	order_cost_paid: '1.000000',
	resource_txs: [],
	...patch
});

export interface Harness {
	client: HttpClient;
	clock: { t: number; now(): number };
	requests: Request[];
	/**
	 * Makes the next request whose path ends with `path` fail as if the connection dropped;
	 * with `afterHandling`, the service handles it first (the answer is what gets lost); with
	 * `skip`, that many such requests pass first.
	 */
	failNext(path: string, afterHandling?: boolean, skip?: number): void;
	/** The next request on `path` is handled twice, as a browser's own re-send would do. */
	doubleNext(path: string): void;
	/** The next `times` requests whose path contains `part` get 429 with Retry-After. */
	throttleNext(part: string, times: number, retryAfterSeconds: number): void;
	/** Once a request on `path` is answered, every later request waits until `release()`. */
	pauseAfter(path: string): { release(): void };
}

/** The demo service over an in-memory transport, with a clock the test moves. */
export function energyHarness(
	options: { token?: string | null; stepMs?: number; timeoutMs?: number } = {}
): Harness {
	const clock = {
		t: 1_700_000_000_000,
		now() {
			return this.t;
		}
	};
	const app = createEnergyApp({
		clock,
		store: memoryStore(),
		timing: () => defaultTiming(options.stepMs ?? 3000)
	});
	const requests: Request[] = [];
	const drops: { path: string; afterHandling: boolean; skip: number }[] = [];
	const doubles: string[] = [];
	const throttles: { part: string; times: number; retryAfterSeconds: number }[] = [];
	const pause: { after: string | null; gate: Promise<void> | null; open: () => void } = {
		after: null,
		gate: null,
		open: () => undefined
	};
	const headers: Record<string, string> = { accept: 'application/json' };
	const token = options.token === undefined ? DEMO_ENERGY_TOKEN : options.token;
	if (token !== null) headers.Token = token;
	const client = createClient({
		baseUrl: BASE,
		headers,
		timeoutMs: options.timeoutMs,
		env: { online: () => true, pageOrigin: () => undefined },
		transport: async (input, init) => {
			const request = new Request(input, init);
			if (pause.gate) await pause.gate;
			requests.push(request.clone());
			const i = drops.findIndex((d) => new URL(request.url).pathname.endsWith(d.path));
			if (i !== -1 && drops[i]!.skip > 0) drops[i]!.skip--;
			else if (i !== -1) {
				const [d] = drops.splice(i, 1);
				if (d!.afterHandling) await app.fetch(request);
				throw new TypeError('Failed to fetch');
			}
			const throttle = throttles.find(
				(t) => t.times > 0 && new URL(request.url).pathname.includes(t.part)
			);
			if (throttle) {
				throttle.times--;
				return Response.json(
					{ message: 'Too Many Attempts.' },
					{ status: 429, headers: { 'Retry-After': String(throttle.retryAfterSeconds) } }
				);
			}
			const j = doubles.findIndex((p) => new URL(request.url).pathname.endsWith(p));
			if (j !== -1) {
				doubles.splice(j, 1);
				await app.fetch(request.clone());
			}
			const answer = await app.fetch(request);
			if (pause.after && new URL(request.url).pathname.endsWith(pause.after)) {
				pause.after = null;
				pause.gate = new Promise((resolve) => (pause.open = resolve));
			}
			return answer;
		}
	});
	return {
		client,
		clock,
		requests,
		failNext: (path, afterHandling = false, skip = 0) =>
			void drops.push({ path, afterHandling, skip }),
		doubleNext: (path) => void doubles.push(path),
		throttleNext: (part, times, retryAfterSeconds) =>
			void throttles.push({ part, times, retryAfterSeconds }),
		pauseAfter: (path) => {
			pause.after = path;
			return {
				release: () => {
					pause.gate = null;
					pause.open();
				}
			};
		}
	};
}

export const pathsOf = (requests: Request[]) =>
	requests.map((r) => `${r.method} ${new URL(r.url).pathname.replace('/api/v1/private', '')}`);

/**
 * Manual timers and visibility: the test moves time (from `start`, e.g. the demo server's clock).
 * `env` is a session's clock and the page's visibility; `session` an energy session on that
 * clock for parts that send nothing themselves (a poller given its reads, a throttle).
 */
export function manualEnv(start = 0) {
	let now = start;
	let hidden = false;
	let nextId = 1;
	const timers = new Map<number, { at: number; fn: () => void }>();
	const listeners = new Set<() => void>();
	const env: SessionClock & PageVisibility = {
		now: () => now,
		setTimeout: (fn, ms) => {
			const id = nextId++;
			timers.set(id, { at: now + ms, fn });
			return id;
		},
		clearTimeout: (id) => void timers.delete(id as number),
		isHidden: () => hidden,
		onVisibilityChange: (cb) => {
			listeners.add(cb);
			return () => listeners.delete(cb);
		}
	};
	const flush = () => new Promise((r) => setTimeout(r, 0));
	const session = energySession(
		() => {
			throw new Error('This session sends nothing: its part is given its reads.');
		},
		BASE,
		env
	);
	return {
		env,
		session,
		get now() {
			return now;
		},
		/** Moves time forward, firing due timers in order and letting their promises settle. */
		async advance(ms: number) {
			const end = now + ms;
			for (;;) {
				const due = [...timers.entries()]
					.filter(([, t]) => t.at <= end)
					.sort((a, b) => a[1].at - b[1].at)[0];
				if (!due) break;
				timers.delete(due[0]);
				now = due[1].at;
				due[1].fn();
				for (let i = 0; i < 5; i++) await flush();
			}
			now = end;
		},
		async setHidden(value: boolean) {
			hidden = value;
			for (const l of listeners) l();
			for (let i = 0; i < 5; i++) await flush();
		},
		pending: () => timers.size
	};
}

// ── Answers the test writes ────────────────────────────────────────────────────────────────

/** A crafted answer to one request of the client. */
export type Answer = (request: Request) => Response | Promise<Response>;

/**
 * The client over a transport the test writes: every request is answered by `answer`, so a test
 * asserts what the client does with exactly that answer, whatever the demo service would say (its
 * own behaviour is tested in tests/unit/fakes/). `requests` holds what the client sent.
 */
export function craftedClient(answer: Answer, options: Partial<ClientOptions> = {}) {
	const requests: Request[] = [];
	const client = createClient({
		baseUrl: BASE,
		headers: { accept: 'application/json' },
		env: { online: () => true, pageOrigin: () => undefined },
		...options,
		transport: async (input, init) => {
			const request = new Request(input, init);
			requests.push(request.clone());
			return answer(request);
		}
	});
	return { client, requests };
}

/** The request's path under the API root, e.g. `order/get/31000001`. */
export const pathOf = (request: Request) =>
	new URL(request.url).pathname.replace(/^\/api\/v1\/private\//, '');

/**
 * Answers by path: the route whose key the path starts with (`order/get/` answers every order);
 * any other path gets 404.
 */
export function byPath(routes: Record<string, Answer>): Answer {
	return (request) => {
		const path = pathOf(request);
		const key = Object.keys(routes).find(
			(k) => path === k || (k.endsWith('/') && path.startsWith(k))
		);
		return key
			? routes[key]!(request)
			: Response.json({ message: `No route ${path}.` }, { status: 404 });
	};
}

/** The guid at the end of an `order/get/{guid}` path. */
export const guidOf = (request: Request) => Number(pathOf(request).split('/').at(-1));

/** `{status: 'ok', data}` as the seed's envelopes are (EN-ENV-1). */
export const okAnswer = (data: unknown) => Response.json({ status: 'ok', data });

/** A `buy/energy` answer: the order without payment fields, and the balance (EN-BUY-7). */
export function buyAnswer(order: Partial<CreatedOrder> = {}, balance = '245.000000') {
	const {
		payment_status: _status,
		order_cost_paid: _paid,
		resource_txs: _txs,
		...created
	} = sampleOrder(order as Partial<Order>);
	return Response.json({ status: 'ok', data: created, balance });
}

/** A page envelope of `items` as the seed lists it (EN-LIST-2), one page unless told. */
export function pageAnswer(
	items: unknown[],
	{ path = '/api/v1/private/order/list', page = 1, lastPage = 1, total = items.length } = {}
) {
	const url = (n: number) => `${path}?page=${n}`;
	return Response.json({
		current_page: page,
		data: items,
		first_page_url: url(1),
		from: items.length ? 1 : null,
		last_page: lastPage,
		last_page_url: url(lastPage),
		links: [
			{ url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
			...Array.from({ length: lastPage }, (_, i) => ({
				url: url(i + 1),
				label: String(i + 1),
				active: i + 1 === page
			})),
			{ url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false }
		],
		next_page_url: page < lastPage ? url(page + 1) : null,
		path,
		per_page: 15,
		prev_page_url: page > 1 ? url(page - 1) : null,
		to: items.length || null,
		total,
		draw: null,
		status: 'ok'
	});
}

/** An internal account as the seed lists it (EN-ACC-1): the buyer's unless patched. */
export const sampleAccount = (patch: Partial<Account> = {}): Account => ({
	guid: 5,
	user_id: 9,
	id: 1,
	section: 'buyer',
	currency: 'TRX',
	balance: '100.000000',
	...patch
});
