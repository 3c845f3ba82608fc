/** One demo server per service, each answering its own API. */
import { describe, expect, it } from 'vitest';
import { createFakeApp } from '$lib/fakes/apps';

describe('createFakeApp', () => {
	it('makes the demo server of each service, each answering its own API root', async () => {
		expect(Object.keys(createFakeApp).sort()).toEqual(['bible', 'codehost', 'energy']);
		const codehost = await createFakeApp
			.codehost()
			.fetch(new Request('https://codehost.demo/api/v4/projects/1'));
		expect(codehost.status).toBe(200);
		const bible = await createFakeApp
			.bible()
			.fetch(new Request('https://bible.demo/api/v1/bibles'));
		expect((await bible.json()).success).toBe(true);
		const energy = await createFakeApp
			.energy()
			.fetch(new Request('https://energy.demo/api/v1/private/account/list', { method: 'POST' }));
		// EN-AUTH-1: the energy server wants its token; the others are open to a request without one.
		expect(energy.status).toBe(401);
	});
});
