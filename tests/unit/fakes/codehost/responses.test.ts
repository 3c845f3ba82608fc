/** The demo code host's answers that repeat: error bodies, page sizes, offsets and keyset pages. */
import { describe, expect, it } from 'vitest';
import {
	keysetAnswer,
	keysetNext,
	keysetOrderMissing,
	MAX_OFFSET,
	maxOffsetError,
	missing,
	pastMaxOffset,
	perPageOf,
	unb64,
	UNAUTHORIZED
} from '$lib/fakes/codehost/responses';

const url = (query: string) => new URL(`https://codehost.demo/api/v4/projects?${query}`);

describe('the demo code host’s repeated answers', () => {
	it('CH-ERR-4: 401 is {"message":"401 Unauthorized"}; a missing parameter names it', async () => {
		const refused = UNAUTHORIZED();
		expect(refused.status).toBe(401);
		expect(await refused.json()).toEqual({ message: '401 Unauthorized' });
		expect(await missing('name').json()).toEqual({ message: '400 (Bad request) "name" not given' });
	});

	it('CH-OFF-1: per_page defaults to 20 and is served as at most 100', () => {
		expect(perPageOf(url(''))).toBe(20);
		expect(perPageOf(url('per_page=0'))).toBe(20);
		expect(perPageOf(url('per_page=abc'))).toBe(20);
		expect(perPageOf(url('per_page=50'))).toBe(50);
		expect(perPageOf(url('per_page=500'))).toBe(100);
	});

	it('CH-OFF-6: offset pagination stops at the maximum offset, with the reference message', async () => {
		expect(pastMaxOffset(url(`page=${MAX_OFFSET / 20}`))).toBe(false);
		expect(pastMaxOffset(url(`page=${MAX_OFFSET / 20 + 1}`))).toBe(true);
		expect(pastMaxOffset(url(`page=${MAX_OFFSET / 100 + 1}&per_page=100`))).toBe(true);
		const answer = maxOffsetError('Project');
		expect(answer.status).toBe(405);
		expect((await answer.json()).error).toMatch(
			/maximum allowed offset of 50000 .* type Project\. .*keyset/
		);
	});

	it('CH-KEY-1: keyset without order_by or sort is a 400 naming what is missing', async () => {
		expect(keysetOrderMissing(url('order_by=id&sort=asc'))).toBeNull();
		const answer = keysetOrderMissing(url('order_by=id'))!;
		expect(answer.status).toBe(400);
		expect(await answer.json()).toEqual({ error: 'sort is missing' });
		expect(await keysetOrderMissing(url(''))!.json()).toEqual({
			error: 'order_by is missing, sort is missing'
		});
	});

	it('CH-KEY-2, CH-KEY-3: a full keyset page links the next with its query sorted; a short or empty one has no Link', () => {
		const here = url('sort=asc&pagination=keyset&order_by=id&id_after=3');
		expect(keysetNext(here, { id_after: '9' }, ['id_before'])).toBe(
			'https://codehost.demo/api/v4/projects?id_after=9&order_by=id&pagination=keyset&sort=asc'
		);
		expect(keysetAnswer([1, 2], here, 2, () => 'https://next').headers.get('link')).toBe(
			'<https://next>; rel="next"'
		);
		expect(keysetAnswer([1], here, 2, () => 'https://next').headers.get('link')).toBeNull();
		expect(keysetAnswer([], here, 0, () => 'https://next').headers.get('link')).toBeNull();
	});

	it('an unreadable cursor reads as empty, not an error', () => {
		expect(unb64(btoa('users:7'))).toBe('users:7');
		expect(unb64('%%%')).toBe('');
	});
});
