import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	decodeQuery,
	encodeComponent,
	encodeProjectRef,
	encodeQuery,
	fillPath,
	fixPlus,
	flattenParams,
	lintRequest,
	pathParamNames
} from '$lib/codehost/request/encoding';

describe('encoders', () => {
	it('CH-PAY-7: a literal + in a query value is sent as %2B and reads back as +', () => {
		expect(encodeQuery({ created_after: '2024-01-01T00:00:00+02:00' })).toBe(
			'created_after=2024-01-01T00%3A00%3A00%2B02%3A00'
		);
		fc.assert(
			fc.property(fc.string(), (value) => {
				const q = encodeQuery({ v: value });
				expect(q.slice(2)).not.toContain('+');
				expect(decodeQuery(q)).toEqual([['v', value]]);
			})
		);
	});

	it('CH-PAY-7: fixPlus turns bare + into %2B', () => {
		expect(fixPlus('since=2024-01-01T00:00:00+02:00')).toBe('since=2024-01-01T00:00:00%2B02:00');
	});

	it('CH-PAY-4: arrays are repeated as name[]=value, in order', () => {
		expect(encodeQuery({ labels: ['bug', 'ui'] })).toBe('labels[]=bug&labels[]=ui');
		fc.assert(
			fc.property(fc.array(fc.string()), (values) => {
				const pairs = decodeQuery(encodeQuery({ a: values }));
				expect(pairs).toEqual(values.map((v) => ['a[]', v]));
			})
		);
	});

	it('CH-PAY-5: hashes are written name[key]=value', () => {
		expect(encodeQuery({ override_params: { visibility: 'private' } })).toBe(
			'override_params[visibility]=private'
		);
		fc.assert(
			fc.property(fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), fc.string()), (hash) => {
				const pairs = decodeQuery(encodeQuery({ h: hash }));
				expect(pairs).toEqual(Object.entries(hash).map(([k, v]) => [`h[${k}]`, v]));
			})
		);
	});

	it('CH-PAY-6: arrays of hashes are written name[0][key]=…&name[0][value]=…', () => {
		expect(
			encodeQuery({
				variables: [
					{ key: 'A', value: '1' },
					{ key: 'B', value: '2' }
				]
			})
		).toBe('variables[0][key]=A&variables[0][value]=1&variables[1][key]=B&variables[1][value]=2');
		fc.assert(
			fc.property(fc.array(fc.record({ key: fc.string(), value: fc.string() })), (vars) => {
				const pairs = decodeQuery(encodeQuery({ variables: vars }));
				expect(pairs).toEqual(
					vars.flatMap((v, i) => [
						[`variables[${i}][key]`, v.key],
						[`variables[${i}][value]`, v.value]
					])
				);
			})
		);
	});

	it('flattenParams leaves out undefined and sends null empty (CH-BOOL-2 booleans as true/false)', () => {
		expect(flattenParams({ a: undefined, b: null, c: true, d: false })).toEqual([
			['b', ''],
			['c', 'true'],
			['d', 'false']
		]);
	});

	it('encodeComponent never leaves a reserved character raw', () => {
		fc.assert(
			fc.property(fc.string(), (s) => {
				expect(encodeComponent(s)).toMatch(/^[A-Za-z0-9\-_.~%]*$/);
				expect(decodeURIComponent(encodeComponent(s))).toBe(s);
			})
		);
	});
});

describe('path parameters', () => {
	it('CH-PATH-1: a project is a number as it is, or namespace/project with %2F', () => {
		expect(encodeProjectRef('42')).toBe('42');
		expect(encodeProjectRef('diaspora/client-1')).toBe('diaspora%2Fclient-1');
		fc.assert(
			fc.property(
				fc.array(fc.stringMatching(/^[a-z0-9-]{1,10}$/), { minLength: 2, maxLength: 4 }),
				(parts) => {
					const encoded = encodeProjectRef(parts.join('/'));
					expect(encoded).not.toContain('/');
					expect(decodeURIComponent(encoded)).toBe(parts.join('/'));
				}
			)
		);
	});

	it('CH-PATH-2: file paths, branches and tags with / are one %2F-encoded segment', () => {
		expect(
			fillPath('/projects/:id/repository/files/:file_path', {
				id: '1',
				file_path: 'docs/guide/README.md'
			})
		).toBe('/projects/1/repository/files/docs%2Fguide%2FREADME.md');
		expect(
			fillPath('/projects/:id/branches/:branch/commits', { id: 'a/b', branch: 'feature/login' })
		).toBe('/projects/a%2Fb/branches/feature%2Flogin/commits');
		fc.assert(
			fc.property(fc.string({ minLength: 1 }), (tag) => {
				const path = fillPath('/projects/:id/repository/tags/:tag', { id: '1', tag });
				expect(path.split('/')).toHaveLength(6);
				expect(decodeURIComponent(path.split('/')[5]!)).toBe(tag);
			})
		);
	});

	it('pathParamNames lists the :params of a template in order', () => {
		expect(pathParamNames('/projects/:id/share/:group_id')).toEqual(['id', 'group_id']);
	});

	it('CH-PATH-3: the lint warns before sending a raw / that would match no endpoint', () => {
		expect(
			lintRequest('/projects/diaspora/client-1/issues')
				.map((l) => l.message)
				.join()
		).toMatch(/%2F/);
		expect(lintRequest('/projects/1/repository/files/docs/a.md').length).toBe(1);
		expect(lintRequest('/projects/1/repository/tags/release/1.0').length).toBe(1);
		expect(lintRequest('/projects/1/branches/feature/login/commits').length).toBe(1);
		expect(lintRequest('/projects/diaspora%2Fclient-1/issues/5')).toEqual([]);
		expect(lintRequest('/projects/:id')[0]!.level).toBe('error');
	});

	it('CH-ROOT-1, CH-VER-1: the lint says the API root is already in the base URL and .json is not needed', () => {
		expect(lintRequest('/api/v4/projects').length).toBe(1);
		expect(lintRequest('/projects.json').length).toBe(1);
	});

	it('CH-KEY-1: the lint says keyset needs order_by and sort before the server refuses it', () => {
		expect(lintRequest('/projects', 'pagination=keyset&per_page=20')[0]!.message).toMatch(
			/needs order_by and sort/
		);
		expect(lintRequest('/projects', 'pagination=keyset&order_by=id')[0]!.message).toMatch(
			/needs sort as well/
		);
		expect(lintRequest('/projects', 'pagination=keyset&order_by=id&sort=asc')).toEqual([]);
	});

	it('CH-PAY-7: the lint warns about a bare + in the query', () => {
		expect(lintRequest('/projects', 'updated_after=2024-01-01T00:00:00+02:00')[0]!.message).toMatch(
			/%2B/
		);
	});
});
