import { FileRefused } from '$lib/ui/file-refused';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notCarriedLines } from '$lib/codehost/import/preview';
import { parseImport } from '$lib/codehost/import/read-import';
import { API_ROOT, sent } from './sent';

const text = readFileSync(new URL('./fixtures/recording.har', import.meta.url), 'utf8');

describe('HAR 1.2', () => {
	it('one request per entry, by recorded page; a raw “/” in the project id is encoded; recorded credentials stay out', async () => {
		const preview = await parseImport(text, { apiRoot: API_ROOT });
		expect(preview.format).toBe('har-1.2');
		expect(preview.counts).toMatchObject({ requests: 4, folders: 1 });
		expect(preview.collections.map((c) => [c.name, c.requests.length])).toEqual([
			['Recorded requests / Übersicht – GitLab', 2],
			['Recorded requests', 2]
		]);
		const [list, create] = preview.collections[0]!.requests;
		expect(list!.path).toBe('/projects/gruppe%2Fapp/issues');
		expect(list!.auth).toEqual({ method: 'personal', way: 'bearer' });
		expect(sent(list!)).toEqual({
			method: 'GET',
			url: `${API_ROOT}/projects/gruppe%2Fapp/issues?state=opened&labels=bug%2Cux`,
			credentialed: true,
			headers: { accept: 'application/json' }
		});
		expect(create!.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		expect(sent(create!)).toMatchObject({
			body: JSON.stringify({ title: 'Neu – ü', confidential: false }),
			headers: { 'Content-Type': 'application/json' }
		});
		const all = JSON.stringify(preview);
		expect(all).not.toContain('glpat-RECORDED');
		expect(all).not.toContain('_service_session=abc');
		const lines = notCarriedLines(preview).join('\n');
		expect(lines).toMatch(/Tokens in the file .*: not imported/);
		expect(lines).toMatch(/Cookies .*: left out: the browser sends its own cookies/);
		expect(lines).toMatch(/Headers the browser sets itself .*user-agent/);
	});

	it('a recorded form body is sent as it was (a + in a value stays %2B)', async () => {
		const preview = await parseImport(text, { apiRoot: API_ROOT });
		const r = preview.collections[1]!.requests[0]!;
		expect(sent(r).body).toBe('ref=main&variables[0][key]=A&variables[0][value]=1%2B1');
	});

	it('with “only the API root”, other servers’ requests are left out and counted', async () => {
		const preview = await parseImport(text, { apiRoot: API_ROOT, onlyApiRoot: true });
		expect(preview.counts.requests).toBe(3);
		expect(preview.explained).toContain(
			'1 recorded request to other servers than the API root was left out, as asked.'
		);
		const all = await parseImport(text, { apiRoot: API_ROOT });
		const cdn = all.collections[1]!.requests[1]!;
		expect(sent(cdn)).toMatchObject({
			url: 'https://cdn.example.net/assets/app.js',
			credentialed: false
		});
	});

	it('an entry without a request refuses the file whole', async () => {
		const bad = JSON.stringify({ log: { version: '1.2', entries: [{ startedDateTime: 'x' }] } });
		await expect(parseImport(bad, { apiRoot: API_ROOT })).rejects.toThrow(FileRefused);
		await expect(parseImport(bad, { apiRoot: API_ROOT })).rejects.toThrow(
			/Entry 1 of the recording has no request/
		);
	});
});
