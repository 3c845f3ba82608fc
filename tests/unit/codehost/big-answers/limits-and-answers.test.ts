import { afterEach, describe, expect, it } from 'vitest';
import { readAnswer, toExplorerResponse } from '$lib/codehost/response/explorer-response';
import { saveName } from '$lib/codehost/response/body-limits';
import { LONG_BODY_BYTES } from '$lib/http/read-body';
import { forgetBodies, recentBody, rememberBody } from '$lib/codehost/response/recent-bodies';
import { answered } from '../send-outcome';

const ROOT = 'https://h.example/api/v4';
const context = { apiRoot: ROOT, crossOrigin: false, secrets: [] };

const outcome = (body: string, startedAt?: string) =>
	answered(body, { url: `${ROOT}/projects`, startedAt });

afterEach(() => forgetBodies());

describe('an answer too big to show whole', () => {
	const whole = new Blob([
		'[',
		'{"id":1,"archived":null},'.repeat(Math.ceil(LONG_BODY_BYTES / 25)),
		'{"id":2}]'
	]);
	const start = '[{"id":1,"archived":null},{"id":1,"arch';

	it('is shown cut: not parsed, not called malformed, its start shown and the whole kept to save', async () => {
		const r = await readAnswer(answered(start, { url: `${ROOT}/projects`, whole }), 'GET', context);
		expect(r.cut).toBe(true);
		expect(r.isJson).toBe(false);
		expect(r.shape).toBeNull();
		expect(r.nullBooleans).toBeUndefined();
		expect(r.bodyText).toBe(start);
		expect(r.whole).toBe(whole);
		expect(r.sizeBytes).toBe(whole.size);
	});
	it('is not kept for Compare with… (its start is not the body)', async () => {
		const at = '2026-01-02T00:00:00.000Z';
		await readAnswer(
			answered(start, { url: `${ROOT}/projects`, whole, startedAt: at }),
			'GET',
			context
		);
		expect(recentBody({ at, method: 'GET', url: `${ROOT}/projects` })).toBeUndefined();
	});
	it('a body up to the limit is shown whole', () => {
		const r = toExplorerResponse(outcome('[1,2]'), 'GET', context);
		expect(r.cut).toBeUndefined();
		expect(r.json).toEqual([1, 2]);
	});
});

describe('readAnswer: a big answer read a step per task', () => {
	it('reads a 1 MB list as toExplorerResponse does, with its null yes/no fields found ahead', async () => {
		const body = JSON.stringify(
			Array.from({ length: 20_000 }, (_, i) => ({ id: i, archived: i === 3 ? null : false }))
		);
		const stepped = await readAnswer(outcome(body), 'GET', context);
		const atOnce = toExplorerResponse(outcome(body), 'GET', context);
		expect(stepped.json).toEqual(atOnce.json);
		expect(stepped.pagination.kind).toBe(atOnce.pagination.kind);
		expect(stepped.nullBooleans).toEqual(['3.archived']);
	});
});

