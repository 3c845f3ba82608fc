/** Filling the app's stores as the areas keep them, and reading them all back, for "Your data". */
import type { Page } from '@playwright/test';
import { collectionEntries, collectionRecords, collectionsOf } from './collections-store';
import { putRecords, storeRecords } from './indexed-db';

/** A filled app: what each area keeps, in the area's own stores. */
export const FILLED = {
	collections: [
		{
			id: 'col-1',
			name: 'Projects',
			requests: [
				{
					id: 'req-1',
					name: 'List projects',
					method: 'GET',
					path: '/projects',
					pathParams: {},
					query: 'per_page=5',
					params: '',
					bodyKind: 'query',
					headers: '',
					auth: { method: 'personal', way: 'private-token-header' }
				},
				{
					id: 'req-2',
					name: 'Create issue',
					method: 'POST',
					path: '/projects/:id/issues',
					pathParams: { id: '7' },
					query: '',
					params: '{\n  "title": "Psalm 23 ✓"\n}',
					bodyKind: 'json',
					headers: 'X-Trace: one',
					auth: { method: 'personal', way: 'private-token-header' }
				}
			]
		}
	],
	environments: {
		environments: [
			{ id: 'env-default', name: 'Default', values: { host: 'gitlab.example.com' } },
			{
				id: 'env-2',
				name: 'Staging',
				values: { project: '42', api_token: '' },
				secret: ['api_token']
			}
		],
		activeId: 'env-default'
	},
	notes: [
		{
			book: 'John',
			chapter: 3,
			verse: 16,
			bookmark: true,
			highlight: 'yellow',
			note: 'For God so loved the world',
			labels: ['love'],
			created: 1735689600000,
			updated: 1735776000000
		},
		{
			book: 'Ps',
			chapter: 23,
			verse: 1,
			bookmark: false,
			highlight: 'green',
			note: '',
			labels: [],
			created: 1738368000000,
			updated: 1738368000000
		}
	],
	plans: [{ id: 'bible-year', start: '2026-01-01', done: [1, 2, 3] }],
	tracked: {
		'https://energy.demo/api/v1/private': {
			31000004: { guid: 31000004, firstSeen: { 0: 1000, 5: 2000 }, lastStatus: 5 }
		}
	},
	/** Your price (energy), as the energy area keeps it in local storage. */
	yourPrice: {
		format: 1,
		byRoot: { 'https://energy.demo/api/v1/private': { '1h': 5, '1d': 60 } }
	},
	/** A secret variable's value, kept for this tab only: it must never leave. */
	secretValue: 'sk-live-very-secret-1234'
};

/** Puts FILLED in place, in every area's store (the page must be open on the app). */
export async function fill(page: Page) {
	await putRecords(page, 'codehost-collections', 'kv', collectionEntries(FILLED.collections));
	await putRecords(page, 'codehost-environments', 'kv', [['environments', FILLED.environments]]);
	await putRecords(
		page,
		'bible-notes',
		'notes',
		FILLED.notes.map((n) => [`${n.book}.${n.chapter}.${n.verse}`, n])
	);
	await putRecords(
		page,
		'energy-client',
		'orders',
		Object.entries(FILLED.tracked).map(([root, v]) => [`tracked:${root}`, v])
	);
	await page.evaluate((data) => {
		localStorage.setItem('bible.plans', JSON.stringify(data.plans));
		localStorage.setItem('energy.yourPrice', JSON.stringify(data.yourPrice));
		sessionStorage.setItem(
			'codehost.explorer.secret-variables',
			JSON.stringify({ 'env-2': { api_token: data.secretValue } })
		);
	}, FILLED);
}

/** What a record holds, whatever its format: format 2 wraps it (`{ format: 2, orders }`). */
const heldIn = (record: unknown, field: string): unknown =>
	record && typeof record === 'object' && 'format' in record
		? (record as Record<string, unknown>)[field]
		: record;

/** Everything the areas keep, as one value to compare (what the records hold, whatever their format). */
export async function dump(page: Page) {
	const environments = (await storeRecords(page, 'codehost-environments', 'kv')).environments as
		{ environments: unknown[] } | undefined;
	const tracked = await storeRecords(page, 'energy-client', 'orders');
	const notes = await storeRecords(page, 'bible-notes', 'notes');
	return {
		collections: collectionsOf(await collectionRecords(page)),
		environments: environments?.environments ?? [],
		notes: Object.fromEntries(
			Object.entries(notes).map(([key, note]) => {
				const { format: _format, ...held } = note as Record<string, unknown>;
				return [key, held];
			})
		),
		tracked: Object.fromEntries(
			Object.entries(tracked).map(([key, value]) => [key, heldIn(value, 'orders')])
		),
		...(await page.evaluate(() => ({
			yourPrice: JSON.parse(localStorage.getItem('energy.yourPrice') ?? 'null') as unknown
		}))),
		plans: heldIn(
			await page.evaluate(() => JSON.parse(localStorage.getItem('bible.plans') ?? '[]') as unknown),
			'plans'
		)
	};
}
