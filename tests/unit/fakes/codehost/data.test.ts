/** The demo code host's data: the same on every run, and 10,050 projects built only when listed. */
import { describe, expect, it } from 'vitest';
import {
	demoGroups,
	demoNamespaces,
	demoProjects,
	demoUsers,
	PROJECT_COUNT,
	projectById,
	projectByPath,
	projectListing,
	RENAMED_PROJECTS,
	USER_COUNT
} from '$lib/fakes/codehost/data';

describe('the demo code host’s data', () => {
	it('CH-PATH-4: a project is the same on every call, and its path is not its name', () => {
		const project = projectById(42)!;
		expect(projectById(42)).toEqual(project);
		expect(project.path).not.toBe(project.name);
		expect(project.web_url).toBe(`https://codehost.demo/${project.path_with_namespace}`);
		expect(projectById(42, 'http://127.0.0.1:8781')!.web_url).toMatch(
			/^http:\/\/127\.0\.0\.1:8781\//
		);
	});

	it('finds a project by its namespaced path, and nothing outside the 10,050', () => {
		const project = projectById(7)!;
		expect(projectByPath(project.path_with_namespace)).toEqual(project);
		expect(projectByPath(project.path_with_namespace.replace(/\d+$/, '8'))).toBeUndefined();
		expect(projectByPath('not a path')).toBeUndefined();
		expect(projectById(0)).toBeUndefined();
		expect(projectById(PROJECT_COUNT + 1)).toBeUndefined();
		expect(PROJECT_COUNT).toBeGreaterThan(10_000);
	});

	it('lists the projects up or down by id, after or before an id, building only the slice asked for', () => {
		const up = projectListing();
		expect(up.length).toBe(PROJECT_COUNT);
		expect(up.slice(0, 3).map((p) => p.id)).toEqual([1, 2, 3]);
		expect(
			projectListing(undefined, false, 100)
				.slice(0, 2)
				.map((p) => p.id)
		).toEqual([101, 102]);
		expect(
			projectListing(undefined, true)
				.slice(0, 2)
				.map((p) => p.id)
		).toEqual([PROJECT_COUNT, PROJECT_COUNT - 1]);
		expect(
			projectListing(undefined, true, 3)
				.slice(0, 5)
				.map((p) => p.id)
		).toEqual([2, 1]);
		expect(demoProjects(2)).toEqual(up.slice(0, 2));
	});

	it('CH-REDIR-1: a renamed path points at a project that exists', () => {
		for (const id of Object.values(RENAMED_PROJECTS)) expect(projectById(id)).toBeDefined();
	});

	it('has its users, groups and namespaces, each user and group a namespace', () => {
		const users = demoUsers();
		const groups = demoGroups();
		expect(users).toHaveLength(USER_COUNT);
		expect(new Set(users.map((u) => u.username.toLowerCase())).size).toBe(USER_COUNT);
		const namespaces = demoNamespaces(users, groups);
		expect(namespaces).toHaveLength(users.length + groups.length);
	});
});
