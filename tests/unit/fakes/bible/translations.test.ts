import { describe, expect, it } from 'vitest';
import { createBibleApp } from '$lib/fakes/bible/app';
import { DEMO_BIBLES, DEMO_TRANSLATIONS } from '$lib/fakes/bible/translations';

const ORIGIN = 'https://bible.demo';

async function get(path: string) {
	const response = await createBibleApp().fetch(new Request(`${ORIGIN}${path}`));
	return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('bible fake', () => {
	it('BI-EP-1, BI-ENV-1: GET /bibles answers {data, success: true}', async () => {
		const { response, body } = await get('/api/v1/bibles');
		expect(response.status).toBe(200);
		expect(Object.keys(body).sort()).toEqual(['data', 'success']);
		expect(body.success).toBe(true);
		expect(Array.isArray(body.data)).toBe(true);
		expect((body.data as unknown[]).length).toBe(DEMO_BIBLES.length);
	});

	it('BI-LIST-1: each entry has exactly the list fields, copytightInfo spelled so, all strings', async () => {
		const { body } = await get('/api/v1/bibles');
		for (const entry of body.data as Record<string, unknown>[]) {
			expect(Object.keys(entry).sort()).toEqual(
				['apiUrl', 'copytightInfo', 'langId', 'language', 'name', 'publisher', 'ref'].sort()
			);
			for (const [key, value] of Object.entries(entry)) expect(typeof value, key).toBe('string');
			expect(entry).not.toHaveProperty('copyrightInfo');
		}
	});

	it('BI-LIST-1: copytightInfo may be empty; apiUrl points at the Bible resource', async () => {
		const { body } = await get('/api/v1/bibles');
		const entries = body.data as { apiUrl: string; ref: string; copytightInfo: string }[];
		expect(entries.some((e) => e.copytightInfo === '')).toBe(true);
		for (const entry of entries) expect(entry.apiUrl).toBe(`${ORIGIN}/api/v1/bibles/${entry.ref}`);
		expect(entries.map((e) => e.ref)).toContain('KJV');
	});

	it('BI-ENV-1: an unknown path answers a non-2xx with success false', async () => {
		const { response, body } = await get('/api/v1/nothing');
		expect(response.status).toBe(404);
		expect(body.success).toBe(false);
	});
});

describe('DEMO_TRANSLATIONS', () => {
	it('three translations, then the Greek New Testament and the Hebrew Bible, each in its own folder', () => {
		expect(DEMO_TRANSLATIONS.map((t) => t.entry.ref)).toEqual([
			'KJV',
			'WEB',
			'RV1909',
			'SBLGNT',
			'WLC'
		]);
		for (const t of DEMO_TRANSLATIONS) expect(t.folder).toBe(t.entry.ref);
		expect(DEMO_BIBLES).toEqual(DEMO_TRANSLATIONS.map((t) => t.entry));
	});
});
