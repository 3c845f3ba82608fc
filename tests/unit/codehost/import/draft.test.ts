import { describe, expect, it } from 'vitest';
import { savedRequest, urlQueryPairs, type RequestDraft } from '$lib/codehost/import/draft';
import { notCarriedLines, PreviewBuilder } from '$lib/codehost/import/preview';
import { API_ROOT, sent } from './sent';

const draft = (over: Partial<RequestDraft>): RequestDraft => ({
	name: 'R',
	where: 'C / R',
	method: 'GET',
	url: `${API_ROOT}/user`,
	headers: [],
	body: { mode: 'none' },
	auth: { type: 'none' },
	...over
});

function run(d: RequestDraft) {
	const builder = new PreviewBuilder('postman-collection-2.1');
	const saved = savedRequest(d, { apiRoot: API_ROOT, variables: {}, builder });
	return { saved, builder, lines: notCarriedLines(builder.build()).join('\n') };
}

describe('savedRequest', () => {
	it('token headers and parameters name the auth method and are left out; their variables become secret', () => {
		const { saved, builder, lines } = run(
			draft({
				url: `${API_ROOT}/user?private_token={{pat}}&x=1`,
				headers: [
					{ name: 'PRIVATE-TOKEN', value: 'glpat-LITERAL00000009' },
					{ name: 'Sudo', value: 'root' },
					{ name: 'Cookie', value: 'a=b' },
					{ name: 'Host', value: 'evil.example' },
					{ name: 'X-Ok', value: 'yes' }
				]
			})
		);
		expect(saved!.query).toBe('x=1');
		expect(saved!.headers).toBe('X-Ok: yes');
		expect(saved!.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		expect([...builder.credentialVariables]).toEqual(['pat']);
		expect(JSON.stringify(saved)).not.toContain('glpat-LITERAL');
		expect(lines).toMatch(
			/Credentials in requests \(sudo parameter\)|Credentials in requests \(Sudo header\)/
		);
	});

	it('a header that is no header name, or holds a line break, is left out (no header can be smuggled in)', () => {
		const { saved, lines } = run(
			draft({
				headers: [
					{ name: 'Bad Name', value: 'x' },
					{ name: 'X-A', value: 'a\r\nPRIVATE-TOKEN: t' }
				]
			})
		);
		expect(saved!.headers).toBe('');
		expect(lines).toMatch(/Headers that are not a header name and a one-line value/);
	});

	it('a query typed in a tool is written so it cannot break the query string', () => {
		const { saved } = run(
			draft({
				query: [
					{ name: 'q', value: 'a b&c=d#e' },
					{ name: 'ok', value: '50%' },
					{ name: 'enc', value: '%2F' }
				]
			})
		);
		expect(sent(saved!).url).toBe(`${API_ROOT}/user?q=a%20b%26c=d%23e&ok=50%25&enc=%2F`);
	});

	it('a JSON body that is not one object is kept as text and named; a GET body is left out', () => {
		const list = run(
			draft({ method: 'POST', body: { mode: 'raw', text: '[1, 2]', language: 'json' } })
		);
		expect(list.saved!.params).toBe('[1, 2]');
		expect(list.lines).toMatch(/JSON bodies that are not one object/);
		const vars = run(
			draft({ method: 'POST', body: { mode: 'raw', text: '{"n": {{n}}}', language: 'json' } })
		);
		expect(vars.lines).toMatch(/JSON bodies that are not valid JSON as written/);
		const get = run(draft({ body: { mode: 'raw', text: '{"a": 1}' } }));
		expect(get.saved!.params).toBe('');
		expect(get.lines).toMatch(/Bodies of GET requests/);
	});

	it('path parameters this explorer cannot name are written in; unknown braces are named', () => {
		const { saved, lines } = run(
			draft({
				url: `${API_ROOT}/projects/:project-id/x/{{$guid}}`,
				pathVariables: [{ name: 'project-id', value: 'a/b' }]
			})
		);
		expect(saved!.path).toBe('/projects/a%2Fb/x/{{$guid}}');
		expect(lines).toMatch(/Path parameters with names this explorer cannot use/);
		expect(lines).toMatch(/Dynamic variables such as \{\{\$guid\}\}/);
	});

	it('a request too large to save is left out, with why', () => {
		const { saved, lines } = run(
			draft({
				method: 'POST',
				body: { mode: 'raw', text: JSON.stringify({ a: 'x'.repeat(200_000) }) }
			})
		);
		expect(saved).toBeUndefined();
		expect(lines).toMatch(/Requests too large to save/);
	});

	it('urlQueryPairs reads a URL’s own query', () => {
		expect(urlQueryPairs('http://x/y?a=1&b&c=#f')).toEqual([
			{ name: 'a', value: '1' },
			{ name: 'b', value: '' },
			{ name: 'c', value: '' }
		]);
	});
});
