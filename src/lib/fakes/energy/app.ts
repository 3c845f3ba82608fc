import type { Context } from 'hono';
// hono/quick: routes are registered without compiling them (the default router built its
// matchers on the first request: a long task on a phone while the Demo page starts).
import { Hono } from 'hono/quick';
import { DroppedConnection } from '../faults';
import { pageEnvelope } from './page-envelope';
import { xmlResponse } from './xml';
import {
	createdView,
	defaultTiming,
	DEFAULT_STEP_MS,
	fullView,
	placeOrder,
	seedState,
	systemClock,
	validateBuy,
	validationMessage,
	type Clock,
	type EnergyState,
	type Fields,
	type MachineTiming,
	type ValidationErrors
} from './service';
import { listOrders, readListQuery } from './list-query';
import { defaultStore, indexedDbStore, type EnergyStore } from './store';

export { demoAccounts, type DemoAccount } from './service';

import { DEMO_ENERGY_TOKEN } from './token';

export { DEMO_ENERGY_TOKEN };

/**
 * `demo-energy-token.<name>` (letters, digits, dashes) is also accepted and gives a sandbox: a
 * user of its own with fresh balances and orders, so tests sharing one server do not meet.
 */
export function demoUserOf(token: string | undefined): string | null {
	if (token === DEMO_ENERGY_TOKEN) return '';
	const m = /^demo-energy-token\.([A-Za-z0-9-]{1,64})$/.exec(token ?? '');
	return m ? m[1]! : null;
}
const API_ROOT = '/api/v1/private';

/**
 * Demo speed: a few seconds per step. A page can ask for another speed with
 * `localStorage['demo.energy.stepMs']` (the end-to-end tests use a fast clock this way).
 */
export const DEMO_STEP_MS_KEY = 'demo.energy.stepMs';
export function demoTiming(): MachineTiming {
	let stepMs = DEFAULT_STEP_MS;
	try {
		const raw = globalThis.localStorage?.getItem(DEMO_STEP_MS_KEY);
		if (raw && Number(raw) > 0) stepMs = Number(raw);
	} catch {
		// No storage: the default speed.
	}
	return defaultTiming(stepMs);
}

export interface EnergyAppOptions {
	clock?: Clock;
	store?: EnergyStore;
	timing?: () => MachineTiming;
}

/** Forgets the browser demo's balances and orders; the next call starts from the seed. */
export async function resetDemoEnergyData(): Promise<void> {
	await indexedDbStore().clear();
}

async function readFields(c: Context): Promise<Fields> {
	const text = await c.req.text();
	const type = c.req.header('content-type') ?? '';
	if (text.trim() === '') return {};
	if (type.includes('application/x-www-form-urlencoded'))
		return Object.fromEntries(new URLSearchParams(text));
	try {
		const value: unknown = JSON.parse(text);
		return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
	} catch {
		return { __unreadable: true };
	}
}

const unprocessable = (c: Context, errors: ValidationErrors) =>
	c.json({ message: validationMessage(errors), errors }, 422);

