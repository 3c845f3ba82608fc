/**
 * The tools around the request: code and "Copy as cURL" keep the token out unless asked for, cURL
 * copies what went out last, and Import cURL fills the form with its token in the Token field.
 */
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { explorerOver, ROOT } from '../explorer-over';

const TOKEN = 'glpat-secret-token';

function explorer() {
	const app = createCodehostApp();
	const e = explorerOver(async (input, init) => app.fetch(new Request(input, init)));
	e.auth.setMethod('personal');
	e.auth.token = TOKEN;
	e.auth.save();
	return e;
}

describe('RequestTools', () => {
	it('code leaves the token out unless asked for', () => {
		const { tools } = explorer();
		expect(tools.code('cURL')).not.toContain(TOKEN);
		expect(tools.code('cURL', true)).toContain(TOKEN);
		expect(tools.codeRequest()).toMatchObject({
			method: 'GET',
			apiRoot: ROOT,
			target: '/projects'
		});
	});

	it('Copy as cURL names the form’s request before any is sent, and the last one sent after', async () => {
		const e = explorer();
		expect(e.tools.curl(false)).toContain(`${ROOT}/projects?per_page=5`);
		expect(e.tools.curl(false)).not.toContain(TOKEN);
		expect(e.tools.curl(true)).toContain(TOKEN);
		await e.exchange.send();
		e.form.path = '/users';
		expect(e.tools.curl(false)).toContain(`${ROOT}/projects?per_page=5`);
		expect(e.tools.curl(false)).not.toContain('/users');
	});

	it('Import cURL fills the form and puts the token in the Token field, never in the form', () => {
		const e = explorer();
		e.auth.token = '';
		const ok = e.tools.importCurl(
			`curl -X POST -H 'PRIVATE-TOKEN: glpat-from-curl' -H 'Content-Type: application/json' -d '{"name":"x"}' ${ROOT}/projects`
		);
		expect(ok).toBe(true);
		expect(e.form.method).toBe('POST');
		expect(e.form.path).toBe('/projects');
		expect(e.auth.token).toBe('glpat-from-curl');
		expect(JSON.stringify(e.form.request())).not.toContain('glpat-from-curl');
		expect(e.tools.curlImport?.message).toBe(
			'Imported POST /projects; the token is in the Token field.'
		);
	});

	it('a command that is not cURL is refused with why, and the form stays', () => {
		const e = explorer();
		expect(e.tools.importCurl('wget https://example.com')).toBe(false);
		expect(e.tools.curlImport?.ok).toBe(false);
		expect(e.tools.curlImport?.message).toMatch(/^Not imported: /);
		expect(e.form.path).toBe('/projects');
	});

	it('the browser check is for Live only', () => {
		expect(explorer().tools.browserCheck).toBeNull();
	});
});
