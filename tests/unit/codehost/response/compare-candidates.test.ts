import { describe, expect, it } from 'vitest';
import { compareCandidates } from '$lib/codehost/response/compare-candidates';
import type { HistoryEntry } from '$lib/codehost/history/history';

let n = 0;
/** History entries are newest first: make them in that order. */
const entry = (path: string, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
	id: `e${++n}`,
	at: new Date(Date.UTC(2026, 10, 26, 12, 0, 0) - n * 1000).toISOString(),
	method: 'GET',
	path,
	url: `https://h/api/v4${path}`,
	status: 200,
	durationMs: 1,
	sizeBytes: 2,
	requestHeaders: {},
	responseHeaders: {},
	responseBody: '[]',
	...over
});

describe('Compare with…: the answers offered', () => {
	it('a Fetch all pages run is one entry, its first page; the first answer stays pickable after 300 pages', () => {
		const walk = Array.from({ length: 300 }, (_, i) =>
			entry(`/projects?page=${300 - i}`, { run: 'r1' })
		);
		const first = entry('/user');
		const list = compareCandidates([...walk, first]);
		expect(list.map((e) => e.path)).toEqual(['/projects?page=1', '/user']);
	});

	it('pinned answers come first; a filter by path keeps them and narrows the rest', () => {
		const a = entry('/projects');
		const b = entry('/groups');
		const c = entry('/projects/1/issues');
		expect(compareCandidates([a, b, c], { pinned: [c.id] }).map((e) => e.id)).toEqual([
			c.id,
			a.id,
			b.id
		]);
		expect(
			compareCandidates([a, b, c], { pinned: [b.id], filter: 'projects' }).map((e) => e.id)
		).toEqual([b.id, a.id, c.id]);
		expect(compareCandidates([a, b, c], { filter: 'issues 1' }).map((e) => e.id)).toEqual([c.id]);
	});

	it('a pinned answer no longer in History is left out', () => {
		const a = entry('/projects');
		expect(compareCandidates([a], { pinned: ['gone', a.id] }).map((e) => e.id)).toEqual([a.id]);
	});

	it('leaves out answers with no body or no status, and the answer being compared', () => {
		const a = entry('/a');
		const b = entry('/b', { responseBody: undefined });
		const c = entry('/c', { status: undefined });
		const d = entry('/d');
		expect(compareCandidates([a, b, c, d], { except: a.id }).map((e) => e.id)).toEqual([d.id]);
	});
});