/** The demo energy rental service (EN-BASE-1: every call is POST under /api/v1/private). */
export function createEnergyApp(options: EnergyAppOptions = {}): Hono {
	const clock = options.clock ?? systemClock;
	const store = options.store ?? defaultStore();
	const timing = options.timing ?? demoTiming;
	const root = new Hono();
	const app = root.basePath(API_ROOT);

	/**
	 * Per-user drops: the next `times` requests of that user whose path ends with `path` lose
	 * their connection before being handled. Unlike the server-wide fault switch, tests running
	 * side by side (each with its own sandbox token) cannot use up each other's drops.
	 */
	const drops = new Map<string, { path: string; times: number; afterHandling: boolean }>();
	root.post('/__energy/drops', async (c) => {
		const body = (await readFields(c)) as {
			token?: string;
			path?: string;
			times?: number;
			afterHandling?: boolean;
		};
		const user = demoUserOf(body.token);
		if (user === null) return c.json({ message: 'Unauthenticated.' }, 401);
		drops.set(user, {
			path: String(body.path ?? ''),
			times: Number(body.times ?? 1),
			// Handle the request, then lose the answer (the order exists; the client cannot know).
			afterHandling: body.afterHandling === true
		});
		return c.json({ status: 'ok', ...drops.get(user) });
	});
	/**
	 * Per-user throttling (the 429 switch): the next `times` requests of that user whose path ends
	 * with `path` get 429 with `Retry-After: retryAfterSeconds`, as a rate-limited server answers.
	 * Per user for the same reason as the drops: parallel tests cannot use up each other's.
	 */
	const throttles = new Map<string, { path: string; times: number; retryAfterSeconds: number }>();
	root.post('/__energy/throttle', async (c) => {
		const body = (await readFields(c)) as {
			token?: string;
			path?: string;
			times?: number;
			retryAfterSeconds?: number;
		};
		const user = demoUserOf(body.token);
		if (user === null) return c.json({ message: 'Unauthenticated.' }, 401);
		throttles.set(user, {
			path: String(body.path ?? ''),
			times: Number(body.times ?? 1),
			retryAfterSeconds: Math.max(0, Math.round(Number(body.retryAfterSeconds ?? 1)))
		});
		return c.json({ status: 'ok', ...throttles.get(user) });
	});
	root.onError((error, c) => {
		if (error instanceof DroppedConnection) throw error;
		return c.json({ message: 'Server Error' }, 500);
	});

	// One request at a time reads and writes the state, like a transaction.
	let queue: Promise<unknown> = Promise.resolve();
	function withState<T>(
		c: Context,
		fn: (state: EnergyState) => T,
		{ write = false } = {}
	): Promise<T> {
		const user = demoUserOf(c.req.header('token')) ?? '';
		const run = queue.then(async () => {
			let state = await store.load(user);
			const fresh = !state;
			state ??= seedState(clock.now(), timing());
			const result = fn(state);
			if (write || fresh) await store.save(user, state);
			return result;
		});
		queue = run.catch(() => undefined);
		return run;
	}

	app.use('*', async (c, next) => {
		const user = demoUserOf(c.req.header('token'));
		if (user === null) return c.json({ message: 'Unauthenticated.' }, 401);
		const drop = drops.get(user);
		if (drop && drop.times > 0 && new URL(c.req.url).pathname.endsWith(drop.path)) {
			drop.times--;
			if (drop.afterHandling) await next();
			throw new DroppedConnection();
		}
		const throttle = throttles.get(user);
		if (throttle && throttle.times > 0 && new URL(c.req.url).pathname.endsWith(throttle.path)) {
			throttle.times--;
			return c.json({ message: 'Too Many Attempts.' }, 429, {
				'Retry-After': String(throttle.retryAfterSeconds)
			});
		}
		await next();
	});

	app.post('/account/list', async (c) => {
		const page = Math.max(1, Number(new URL(c.req.url).searchParams.get('page')) || 1);
		const accounts = await withState(c, (s) => s.accounts.map((a) => ({ ...a })));
		return c.json(pageEnvelope(accounts, `${API_ROOT}/account/list`, page, 15));
	});

	app.post('/account/get/:id', async (c) => {
		const id = c.req.param('id');
		const account = await withState(c, (s) => s.accounts.find((a) => String(a.id) === id));
		if (!account) return c.json({ message: 'Account not found.' }, 404);
		return c.json({ status: 'ok', data: { ...account } });
	});

	app.post('/buy/energy', async (c) => {
		const body = await readFields(c);
		if (body.__unreadable) return c.json({ message: 'The request body is not valid JSON.' }, 400);
		const errors = validateBuy(body);
		if (Object.keys(errors).length) return unprocessable(c, errors);
		const now = clock.now();
		const { order, balance } = await withState(c, (s) => placeOrder(s, body, now, timing()), {
			write: true
		});
		const answer = { status: 'ok', data: createdView(order, now), balance };
		return body.format === 'xml' ? xmlResponse(answer) : c.json(answer);
	});

	app.post('/order/get/:guid', async (c) => {
		const guid = c.req.param('guid');
		const now = clock.now();
		const order = await withState(c, (s) => s.orders.find((o) => String(o.guid) === guid));
		if (!order) return c.json({ message: 'Order not found.' }, 404);
		return c.json({ status: 'ok', data: fullView(order, now) });
	});

	app.post('/order/list', async (c) => {
		const body = await readFields(c);
		const read = readListQuery(body, new URL(c.req.url).searchParams);
		if ('errors' in read) return unprocessable(c, read.errors);
		const now = clock.now();
		const rows = await withState(c, (s) => listOrders(s, read.query, now));
		return c.json(
			pageEnvelope(rows, `${API_ROOT}/order/list`, read.query.page, read.query.perPage)
		);
	});

	root.notFound((c) =>
		c.req.method === 'POST'
			? c.json({ message: 'Not Found' }, 404)
			: c.json(
					{
						message: `The ${c.req.method} method is not supported for this route. Supported methods: POST.`
					},
					405
				)
	);
	return root;
}
