/** `order/list`: its parameters, checked as the service does, and the rows they select (EN-LIST-1). */
import {
	asInt,
	present,
	statusAt,
	type EnergyState,
	type Fields,
	type ValidationErrors
} from './service';

export interface ListQuery {
	page: number;
	perPage: number;
	sort: 'asc' | 'desc';
	/** OR of ANDs of status conditions. */
	filter: { field: string; operator: string; value: unknown }[][];
}

/** Reads `order/list` parameters; returns errors Laravel-style when they make no sense. */
export function readListQuery(
	body: Fields,
	search: URLSearchParams
): { query: ListQuery } | { errors: ValidationErrors } {
	const errors: ValidationErrors = {};
	const pick = (name: string) => body[name] ?? search.get(name) ?? undefined;
	const page = present(pick('page')) ? asInt(pick('page')) : 1;
	const perPage = present(pick('per_page')) ? asInt(pick('per_page')) : 15;
	if (page === null || page < 1) errors.page = ['The page must be at least 1.'];
	if (perPage === null || perPage < 1 || perPage > 100)
		errors.per_page = ['The per page must be between 1 and 100.'];
	const sortRaw = pick('sort') ?? 'created_at|desc';
	if (sortRaw !== 'created_at|desc' && sortRaw !== 'created_at|asc')
		errors.sort = ['The selected sort is invalid.'];
	const filterRaw = body.filter ?? [];
	const okFilter =
		Array.isArray(filterRaw) &&
		filterRaw.every(
			(group) =>
				Array.isArray(group) &&
				group.every((c) => c && typeof c === 'object' && typeof c.field === 'string')
		);
	if (!okFilter) errors.filter = ['The filter must be an array of arrays of objects.'];
	if (Object.keys(errors).length) return { errors };
	return {
		query: {
			page: page!,
			perPage: perPage!,
			sort: sortRaw === 'created_at|asc' ? 'asc' : 'desc',
			filter: filterRaw as ListQuery['filter']
		}
	};
}

export function listOrders(state: EnergyState, query: ListQuery, now: number) {
	const matches = (status: number) =>
		query.filter.length === 0 ||
		query.filter.some((group) =>
			group.every((c) => {
				if (c.field !== 'status') return true;
				const value = asInt(c.value);
				return c.operator === '!=' ? status !== value : status === value;
			})
		);
	const rows = state.orders
		.map((o) => ({ guid: o.guid, status: statusAt(o, now), createdAt: o.createdAt }))
		.filter((o) => matches(o.status))
		.sort((a, b) =>
			query.sort === 'asc'
				? a.createdAt - b.createdAt || a.guid - b.guid
				: b.createdAt - a.createdAt || b.guid - a.guid
		);
	return rows.map(({ guid, status }) => ({ guid, status }));
}
