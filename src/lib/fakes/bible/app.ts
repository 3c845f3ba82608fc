import { Hono } from 'hono';

const API_ROOT = '/api/v1';

interface BibleEntry {
	copytightInfo: string;
	langId: string;
	language: string;
	name: string;
	publisher: string;
	ref: string;
}

/** The translations the demo serves; the text itself arrives with the reader issue. */
export const DEMO_BIBLES: readonly BibleEntry[] = [
	{
		copytightInfo: '',
		langId: 'en',
		language: 'English (EN)',
		name: 'King James Version (KJV)',
		publisher: 'Public Domain',
		ref: 'KJV'
	},
	{
		copytightInfo: 'Public domain. Gospel of John only, for the demo.',
		langId: 'en',
		language: 'English (EN)',
		name: 'World English Bible, John (WEBJ)',
		publisher: 'Public Domain',
		ref: 'WEBJ'
	}
];

/** The demo Bible text service (BI-BASE-1: read-only GETs under /api/v1). */
export function createBibleApp(): Hono {
	const app = new Hono().basePath(API_ROOT);
	app.get('/bibles', (c) => {
		const origin = new URL(c.req.url).origin;
		const data = DEMO_BIBLES.map((b) => ({ apiUrl: `${origin}${API_ROOT}/bibles/${b.ref}`, ...b }));
		return c.json({ data, success: true });
	});
	app.notFound((c) => c.json({ data: null, success: false, message: 'Not found' }, 404));
	return app;
}
