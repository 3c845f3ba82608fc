// The keyset helper: which list endpoints offer keyset pagination, and the query it fills.
import { describe, expect, it } from 'vitest';
import { keysetAdvice, KEYSET_RESOURCES } from '$lib/codehost/pagination/keyset-resources';

describe('keyset helper', () => {
	it('CH-KEY-1: fills pagination=keyset, order_by and sort for projects', () => {
		expect(keysetAdvice('/projects', false).query).toBe(
			'pagination=keyset&per_page=100&order_by=id&sort=asc'
		);
		expect(keysetAdvice('/users', true, 20, 'username', 'desc').query).toBe(
			'pagination=keyset&per_page=20&order_by=username&sort=desc'
		);
	});

	it('CH-KEY-6: groups only unauthenticated; jobs only authenticated; namespaces not at all', () => {
		expect(keysetAdvice('/groups', true).ok).toBe(false);
		expect(keysetAdvice('/groups', false).query).toBe(
			'pagination=keyset&per_page=100&order_by=name&sort=asc'
		);
		expect(keysetAdvice('/projects/1/jobs', false).message).toMatch(/authentication/);
		expect(keysetAdvice('/namespaces', true).ok).toBe(false);
		expect(KEYSET_RESOURCES).toHaveLength(10);
	});

	it('CH-KEY-6: the advice names the columns, the directions and who may use keyset', () => {
		expect(keysetAdvice('/users', false).message).toBe(
			'Users: order_by id | name | username, sort asc | desc; with or without authentication.'
		);
		expect(keysetAdvice('/projects/1/jobs', true)).toEqual({
			ok: true,
			message: 'Project jobs: order_by id, sort desc; authenticated only.',
			query: 'pagination=keyset&per_page=100&order_by=id&sort=desc'
		});
		expect(keysetAdvice('/groups', false).message).toBe(
			'Groups: order_by name, sort asc; unauthenticated only.'
		);
	});

	it('CH-KEY-1: a tree listing has no order_by to fill; an unknown column or direction falls back to the first', () => {
		expect(keysetAdvice('/projects/1/repository/tree', false)).toEqual({
			ok: true,
			message:
				'Repository tree listing: order_by (any), sort asc | desc; with or without authentication.',
			query: 'pagination=keyset&per_page=100&sort=asc'
		});
		expect(keysetAdvice('/users', true, 50, 'email', 'desc').query).toBe(
			'pagination=keyset&per_page=50&order_by=id&sort=desc'
		);
		expect(keysetAdvice('/projects/1/jobs', true, 20, 'id', 'asc').query).toBe(
			'pagination=keyset&per_page=20&order_by=id&sort=desc'
		);
	});

	it('CH-KEY-6: the path is matched without its query and trailing slashes', () => {
		expect(keysetAdvice('/projects/?membership=true', false).ok).toBe(true);
		expect(keysetAdvice('/projects//', false).ok).toBe(true);
		expect(keysetAdvice('/projects/1/jobs', false)).toEqual({
			ok: false,
			message: 'Project jobs: keyset needs authentication. Choose an auth method first.'
		});
		expect(keysetAdvice('/groups', true)).toEqual({
			ok: false,
			message: 'Groups: keyset works only for unauthenticated requests. Choose Auth method “None”.'
		});
		expect(keysetAdvice('/namespaces', true)).toEqual({
			ok: false,
			message:
				'Keyset pagination is not offered for /namespaces: only some resources support it (projects, users, groups, jobs, audit events, …) (CH-KEY-6).'
		});
	});
});
