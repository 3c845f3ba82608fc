/**
 * An endpoint's parameters as completion and the endpoint's details show them: the catalogue's
 * names, required or not and how lists go, with paging from the API's conventions, and the
 * names still to offer while a query is typed.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalogue, type CatalogueData } from '$lib/codehost/catalogue/catalogue';
import { endpointParams, paramSuggestions, paramSummary } from '$lib/codehost/catalogue/param-info';
import data from '$lib/codehost/catalogue/gitlab-endpoints.json';

const catalogue = buildCatalogue(data as CatalogueData);
const find = (label: string) => {
	const entry = catalogue.find((e) => e.label === label);
	if (!entry) throw new Error(`no entry ${label}`);
	return entry;
};

describe('an endpoint’s parameters', () => {
	it('required first, then optional, each with how it is sent where the catalogue says', () => {
		const params = endpointParams(find('POST /projects/:id/issues'));
		expect(params[0]).toMatchObject({ name: 'title', required: true, where: 'body' });
		expect(params.find((p) => p.name === 'labels')).toMatchObject({
			required: false,
			type: 'comma-separated list'
		});
		// Not a list: no paging offered.
		expect(params.some((p) => p.name === 'page')).toBe(false);
	});

	it('CH-OFF-1, CH-KEY-1: a list takes page and per_page; a keyset list its ordering too', () => {
		const params = endpointParams(find('GET /projects'));
		const byName = Object.fromEntries(params.map((p) => [p.name, p]));
		expect(byName.per_page).toMatchObject({ type: 'integer', where: 'query' });
		expect(byName.per_page!.description).toMatch(/at most 100/);
		expect(byName.pagination!.values).toEqual(['keyset']);
		expect(byName.sort!.values).toEqual(['asc', 'desc']);
		expect(byName.order_by!.description).toMatch(/keyset pagination: id/);
		expect(new Set(params.map((p) => p.name)).size).toBe(params.length);
	});

	it('one line each: name, type, required or not, description, allowed values', () => {
		const sort = endpointParams(find('GET /projects')).find((p) => p.name === 'sort')!;
		expect(paramSummary(sort)).toBe('sort · optional — Order of the list. Allowed: asc, desc');
		expect(paramSummary({ name: 'title', required: true, where: 'body' })).toBe('title · required');
	});
});

describe('suggestions while a query is typed', () => {
	const params = endpointParams(find('GET /projects'));
	it('names starting with what is typed after the last &, less those already there', () => {
		const names = paramSuggestions(params, 'per_page=5&pa').map((p) => p.name);
		expect(names).toContain('page');
		expect(names).toContain('pagination');
		expect(names).not.toContain('per_page');
	});

	it('none while a value is typed', () => {
		expect(paramSuggestions(params, 'page=')).toEqual([]);
	});
});
