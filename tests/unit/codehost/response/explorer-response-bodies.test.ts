/**
 * Bodies the explorer does not draw as a tree: malformed, nested too deep, too big to parse. Read at
 * once (toExplorerResponse, a History entry) or a step per task (readAnswer, above 200,000 chars).
 */
import { describe, expect, it, afterEach } from 'vitest';
import {
	readAnswer,
	responseFromEntry,
	toExplorerResponse,
	type ResponseContext
} from '$lib/codehost/response/explorer-response';
import type { HistoryEntry } from '$lib/codehost/history/history';
import { LONG_BODY_BYTES } from '$lib/http/read-body';
import { answered } from '../send-outcome';
import { forgetBodies, recentBody } from '$lib/codehost/response/recent-bodies';

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

/** An answer to GET /projects (the list), as the big-answer tests read it. */
const listOutcome = (body: string) => answered(body, { url: `${ROOT}/projects` });

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
		const r = toExplorerResponse(listOutcome('[1,2]'), 'GET', context);
		expect(r.cut).toBeUndefined();
		expect(r.json).toEqual([1, 2]);
	});
});

describe('readAnswer: a big answer read a step per task', () => {
	it('reads a 1 MB list as toExplorerResponse does, with its null yes/no fields found ahead', async () => {
		const body = JSON.stringify(
			Array.from({ length: 20_000 }, (_, i) => ({ id: i, archived: i === 3 ? null : false }))
		);
		const stepped = await readAnswer(listOutcome(body), 'GET', context);
		const atOnce = toExplorerResponse(listOutcome(body), 'GET', context);
		expect(stepped.json).toEqual(atOnce.json);
		expect(stepped.pagination.kind).toBe(atOnce.pagination.kind);
		expect(stepped.nullBooleans).toEqual(['3.archived']);
	});
});
