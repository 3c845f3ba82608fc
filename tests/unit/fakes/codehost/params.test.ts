/** How the demo code host reads parameters: query and body, JSON, form or multipart, brackets nested. */
import { describe, expect, it } from 'vitest';
import { readParams, setBracketed, type Params } from '$lib/fakes/codehost/params';

const URL_ = new URL('https://codehost.demo/api/v4/projects/1/pipeline?ref=main');

describe('setBracketed', () => {
	it('CH-PAY-6: nests variables[0][key], appends labels[], and keys override_params[visibility]', () => {
		const p: Params = {};
		setBracketed(p, 'variables[0][key]', 'A');
		setBracketed(p, 'variables[0][value]', '1');
		setBracketed(p, 'labels[]', 'x');
		setBracketed(p, 'labels[]', 'y');
		setBracketed(p, 'override_params[visibility]', 'private');
		setBracketed(p, 'plain', 'v');
		expect(p).toEqual({
			variables: [{ key: 'A', value: '1' }],
			labels: ['x', 'y'],
			override_params: { visibility: 'private' },
			plain: 'v'
		});
	});
});

describe('readParams', () => {
	it('reads the query, then a JSON body over it; an unreadable JSON body adds nothing', async () => {
		const post = (body: string) =>
			new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
		expect((await readParams(post('{"variables":[{"key":"A"}]}'), URL_)).params).toEqual({
			ref: 'main',
			variables: [{ key: 'A' }]
		});
		expect((await readParams(post('{oops'), URL_)).params).toEqual({ ref: 'main' });
	});

	it('reads a bracketed form, and a multipart form with its files apart', async () => {
		const form = new Request(URL_, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'variables[0][key]=A&variables[0][value]=1'
		});
		expect((await readParams(form, URL_)).params).toEqual({
			ref: 'main',
			variables: [{ key: 'A', value: '1' }]
		});
		const data = new FormData();
		data.set('path', 'imported');
		data.set('file', new File(['export'], 'project.tar.gz'));
		const { params, files } = await readParams(
			new Request(URL_, { method: 'POST', body: data }),
			URL_
		);
		expect(params).toEqual({ ref: 'main', path: 'imported' });
		expect(files.file?.name).toBe('project.tar.gz');
	});

	it('a GET has only its query', async () => {
		expect(await readParams(new Request(URL_), URL_)).toEqual({
			params: { ref: 'main' },
			files: {}
		});
	});
});
