import { har as validateHar } from 'har-validator';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '$lib/codehost/history/history';
import { exportHar } from '$lib/codehost/import/har-export';
import { parseImport } from '$lib/codehost/import/read-import';
import { API_ROOT } from './sent';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
	id: `h-${Math.random()}`,
	at: '2026-11-30T10:00:00.000Z',
	method: 'GET',
	path: '/projects',
	url: `${API_ROOT}/projects?per_page=5`,
	status: 200,
	durationMs: 42,
	sizeBytes: 2,
	requestHeaders: { Accept: 'application/json', 'PRIVATE-TOKEN': '[redacted]' },
	responseHeaders: { 'content-type': 'application/json', 'x-total': '7' },
	responseBody: '[]',
	...over
});

const entries: HistoryEntry[] = [
	entry({
		at: '2026-11-30T10:00:02.000Z',
		method: 'POST',
		path: '/projects/7/issues',
		url: `${API_ROOT}/projects/7/issues`,
		requestHeaders: { 'Content-Type': 'application/json' },
		requestBody: '{"title":"Über"}',
		status: 201,
		responseBody: '{"iid":1}',
		sizeBytes: 9
	}),
	entry({}),
	entry({
		at: '2026-11-30T10:00:03.000Z',
		status: undefined,
		problemKind: 'network',
		responseHeaders: {},
		responseBody: undefined,
		sizeBytes: 0
	}),
	entry({
		at: '2026-11-30T10:00:04.000Z',
		status: 301,
		responseHeaders: { location: `${API_ROOT}/projects/2` },
		responseBody: 'x'.repeat(10),
		responseBodyCut: true
	})
];

describe('exportHar', () => {
	const text = exportHar(entries);
	const log = (
		JSON.parse(text) as {
			log: {
				entries: {
					request: Record<string, unknown>;
					response: Record<string, unknown>;
					comment?: string;
				}[];
			};
		}
	).log;

	it('a HAR validator accepts the file', async () => {
		await expect(validateHar(JSON.parse(text))).resolves.toBeTruthy();
	});

	it('the validator is not a rubber stamp: a broken entry is refused', async () => {
		const broken = JSON.parse(text) as { log: { entries: { request: { url?: string } }[] } };
		delete broken.log.entries[0]!.request.url;
		await expect(validateHar(broken)).rejects.toBeTruthy();
	});

	it('entries oldest first, with what was sent and received, as History kept it (redacted)', () => {
		expect(log.entries.map((e) => e.request.url)).toEqual([
			`${API_ROOT}/projects?per_page=5`,
			`${API_ROOT}/projects/7/issues`,
			`${API_ROOT}/projects?per_page=5`,
			`${API_ROOT}/projects?per_page=5`
		]);
		expect(log.entries[0]!.request.queryString).toEqual([{ name: 'per_page', value: '5' }]);
		expect(log.entries[0]!.request.headers).toContainEqual({
			name: 'PRIVATE-TOKEN',
			value: '[redacted]'
		});
		expect(log.entries[1]!.request.postData).toEqual({
			mimeType: 'application/json',
			text: '{"title":"Über"}'
		});
		expect(log.entries[1]!.request.bodySize).toBe(17);
		expect(log.entries[2]!.response.status).toBe(0);
		expect(log.entries[2]!.comment).toBe('No answer: network.');
		expect(log.entries[3]!.response.redirectURL).toBe(`${API_ROOT}/projects/2`);
		expect((log.entries[3]!.response.content as { comment: string }).comment).toMatch(
			/History keeps its start/
		);
	});

	it('read back by the HAR import, the requests are the ones recorded', async () => {
		const back = await parseImport(text, { apiRoot: API_ROOT });
		const rs = back.collections.flatMap((c) => c.requests);
		expect(rs.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual([
			'GET /projects?per_page=5',
			'POST /projects/7/issues?',
			'GET /projects?per_page=5',
			'GET /projects?per_page=5'
		]);
		expect(JSON.parse(rs[1]!.params)).toEqual({ title: 'Über' });
	});
});
