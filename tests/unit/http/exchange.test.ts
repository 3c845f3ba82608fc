import { describe, expect, it } from 'vitest';
import { RECORDED_BODY_CHARS, RECORDED_HEAD_CHARS, recordExchange } from '$lib/http/exchange';

const record = (responseBody: string) =>
	recordExchange({
		startedAt: 0,
		method: 'GET',
		url: 'https://a.test/x',
		requestHeaders: new Headers(),
		responseBody,
		durationMs: 1,
		retries: 0,
		secrets: []
	});

describe('the recorded answer body', () => {
	it('is kept whole up to the limit and cut to its head past it', () => {
		expect(record('a'.repeat(RECORDED_BODY_CHARS)).responseBody).toHaveLength(RECORDED_BODY_CHARS);
		expect(record('a'.repeat(RECORDED_BODY_CHARS + 1)).responseBody).toHaveLength(
			RECORDED_HEAD_CHARS
		);
		expect(record('a'.repeat(RECORDED_HEAD_CHARS + 1)).responseBody).toHaveLength(
			RECORDED_HEAD_CHARS + 1
		);
	});
});

describe('exchange records', () => {
	it('each record gets a new, larger id', () => {
		const make = () =>
			recordExchange({
				startedAt: 0,
				method: 'GET',
				url: 'https://h.test/',
				requestHeaders: new Headers(),
				durationMs: 1,
				retries: 0,
				secrets: []
			});
		const a = make();
		const b = make();
		expect(b.id).toBeGreaterThan(a.id);
	});
});
