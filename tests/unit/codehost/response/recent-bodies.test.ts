import { afterEach, describe, expect, it } from 'vitest';
import { toExplorerResponse } from '$lib/codehost/response/explorer-response';
import { LONG_BODY_BYTES } from '$lib/http/read-body';
import { forgetBodies, recentBody, rememberBody } from '$lib/codehost/response/recent-bodies';
import { answered } from '../send-outcome';

const ROOT = 'https://h.example/api/v4';
const context = { apiRoot: ROOT, crossOrigin: false, secrets: [] };

const outcome = (body: string, startedAt?: string) =>
	answered(body, { url: `${ROOT}/projects`, startedAt });

afterEach(() => forgetBodies());

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
