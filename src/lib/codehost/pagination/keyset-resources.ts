/** Which list endpoints offer keyset pagination, in which order, and the helper's advice. */
export type KeysetAvailability = 'authenticated' | 'unauthenticated-only' | 'both';

export interface KeysetResource {
	resource: string;
	/** Path this resource is listed at, with :id placeholders. */
	path: RegExp;
	orderBy: string[];
	sort: ('asc' | 'desc')[];
	availability: KeysetAvailability;
}

/** The seed's keyset table (CH-KEY-6). */
export const KEYSET_RESOURCES: readonly KeysetResource[] = [
	{
		resource: 'Group audit events',
		path: /^\/groups\/[^/]+\/audit_events$/,
		orderBy: ['id'],
		sort: ['desc'],
		availability: 'authenticated'
	},
	{
		resource: 'Groups',
		path: /^\/groups$/,
		orderBy: ['name'],
		sort: ['asc'],
		availability: 'unauthenticated-only'
	},
	{
		resource: 'Instance audit events',
		path: /^\/audit_events$/,
		orderBy: ['id'],
		sort: ['desc'],
		availability: 'authenticated'
	},
	{
		resource: 'Package pipelines',
		path: /^\/projects\/[^/]+\/packages\/[^/]+\/pipelines$/,
		orderBy: ['id'],
		sort: ['desc'],
		availability: 'authenticated'
	},
	{
		resource: 'Project jobs',
		path: /^\/projects\/[^/]+\/jobs$/,
		orderBy: ['id'],
		sort: ['desc'],
		availability: 'authenticated'
	},
	{
		resource: 'Project audit events',
		path: /^\/projects\/[^/]+\/audit_events$/,
		orderBy: ['id'],
		sort: ['desc'],
		availability: 'authenticated'
	},
	{
		resource: 'Projects',
		path: /^\/projects$/,
		orderBy: ['id'],
		sort: ['asc', 'desc'],
		availability: 'both'
	},
	{
		resource: 'Users',
		path: /^\/users$/,
		orderBy: ['id', 'name', 'username'],
		sort: ['asc', 'desc'],
		availability: 'both'
	},
	{
		resource: 'Registry repository tags',
		path: /^\/registry\/repositories\/[^/]+\/tags$/,
		orderBy: ['name'],
		sort: ['asc', 'desc'],
		availability: 'authenticated'
	},
	{
		resource: 'Repository tree listing',
		path: /^\/projects\/[^/]+\/repository\/tree$/,
		orderBy: [],
		sort: ['asc', 'desc'],
		availability: 'both'
	}
];

export function keysetResourceFor(path: string): KeysetResource | undefined {
	const bare = path.split('?')[0]!.replace(/\/+$/, '') || '/';
	return KEYSET_RESOURCES.find((r) => r.path.test(bare));
}

export interface KeysetAdvice {
	ok: boolean;
	message: string;
	query?: string;
}

/** Fills pagination=keyset, order_by and sort as the table allows, or says why not (CH-KEY-1, CH-KEY-6). */
export function keysetAdvice(
	path: string,
	authenticated: boolean,
	perPage = 100,
	orderBy?: string,
	sort?: 'asc' | 'desc'
): KeysetAdvice {
	const resource = keysetResourceFor(path);
	if (!resource)
		return {
			ok: false,
			message: `Keyset pagination is not offered for ${path}: only some resources support it (projects, users, groups, jobs, audit events, …) (CH-KEY-6).`
		};
	if (resource.availability === 'unauthenticated-only' && authenticated)
		return {
			ok: false,
			message: `${resource.resource}: keyset works only for unauthenticated requests. Choose Auth method “None”.`
		};
	if (resource.availability === 'authenticated' && !authenticated)
		return {
			ok: false,
			message: `${resource.resource}: keyset needs authentication. Choose an auth method first.`
		};
	const column = orderBy && resource.orderBy.includes(orderBy) ? orderBy : resource.orderBy[0];
	const direction = sort && resource.sort.includes(sort) ? sort : resource.sort[0]!;
	const parts = ['pagination=keyset', `per_page=${perPage}`];
	if (column) parts.push(`order_by=${column}`);
	parts.push(`sort=${direction}`);
	return {
		ok: true,
		message: `${resource.resource}: order_by ${resource.orderBy.join(' | ') || '(any)'}, sort ${resource.sort.join(' | ')}; ${resource.availability === 'both' ? 'with or without authentication' : resource.availability === 'authenticated' ? 'authenticated only' : 'unauthenticated only'}.`,
		query: parts.join('&')
	};
}
