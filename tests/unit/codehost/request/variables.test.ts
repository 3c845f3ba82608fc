import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { variableProblems } from '$lib/codehost/request/check';
import { resolve, resolveParams, variableNames } from '$lib/codehost/request/variables';
import { explorerOver } from '../explorer-over';

const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
const value = fc.string({ minLength: 1, maxLength: 20 });

describe('variables', () => {
	it('a path variable is one segment: any value decodes back to itself and never adds a "/"', () => {
		fc.assert(
			fc.property(name, value, (n, v) => {
				const { text, unresolved } = resolve(`/projects/{{${n}}}/issues`, { [n]: v }, 'path');
				expect(unresolved).toEqual([]);
				const segments = text.split('/');
				expect(segments).toHaveLength(4);
				expect(decodeURIComponent(segments[2]!)).toBe(v);
				expect(segments[2]).not.toMatch(/[/?#&+ ]/);
			})
		);
	});

	it('a query variable stays inside its value: the parsed query has the value and no extra pair', () => {
		fc.assert(
			fc.property(name, value, (n, v) => {
				const { text } = resolve(`search={{${n}}}&per_page=5`, { [n]: v }, 'query');
				const parsed = new URLSearchParams(text);
				expect([...parsed.keys()]).toEqual(['search', 'per_page']);
				expect(parsed.get('search')).toBe(v);
			})
		);
	});

	it('a JSON variable lands in the string as text: quotes and backslashes survive the round trip', () => {
		fc.assert(
			fc.property(name, value, (n, v) => {
				const params = resolveParams({ title: `[{{${n}}}]`, list: [`{{${n}}}`] }, { [n]: v });
				expect(JSON.parse(JSON.stringify(params))).toEqual({ title: `[${v}]`, list: [v] });
			})
		);
	});

	it('an unknown or empty variable is left as written and reported once; text without braces is untouched', () => {
		expect(resolve('/a/{{x}}/{{ y }}/{{x}}', { y: '' }, 'path')).toEqual({
			text: '/a/{{x}}/{{ y }}/{{x}}',
			unresolved: ['x', 'y']
		});
		fc.assert(
			fc.property(
				fc.string().filter((t) => !t.includes('{{')),
				(t) => {
					expect(resolve(t, {}, 'query').text).toBe(t);
				}
			)
		);
		// Inherited names are not values.
		expect(resolve('{{constructor}}', {}, 'raw').unresolved).toEqual(['constructor']);
	});

	it('lists names in order of first use', () => {
		expect(variableNames('/p/{{b}}', 'q={{a}}&r={{b}}')).toEqual(['b', 'a']);
	});

	it('refuses a variable where a credential goes, and a header value with a line break', () => {
		expect(variableProblems('PRIVATE-TOKEN: {{token}}', '', { token: 'x' })[0]).toMatch(
			/Token field/
		);
		expect(variableProblems('', 'private_token={{t}}', { t: 'x' })[0]).toMatch(/Token field/);
		expect(variableProblems('X-A: {{v}}', '', { v: 'a\r\nX-Evil: 1' })[0]).toMatch(/line break/);
		expect(variableProblems('X-A: {{v}}', 'a={{v}}', { v: 'fine' })).toEqual([]);
	});
});

describe('explorer with an environment', () => {
	function setup() {
		const app = createCodehostApp();
		const sent: Request[] = [];
		const explorer = explorerOver(async (input, init) => {
			const request = new Request(input, init);
			sent.push(request.clone());
			return app.fetch(request);
		});
		return { explorer, sent };
	}

	it('fills path, query, body and headers from the active environment; "Will send" shows it resolved', async () => {
		const { explorer, sent } = setup();
		explorer.environments.setValue('project', 'gitlab-org/server-2');
		explorer.environments.setValue('who', 'a b&c');
		explorer.form.path = '/projects/{{project}}';
		explorer.form.query = 'search={{who}}';
		explorer.form.headers = 'X-Who: {{who}}';
		expect(explorer.form.previewUrl).toBe(
			'https://codehost.demo/api/v4/projects/gitlab-org%2Fserver-2?search=a%20b%26c'
		);
		await explorer.exchange.send();
		expect(explorer.exchange.refused).toBeNull();
		expect(new URL(sent[0]!.url).pathname).toBe('/api/v4/projects/gitlab-org%2Fserver-2');
		expect(sent[0]!.headers.get('x-who')).toBe('a b&c');
		expect(explorer.exchange.response?.status).toBe(200);

		explorer.form.method = 'POST';
		explorer.form.path = '/projects';
		explorer.form.query = '';
		explorer.form.headers = '';
		explorer.form.bodyKind = 'json';
		explorer.form.params = '{"name": "{{who}}"}';
		await explorer.exchange.send();
		expect(await sent[1]!.json()).toEqual({ name: 'a b&c' });
	});

	it('an unresolved variable is flagged before sending and nothing goes out', async () => {
		const { explorer, sent } = setup();
		explorer.form.path = '/projects/{{project_id}}';
		expect(explorer.form.lint.find((l) => l.level === 'error')?.message).toMatch(
			/\{\{project_id\}\} a value/
		);
		await explorer.exchange.send();
		expect(sent).toHaveLength(0);
		expect(explorer.exchange.refused).toMatch(/project_id/);
		explorer.environments.setValue('project_id', '1');
		await explorer.exchange.send();
		expect(sent).toHaveLength(1);
		expect(new URL(sent[0]!.url).pathname).toBe('/api/v4/projects/1');
	});

	it('switching environment changes what is sent', async () => {
		const { explorer, sent } = setup();
		explorer.form.path = '/projects/{{id}}';
		explorer.environments.setValue('id', '1');
		expect(explorer.environments.add('Other')).toBe(true);
		expect(explorer.form.unresolved).toEqual(['id']);
		explorer.environments.setValue('id', '2');
		await explorer.exchange.send();
		explorer.environments.select(explorer.environments.environments[0]!.id);
		await explorer.exchange.send();
		expect(sent.map((r) => new URL(r.url).pathname)).toEqual([
			'/api/v4/projects/2',
			'/api/v4/projects/1'
		]);
	});
});
