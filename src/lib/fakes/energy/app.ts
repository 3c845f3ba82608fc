import { Hono } from 'hono';
import { pageEnvelope } from './page-envelope';

/** The token the demo energy service accepts (EN-AUTH-1); the demo transport sends it. */
export const DEMO_ENERGY_TOKEN = 'demo-energy-token';
const API_ROOT = '/api/v1/private';

export interface DemoAccount {
	guid: number;
	user_id: number;
	id: number;
	section: 'buyer' | 'affiliate' | 'seller' | 'dealer';
	currency: string;
	balance: string;
}

export function demoAccounts(): DemoAccount[] {
	const sections = ['buyer', 'affiliate', 'seller', 'dealer'] as const;
	const balances = ['250.000000', '12.500000', '0.000000', '0.000000'];
	return sections.map((section, i) => ({
		guid: 40_112_300 + i,
		user_id: 7001,
		id: i + 1,
		section,
		currency: 'TRX',
		balance: balances[i]!
	}));
}

/** The demo energy rental service (EN-BASE-1: every call is POST under /api/v1/private). */
export function createEnergyApp(): Hono {
	const accounts = demoAccounts();
	const app = new Hono().basePath(API_ROOT);

	app.use('*', async (c, next) => {
		if (c.req.header('token') !== DEMO_ENERGY_TOKEN)
			return c.json({ message: 'Unauthenticated.' }, 401);
		await next();
	});

	app.post('/account/list', (c) => {
		const page = Math.max(1, Number(new URL(c.req.url).searchParams.get('page')) || 1);
		return c.json(pageEnvelope(accounts, `${API_ROOT}/account/list`, page, 15));
	});

	app.post('/account/get/:id', (c) => {
		const account = accounts.find((a) => String(a.id) === c.req.param('id'));
		if (!account) return c.json({ message: 'Account not found.' }, 404);
		return c.json({ status: 'ok', data: account });
	});

	app.notFound((c) =>
		c.req.method === 'POST'
			? c.json({ message: 'Not Found' }, 404)
			: c.json(
					{
						message: `The ${c.req.method} method is not supported for this route. Supported methods: POST.`
					},
					405
				)
	);
	return app;
}
