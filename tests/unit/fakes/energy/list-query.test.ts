/** order/list's parameters read as the demo service reads them, and the rows they select. */
import { describe, expect, it } from 'vitest';
import { listOrders, readListQuery } from '$lib/fakes/energy/list-query';
import { defaultTiming, seedState } from '$lib/fakes/energy/service';

const NOW = 1_700_000_000_000;
const none = new URLSearchParams();

describe('readListQuery', () => {
	it('EN-LIST-1: sort defaults to created_at|desc, per_page to 15, page to 1; numbers may be strings', () => {
		expect(readListQuery({}, none)).toEqual({
			query: { page: 1, perPage: 15, sort: 'desc', filter: [] }
		});
		expect(
			readListQuery({ page: '2', sort: 'created_at|asc' }, new URLSearchParams('per_page=5'))
		).toEqual({
			query: { page: 2, perPage: 5, sort: 'asc', filter: [] }
		});
	});

	it('EN-LIST-1: a page below 1, a per_page past 100, another sort or a filter not of arrays is refused, each named', () => {
		const read = readListQuery(
			{ page: 0, per_page: 101, sort: 'guid|desc', filter: [{ field: 'status' }] },
			none
		);
		expect(read).toEqual({
			errors: {
				page: ['The page must be at least 1.'],
				per_page: ['The per page must be between 1 and 100.'],
				sort: ['The selected sort is invalid.'],
				filter: ['The filter must be an array of arrays of objects.']
			}
		});
	});
});

describe('listOrders', () => {
	const state = seedState(NOW, defaultTiming(1000));
	const query = (patch: object = {}) => ({
		page: 1,
		perPage: 15,
		sort: 'desc' as const,
		filter: [],
		...patch
	});

	it('lists every order newest first, or oldest first, by guid and status only', () => {
		expect(listOrders(state, query(), NOW)).toEqual([
			{ guid: 31_000_003, status: 6 },
			{ guid: 31_000_002, status: 1 },
			{ guid: 31_000_001, status: 4 }
		]);
		expect(listOrders(state, query({ sort: 'asc' }), NOW).map((o) => o.guid)).toEqual([
			31_000_001, 31_000_002, 31_000_003
		]);
	});

	it('a filter is an OR of ANDs of status conditions, = or !=', () => {
		const status = (operator: string, value: unknown) => ({ field: 'status', operator, value });
		expect(
			listOrders(state, query({ filter: [[status('=', '6')], [status('=', 4)]] }), NOW)
		).toEqual([
			{ guid: 31_000_003, status: 6 },
			{ guid: 31_000_001, status: 4 }
		]);
		expect(listOrders(state, query({ filter: [[status('!=', 6), status('!=', 4)]] }), NOW)).toEqual(
			[{ guid: 31_000_002, status: 1 }]
		);
	});
});
