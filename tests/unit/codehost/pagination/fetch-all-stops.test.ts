import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	abortableSleep,
	walkPages,
	type PageAnswer,
	type WalkProgress
} from '$lib/codehost/pagination/fetch-all';

const U1 = 'https://h.example/api/v4/projects?page=1';
const U2 = 'https://h.example/api/v4/projects?page=2';

const page = (items: unknown[], next?: string): PageAnswer => ({
	status: 200,
	headers: next ? { Link: `<${next}>; rel="next"` } : {},
	json: items
});

/** A send that answers from a script, one answer per call, and records the URLs asked. */
function scripted(...answers: (PageAnswer | Error | string)[]) {
	const urls: string[] = [];
	const send = async (url: string): Promise<PageAnswer> => {
		urls.push(url);
		const a = answers.shift();
		if (a === undefined) throw new Error('no more answers');
		if (a instanceof Error || typeof a === 'string') throw a;
		return a;
	};
	return { send, urls };
}

const live = () => new AbortController().signal;
const noSleep = async () => {};

describe('walkPages: why it stopped', () => {
	it('an already cancelled walk sends nothing', async () => {
		const { send, urls } = scripted(page([1]));
		const controller = new AbortController();
		controller.abort();
		const r = await walkPages({ firstUrl: U1, send, cap: 5, signal: controller.signal });
		expect(r).toEqual({
			pages: 0,
			items: 0,
			url: U1,
			reason: 'cancelled',
			message: 'Cancelled after 0 pages.',
			status: undefined
		});
		expect(urls).toEqual([]);
	});

	it('a page that is not answered stops with the error named', async () => {
		const r = await walkPages({
			firstUrl: U1,
			send: scripted(page([1, 2], U2), new Error('Failed to fetch')).send,
			cap: 5,
			signal: live()
		});
		expect(r).toMatchObject({
			reason: 'error',
			pages: 1,
			items: 2,
			url: U2,
			message: `No answer for ${U2}: Failed to fetch`
		});
		const odd = await walkPages({
			firstUrl: U1,
			send: scripted('offline').send,
			cap: 5,
			signal: live()
		});
		expect(odd.message).toBe(`No answer for ${U1}: offline`);
	});

	it('a send that fails because the user cancelled is a cancel, not an error', async () => {
		const controller = new AbortController();
		const r = await walkPages({
			firstUrl: U1,
			send: async () => {
				controller.abort();
				throw new DOMException('Aborted', 'AbortError');
			},
			cap: 5,
			signal: controller.signal
		});
		expect(r).toMatchObject({ reason: 'cancelled', message: 'Cancelled after 0 pages.' });
	});

	it('a 4xx on a later page says which page and the status', async () => {
		const r = await walkPages({
			firstUrl: U1,
			send: scripted(page([1], U2), { status: 400, headers: {}, json: { message: 'x' } }).send,
			cap: 5,
			signal: live()
		});
		expect(r).toEqual({
			pages: 1,
			items: 1,
			url: U2,
			reason: 'error',
			message: `Page 2 answered 400 at ${U2}.`,
			status: 400
		});
	});

	it('an answer that is not an array stops the walk', async () => {
		const r = await walkPages({
			firstUrl: U1,
			send: scripted({ status: 200, headers: {}, json: { id: 1 } }).send,
			cap: 5,
			signal: live()
		});
		expect(r).toMatchObject({
			reason: 'not-a-list',
			message: `The answer at ${U1} is not a list.`,
			status: 200,
			pages: 0
		});
	});

	it('CH-KEY-3: a page with no Link header at all is the last one', async () => {
		const items: unknown[][] = [];
		const r = await walkPages({
			firstUrl: U1,
			send: scripted(page(['a', 'b'], U2), page(['c'])).send,
			cap: 5,
			signal: live(),
			onItems: (i) => items.push([...i])
		});
		expect(r).toEqual({
			pages: 2,
			items: 3,
			url: U2,
			reason: 'done',
			message: 'Done: no rel="next" after page 2.',
			status: 200
		});
		expect(items).toEqual([['a', 'b'], ['c']]);
	});

	it('CH-OFF-3: each next URL goes through rewrite before it is sent', async () => {
		const { send, urls } = scripted(
			page([1], 'https://internal.host/api/v4/projects?page=2'),
			page([2])
		);
		await walkPages({
			firstUrl: U1,
			send,
			cap: 5,
			signal: live(),
			rewrite: (u) => u.replace('https://internal.host', 'https://h.example')
		});
		expect(urls).toEqual([U1, U2]);
	});
});

