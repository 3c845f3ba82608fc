/** The paginated listings: offset by default, keyset where the table allows it (CH-OFF-*, CH-KEY-*). */
import type { Principal } from './auth';
import { PROJECT_COUNT, projectListing, type DemoGroup, type DemoUser } from './data';
import { offsetPage } from './offset-pagination';
import {
	b64,
	KEYSET_UNAVAILABLE,
	keysetAnswer,
	keysetNext,
	keysetOrderMissing,
	maxOffsetError,
	pastMaxOffset,
	perPageOf,
	unb64
} from './responses';

export function listProjects(url: URL): Response {
	const perPage = perPageOf(url);
	if (url.searchParams.get('pagination') === 'keyset') {
		const unordered = keysetOrderMissing(url);
		if (unordered) return unordered;
		const orderBy = url.searchParams.get('order_by') ?? 'id';
		if (orderBy !== 'id') return KEYSET_UNAVAILABLE();
		const desc = url.searchParams.get('sort') === 'desc';
		const after = Number(url.searchParams.get(desc ? 'id_before' : 'id_after')) || undefined;
		const items = projectListing(url.origin, desc, after).slice(0, perPage);
		return keysetAnswer(items, url, perPage, () =>
			keysetNext(url, { [desc ? 'id_before' : 'id_after']: String(items.at(-1)!.id) }, [
				'id_after',
				'id_before'
			])
		);
	}
	if (pastMaxOffset(url)) return maxOffsetError('Project');
	const { items, headers } = offsetPage(projectListing(url.origin), url, PROJECT_COUNT);
	return new Response(JSON.stringify(items), { headers });
}

export function listUsers(url: URL, users: DemoUser[]): Response {
	const perPage = perPageOf(url);
	if (url.searchParams.get('pagination') === 'keyset') {
		const unordered = keysetOrderMissing(url);
		if (unordered) return unordered;
		const orderBy = (url.searchParams.get('order_by') ?? 'id') as keyof DemoUser;
		if (!['id', 'name', 'username'].includes(orderBy)) return KEYSET_UNAVAILABLE();
		const desc = url.searchParams.get('sort') === 'desc';
		const sorted = [...users].sort((x, y) => {
			const c =
				String(x[orderBy]).localeCompare(String(y[orderBy]), 'en', { numeric: true }) ||
				x.id - y.id;
			return desc ? -c : c;
		});
		const cursor = url.searchParams.get('cursor');
		let start = 0;
		if (cursor) {
			const lastId = Number((JSON.parse(unb64(cursor) || '{}') as { id?: number }).id);
			start = sorted.findIndex((u) => u.id === lastId) + 1;
		}
		const items = sorted.slice(start, start + perPage);
		return keysetAnswer(items, url, perPage, () =>
			keysetNext(
				url,
				{
					cursor: b64(JSON.stringify({ id: items.at(-1)!.id, [orderBy]: items.at(-1)![orderBy] }))
				},
				[]
			)
		);
	}
	// Offset on users is deprecated; past the maximum offset keyset is enforced (CH-OFF-7).
	if (pastMaxOffset(url)) return maxOffsetError('User');
	const { items, headers } = offsetPage(users, url);
	return new Response(JSON.stringify(items), { headers });
}

export function listGroups(url: URL, groups: DemoGroup[], principal: Principal | null): Response {
	const visible = principal ? groups : groups.filter((g) => g.visibility === 'public');
	if (url.searchParams.get('pagination') === 'keyset') {
		const unordered = keysetOrderMissing(url);
		if (unordered) return unordered;
		// Groups: keyset only unauthenticated, order_by=name, sort=asc (CH-KEY-6).
		const orderBy = url.searchParams.get('order_by') ?? 'name';
		const sort = url.searchParams.get('sort') ?? 'asc';
		if (principal || orderBy !== 'name' || sort !== 'asc') return KEYSET_UNAVAILABLE();
		const perPage = perPageOf(url);
		const sorted = [...visible].sort((x, y) => x.name.localeCompare(y.name));
		const cursor = url.searchParams.get('cursor');
		const lastName = cursor
			? (JSON.parse(unb64(cursor) || '{}') as { name?: string }).name
			: undefined;
		const start = lastName === undefined ? 0 : sorted.findIndex((g) => g.name === lastName) + 1;
		const items = sorted.slice(start, start + perPage);
		return keysetAnswer(items, url, perPage, () =>
			keysetNext(url, { cursor: b64(JSON.stringify({ name: items.at(-1)!.name })) }, [])
		);
	}
	const { items, headers } = offsetPage(visible, url);
	return new Response(JSON.stringify(items), { headers });
}