describe('the whole bodies of this page’s answers, for Compare with…', () => {
	it('are found by the History entry of the same exchange', () => {
		const o = outcome('[1]', '2026-01-01T10:00:00.000Z');
		toExplorerResponse(o, 'GET', context);
		expect(
			recentBody({ at: '2026-01-01T10:00:00.000Z', method: 'GET', url: `${ROOT}/projects` })
		).toBe('[1]');
		expect(
			recentBody({ at: '2026-01-01T10:00:01.000Z', method: 'GET', url: `${ROOT}/projects` })
		).toBe(undefined);
	});
	it('keep the last few only, and never one too big to show', () => {
		for (let i = 0; i < 8; i++)
			rememberBody({ startedAt: `t${i}`, method: 'GET', url: 'u' }, `[${i}]`);
		expect(recentBody({ at: 't7', method: 'GET', url: 'u' })).toBe('[7]');
		expect(recentBody({ at: 't0', method: 'GET', url: 'u' })).toBeUndefined();
		rememberBody({ startedAt: 'big', method: 'GET', url: 'u' }, 'x'.repeat(LONG_BODY_BYTES + 1));
		expect(recentBody({ at: 'big', method: 'GET', url: 'u' })).toBeUndefined();
	});
	it('keep one copy of an answer remembered twice, so it takes no place of another', () => {
		forgetBodies();
		rememberBody({ startedAt: 'x', method: 'GET', url: 'u' }, '[0]');
		rememberBody({ startedAt: 'a', method: 'GET', url: 'u' }, '[1]');
		rememberBody({ startedAt: 'a', method: 'GET', url: 'u' }, '[1]');
		for (let i = 2; i < 6; i++)
			rememberBody({ startedAt: `t${i}`, method: 'GET', url: 'u' }, `[${i}]`);
		expect(recentBody({ at: 'x', method: 'GET', url: 'u' })).toBe('[0]');
	});
	it('keep answers with the same body at other times, and answers started at the same time', () => {
		forgetBodies();
		rememberBody({ startedAt: 't1', method: 'GET', url: 'u' }, '[]');
		rememberBody({ startedAt: 't2', method: 'GET', url: 'u' }, '[]');
		rememberBody({ startedAt: 't2', method: 'GET', url: 'v' }, '[9]');
		expect(recentBody({ at: 't1', method: 'GET', url: 'u' })).toBe('[]');
		expect(recentBody({ at: 't2', method: 'GET', url: 'u' })).toBe('[]');
		expect(recentBody({ at: 't2', method: 'GET', url: 'v' })).toBe('[9]');
	});
	it('are found only under the same method and URL', () => {
		forgetBodies();
		rememberBody({ startedAt: 't', method: 'GET', url: 'u' }, '[1]');
		expect(recentBody({ at: 't', method: 'POST', url: 'u' })).toBeUndefined();
		expect(recentBody({ at: 't', method: 'GET', url: 'w' })).toBeUndefined();
		forgetBodies();
		expect(recentBody({ at: 't', method: 'GET', url: 'u' })).toBeUndefined();
	});
	it('keep at most 24 million characters together, the oldest going first', () => {
		forgetBodies();
		const big = (c: string) => c.repeat(LONG_BODY_BYTES);
		rememberBody({ startedAt: 'a', method: 'GET', url: 'u' }, big('a'));
		rememberBody({ startedAt: 'b', method: 'GET', url: 'u' }, big('b'));
		expect(recentBody({ at: 'a', method: 'GET', url: 'u' })).toHaveLength(LONG_BODY_BYTES);
		rememberBody({ startedAt: 'c', method: 'GET', url: 'u' }, '[1]');
		expect(recentBody({ at: 'a', method: 'GET', url: 'u' })).toBeUndefined();
		expect(recentBody({ at: 'b', method: 'GET', url: 'u' })).toHaveLength(LONG_BODY_BYTES);
		expect(recentBody({ at: 'c', method: 'GET', url: 'u' })).toBe('[1]');
		forgetBodies();
	});
});

describe('saveName: the file an answer is saved as', () => {
	it('takes the last path segment and an extension for the type', () => {
		expect(saveName(`${ROOT}/projects?page=2`, 'application/json; charset=utf-8')).toBe(
			'projects.json'
		);
		expect(saveName(`${ROOT}/jobs/7/trace`, 'text/plain')).toBe('trace.txt');
		expect(saveName('https://h.example/', '')).toBe('response.txt');
		expect(saveName('not a url', 'text/csv')).toBe('response.csv');
	});
	it('takes the last segment of a path with a trailing slash, drops only the last extension, and joins odd characters into one dash', () => {
		expect(saveName(`${ROOT}/projects/`, 'application/json')).toBe('projects.json');
		expect(saveName(`${ROOT}/files/archive.tar.gz`, 'application/json')).toBe('archive.tar.json');
		expect(saveName(`${ROOT}/files/my%20%20notes`, 'text/plain')).toBe('my-notes.txt');
	});
	it('names HTML and XML answers by their type, and a typeless one as text', () => {
		expect(saveName(`${ROOT}/help`, 'text/html; charset=utf-8')).toBe('help.html');
		expect(saveName(`${ROOT}/feed.atom`, 'application/atom+xml')).toBe('feed.xml');
		expect(saveName(`${ROOT}/projects/1/export`)).toBe('export.txt');
	});
});