describe('walkPages: 429 Too Many Requests', () => {
	const tooMany = (headers: Record<string, string> = {}): PageAnswer => ({
		status: 429,
		headers,
		json: { message: '429 Too Many Requests' }
	});

	it('gives up after the allowed number of retries in a row, counting every 429', async () => {
		const waits: number[] = [];
		const r = await walkPages({
			firstUrl: U1,
			send: scripted(tooMany(), tooMany(), tooMany(), page([1])).send,
			cap: 5,
			signal: live(),
			maxRateLimitRetries: 2,
			sleep: async (ms) => {
				waits.push(ms);
			}
		});
		expect(r).toEqual({
			pages: 0,
			items: 0,
			url: U1,
			reason: 'rate-limited',
			message: `Rate limited (429) 3 times in a row at ${U1}.`,
			status: 429
		});
		expect(waits).toEqual([1000, 1000]);
	});

	it('by default retries five times, then gives up', async () => {
		let sent = 0;
		const r = await walkPages({
			firstUrl: U1,
			send: async () => {
				sent++;
				if (sent > 10) throw new Error('runaway');
				return tooMany();
			},
			cap: 5,
			signal: live(),
			sleep: noSleep
		});
		expect(r.message).toBe(`Rate limited (429) 6 times in a row at ${U1}.`);
		expect(sent).toBe(6);
	});

	it('exactly the allowed number of retries still gets through', async () => {
		const r = await walkPages({
			firstUrl: U1,
			send: scripted(tooMany(), tooMany(), page([1, 2])).send,
			cap: 5,
			signal: live(),
			maxRateLimitRetries: 2,
			sleep: noSleep
		});
		expect(r).toMatchObject({ reason: 'done', items: 2 });
	});

	it('CH-LIM-1: shows the wait in progress; without a readable Retry-After uses the default wait', async () => {
		const progress: WalkProgress[] = [];
		await walkPages({
			firstUrl: U1,
			send: scripted(tooMany(), page([1])).send,
			cap: 5,
			signal: live(),
			defaultWaitMs: 250,
			sleep: noSleep,
			onProgress: (p) => progress.push({ ...p })
		});
		expect(progress).toEqual([
			{ pages: 0, items: 0, url: U1, waitingMs: 250 },
			{ pages: 1, items: 1, url: U1 }
		]);
	});

	it('cancelling while waiting for Retry-After stops the walk and says so', async () => {
		const r = await walkPages({
			firstUrl: U1,
			send: scripted(page([1, 2, 3], U2), tooMany({ 'retry-after': '30' })).send,
			cap: 5,
			signal: live(),
			sleep: async () => {
				throw new DOMException('Aborted', 'AbortError');
			}
		});
		expect(r).toMatchObject({
			reason: 'cancelled',
			pages: 1,
			message: 'Cancelled after 1 page while waiting for Retry-After.'
		});
	});
});

describe('abortableSleep', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('resolves after the wait', async () => {
		vi.useFakeTimers();
		let done = false;
		const p = abortableSleep(1000, live()).then(() => {
			done = true;
		});
		await vi.advanceTimersByTimeAsync(999);
		expect(done).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		await p;
		expect(done).toBe(true);
	});

	it('rejects with an AbortError at once when already cancelled', async () => {
		const controller = new AbortController();
		controller.abort();
		const error = await abortableSleep(60_000, controller.signal).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(DOMException);
		expect(error).toMatchObject({ name: 'AbortError', message: 'Aborted' });
	});

	it('rejects with an AbortError when cancelled during the wait', async () => {
		vi.useFakeTimers();
		const controller = new AbortController();
		const p = abortableSleep(60_000, controller.signal).catch((e: unknown) => e);
		await vi.advanceTimersByTimeAsync(10);
		controller.abort();
		expect(await p).toMatchObject({ name: 'AbortError', message: 'Aborted' });
		expect(vi.getTimerCount()).toBe(0);
	});
});
