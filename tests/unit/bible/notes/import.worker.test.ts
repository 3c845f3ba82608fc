// The notes import's worker, loaded with a fake worker scope (`self`): what it tells the page.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exportNotes, type VerseNote } from '$lib/bible/notes/format';
import type { FromImportWorker } from '$lib/bible/notes/read-notes';
import type { PlanProgress } from '$lib/bible/plans/schedule';
import { entry, file, note } from './samples';

let posted: FromImportWorker[];
let receive: (event: { data: Blob }) => Promise<void>;

beforeEach(async () => {
	posted = [];
	const scope = {
		onmessage: null as unknown,
		postMessage: (m: FromImportWorker) => posted.push(structuredClone(m))
	};
	vi.stubGlobal('self', scope);
	vi.resetModules();
	await import('$lib/bible/notes/import.worker');
	receive = scope.onmessage as typeof receive;
	return () => vi.unstubAllGlobals();
});

const entries = (count: number) =>
	Array.from({ length: count }, (_, i) =>
		entry({ book: 'Gen', chapter: 1 + Math.floor(i / 100), verse: 1 + (i % 100), note: `n${i}` })
	);
const blob = (text: string) => new Blob([text]);
const byType = <T extends FromImportWorker['type']>(type: T) =>
	posted.filter((m): m is Extract<FromImportWorker, { type: T }> => m.type === type);

describe('the notes import worker', () => {
	it('sends the notes in parts of 2,000, then says how many it read', async () => {
		await receive({ data: blob(file(entries(4500))) });
		const parts = byType('notes');
		expect(parts.map((p) => p.notes.length)).toEqual([2000, 2000, 500]);
		const notes: VerseNote[] = parts.flatMap((p) => p.notes);
		expect(notes.map((n) => n.note)).toEqual(entries(4500).map((e) => e.note));
		expect(posted.at(-1)).toEqual({ type: 'read', total: 4500 });
		expect(byType('refused')).toEqual([]);
	});

	it('says how far it has got while reading, before it sends notes', async () => {
		await receive({ data: blob(file(entries(2500))) });
		expect(byType('progress')).toEqual([
			{ type: 'progress', read: 2000, total: 2500 },
			{ type: 'progress', read: 2500, total: 2500 }
		]);
		expect(posted.findIndex((m) => m.type === 'progress')).toBeLessThan(
			posted.findIndex((m) => m.type === 'notes')
		);
	});

	it('an empty file of notes: no parts, read 0', async () => {
		await receive({ data: blob(file([])) });
		expect(byType('notes')).toEqual([]);
		expect(posted.at(-1)).toEqual({ type: 'read', total: 0 });
	});

	it('sends the file’s reading plans first', async () => {
		const plan: PlanProgress = { id: 'nt-90', start: '2026-11-20', done: [1] };
		await receive({ data: blob(exportNotes([note({ bookmark: true })], 0, [plan])) });
		expect(posted[0]).toEqual({ type: 'plans', plans: [plan] });
		expect(posted.at(-1)).toEqual({ type: 'read', total: 1 });
	});

	it('a file that is not an export of notes is refused with the reason found', async () => {
		await receive({ data: blob(file([entry({ verse: 999 })])) });
		const [refused] = byType('refused');
		expect(refused!.message).toMatch(/has no verse 999/);
		expect(byType('read')).toEqual([]);
	});

	it('a file that cannot be read at all is refused in plain words', async () => {
		const unreadable = { text: () => Promise.reject(new TypeError('NotReadableError')) } as Blob;
		await receive({ data: unreadable });
		expect(posted).toEqual([
			{
				type: 'refused',
				message: 'the file could not be read. Choose a file made with Export notes.'
			}
		]);
	});
});
