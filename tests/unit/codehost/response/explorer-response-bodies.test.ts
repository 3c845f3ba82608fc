/**
 * Bodies the explorer does not draw as a tree: malformed, nested too deep, too big to parse. Read at
 * once (toExplorerResponse, a History entry) or a step per task (readAnswer, above 200,000 chars).
 */
import { describe, expect, it } from 'vitest';
import {
	readAnswer,
	responseFromEntry,
	toExplorerResponse,
	type ResponseContext
} from '$lib/codehost/response/explorer-response';
import type { HistoryEntry } from '$lib/codehost/history/history';
import { LONG_BODY_BYTES } from '$lib/http/read-body';
import { answered } from '../send-outcome';

const ROOT = 'https://h.example/api/v4';
const context: ResponseContext = { apiRoot: ROOT, crossOrigin: false, secrets: [] };
const TOO_DEEP =
	'This answer is JSON nested more than 100 levels deep, deeper than the tree view reads, so it is shown as text.';

const outcome = (body: string) => answered(body, { url: `${ROOT}/projects/1` });

const stored = (responseBody: string): HistoryEntry => ({
	id: 'h1',
	at: '2026-01-01T10:00:00.000Z',
	method: 'GET',
	path: '/projects/1',
	url: `${ROOT}/projects/1`,
	status: 200,
	durationMs: 30,
	sizeBytes: responseBody.length,
	requestHeaders: {},
	responseHeaders: { 'content-type': 'application/json' },
	responseBody
});

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** Padding that keeps the JSON as it is and makes the body big enough to be read in steps. */
const BIG_PAD = ' '.repeat(200_001);

describe('a body read a step per task', () => {
	it('malformed: not JSON, and called malformed', async () => {
		const r = await readAnswer(outcome(`${BIG_PAD}{"id":`), 'GET', context);
		expect(r.isJson).toBe(false);
		expect(r.json).toBeUndefined();
		expect(r.shape?.id).toBe('malformed-json');
	});

	it('nested too deep: JSON shown as text with a note, no null yes/no fields looked for', async () => {
		const r = await readAnswer(outcome(`${BIG_PAD}${deep(150)}`), 'GET', context);
		expect(r.isJson).toBe(true);
		expect(r.json).toBeUndefined();
		expect(r.treeNote).toBe(TOO_DEEP);
		expect(r.nullBooleans).toBeUndefined();
	});

	it('nested as deep as the tree reads: drawn as a tree', async () => {
		const r = await readAnswer(outcome(`${BIG_PAD}${deep(100)}`), 'GET', context);
		expect(r.isJson).toBe(true);
		expect(r.treeNote).toBeUndefined();
		expect(r.nullBooleans).toEqual([]);
	});
});

describe('a body read at once', () => {
	it('too big to show: cut, not parsed, not called malformed', () => {
		const whole = new Blob(['[1,', '2,'.repeat(LONG_BODY_BYTES / 2), '3]']);
		const long = answered('[1,2,2,2', { url: `${ROOT}/projects/1`, whole });
		const r = toExplorerResponse(long, 'GET', context);
		expect(r.cut).toBe(true);
		expect(r.isJson).toBe(false);
		expect(r.shape).toBeNull();
		expect(r.bodyText).toBe('[1,2,2,2');
		expect(r.whole).toBe(whole);
	});

	it('a History entry nested too deep: shown as text with the note', () => {
		const r = responseFromEntry(stored(deep(150)), context);
		expect(r.isJson).toBe(true);
		expect(r.json).toBeUndefined();
		expect(r.treeNote).toBe(TOO_DEEP);
		expect(responseFromEntry(stored(deep(3)), context).treeNote).toBeUndefined();
	});

	it('a History entry too big to parse is not read as JSON', () => {
		const r = responseFromEntry(stored(`[${'1,'.repeat(LONG_BODY_BYTES / 2)}1]`), context);
		expect(r.isJson).toBe(false);
		expect(r.json).toBeUndefined();
	});
});
