import { afterEach, expect, it, vi } from 'vitest';
import { browserTransport } from '$lib/http/reachability';

afterEach(() => vi.unstubAllGlobals());

it("Live mode's transport is the browser's fetch, given the request as it is", async () => {
	const answer = new Response('ok');
	const fetch = vi.fn(() => Promise.resolve(answer));
	vi.stubGlobal('fetch', fetch);
	const init = { method: 'POST', body: 'x' };
	await expect(browserTransport('https://a.test/x', init)).resolves.toBe(answer);
	expect(fetch).toHaveBeenCalledWith('https://a.test/x', init);
});
