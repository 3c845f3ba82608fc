/** The one token the demo energy service accepts: the demo transport sends it (EN-AUTH-1). */
import { describe, expect, it } from 'vitest';
import { call } from './demo-call';

describe('energy fake: authentication', () => {
	it('EN-AUTH-1: a request without the Token header answers 401', async () => {
		const { response, body } = await call('/account/list', { token: null });
		expect(response.status).toBe(401);
		expect(body).toEqual({ message: 'Unauthenticated.' });
	});

	it('EN-AUTH-1: a wrong Token answers 401', async () => {
		const { response } = await call('/account/list', { token: 'not-the-token' });
		expect(response.status).toBe(401);
	});

	it('EN-AUTH-1: the right Token is accepted', async () => {
		const { response } = await call('/account/list');
		expect(response.status).toBe(200);
	});
});
