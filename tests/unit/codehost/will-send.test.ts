import { describe, expect, it } from 'vitest';
import { explorerOver, ROOT } from './explorer-over';

const TOKEN = 'glpat-will-send-token';
const OTHER = 'http://127.0.0.1:6102/api/v4/projects';

function explorerWithToken(way: 'private-token-query' | 'private-token-header') {
	const explorer = explorerOver(async () => new Response('[]'));
	explorer.auth.method = 'personal';
	explorer.auth.way = way;
	explorer.auth.token = TOKEN;
	explorer.form.query = 'per_page=5';
	return explorer;
}

describe('"Will send" and "Copy as cURL" name where the send path sends, and carry its credentials only there', () => {
	it('a typed absolute Path on another server: its address, no token parameter, a note', () => {
		const explorer = explorerWithToken('private-token-query');
		explorer.form.path = OTHER;
		expect(explorer.form.target).toEqual({ url: `${OTHER}?per_page=5`, credentialed: false });
		expect(explorer.form.previewUrl).toBe(`${OTHER}?per_page=5`);
		const curl = explorer.tools.curl(true);
		expect(curl).toContain(`'${OTHER}?per_page=5'`);
		expect(curl).not.toContain(TOKEN);
	});

	it('the same with the token in a header: the copied cURL has no PRIVATE-TOKEN', () => {
		const explorer = explorerWithToken('private-token-header');
		explorer.form.path = OTHER;
		expect(explorer.tools.curl(true)).not.toMatch(/PRIVATE-TOKEN/i);
	});

	it('under the API root: the token parameter is shown as … and copied when asked for', () => {
		const explorer = explorerWithToken('private-token-query');
		explorer.form.path = '/projects';
		expect(explorer.form.target.credentialed).toBe(true);
		expect(explorer.form.previewUrl).toBe(`${ROOT}/projects?per_page=5&private_token=…`);
		expect(explorer.tools.curl(true)).toContain(
			`${ROOT}/projects?per_page=5&private_token=${TOKEN}`
		);
		expect(explorer.tools.curl(false)).not.toContain(TOKEN);
	});
});
