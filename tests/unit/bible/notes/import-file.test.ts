// Reading a notes file for import: in a worker of its own (a fake Worker the test drives), or on
// the page in slices where no worker can run (Node has no Worker global).
import { FileRefused } from '$lib/ui/file-refused';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportNotes, LIMITS } from '$lib/bible/notes/format';
import { readNotesFile } from '$lib/bible/notes/import-file';
import type { FromImportWorker } from '$lib/bible/notes/read-notes';
import type { PlanProgress } from '$lib/bible/plans/schedule';
import { entry, file, note } from './samples';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.useRealTimers();
});

const entries = (count: number) =>
	Array.from({ length: count }, (_, i) =>
		entry({ book: 'Gen', chapter: 1 + Math.floor(i / 100), verse: 1 + (i % 100), note: `n${i}` })
	);
const blob = (text: string) => new Blob([text], { type: 'application/json' });
const plan: PlanProgress = { id: 'nt-90', start: '2026-11-20', done: [1, 2] };

describe('reading a notes file on the page (no worker here)', () => {
	it('reads every note, in slices, saying how far it has got', async () => {
		const progress: [number, number][] = [];
		const notes = await readNotesFile(blob(file(entries(4500))), {
			onProgress: (read, total) => progress.push([read, total])
		});
		expect(notes).toHaveLength(4500);
		expect(notes[4499]).toMatchObject({ book: 'Gen', chapter: 45, verse: 100, note: 'n4499' });
		expect(progress).toEqual([
			[2000, 4500],
			[4000, 4500],
			[4500, 4500]
		]);
	});

	it('gives the page a turn between slices (a task each), so it never stands still', async () => {
		vi.useFakeTimers();
		const progress: number[] = [];
		const reading = readNotesFile(blob(file(entries(4500))), {
			onProgress: (read) => progress.push(read)
		});
		await vi.advanceTimersByTimeAsync(0);
		expect(progress.length).toBeLessThan(3);
		await vi.runAllTimersAsync();
		expect(await reading).toHaveLength(4500);
		expect(progress).toHaveLength(3);
	});

	it('hands over the file’s reading plans', async () => {
		let plans: PlanProgress[] = [];
		const notes = await readNotesFile(blob(exportNotes([note({ bookmark: true })], 0, [plan])), {
			onPlans: (p) => (plans = p)
		});
		expect(notes).toHaveLength(1);
		expect(plans).toEqual([plan]);
	});

	it('refuses a file that is not an export of notes, with the reason', async () => {
		await expect(readNotesFile(blob('{"hello":1}'))).rejects.toBeInstanceOf(FileRefused);
	});
});

describe('refused before reading a byte', () => {
	it('a file over 5 MB: it cannot be an export of notes', async () => {
		const big = { size: LIMITS.fileBytes + 1, text: vi.fn() } as unknown as Blob;
		const error: unknown = await readNotesFile(big).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(FileRefused);
		expect((error as Error).message).toBe(
			'the file is larger than 5 MB; an export of notes is far smaller.'
		);
		expect(big.text).not.toHaveBeenCalled();
	});

	it('a file of exactly 5 MB is read', async () => {
		const text = file([entry()]);
		const exact = { size: LIMITS.fileBytes, text: () => Promise.resolve(text) } as Blob;
		expect(await readNotesFile(exact)).toHaveLength(1);
	});

	it('a reading already cancelled ends at once, with the cancel’s reason', async () => {
		const abort = new AbortController();
		abort.abort(new DOMException('Cancelled', 'AbortError'));
		const f = { size: 10, text: vi.fn() } as unknown as Blob;
		await expect(readNotesFile(f, { signal: abort.signal })).rejects.toBe(abort.signal.reason);
		expect(f.text).not.toHaveBeenCalled();
	});
});

/** A Worker the test answers for; the last one made is `worker`. */
class FakeWorker {
	static made: FakeWorker[] = [];
	onmessage: ((event: { data: FromImportWorker }) => void) | null = null;
	onerror: ((event: { preventDefault: () => void }) => void) | null = null;
	posted: unknown[] = [];
	terminate = vi.fn();
	constructor(
		readonly url: URL,
		readonly options: WorkerOptions
	) {
		FakeWorker.made.push(this);
	}
	postMessage(message: unknown) {
		this.posted.push(message);
	}
	say(data: FromImportWorker) {
		this.onmessage!({ data });
	}
}

function withWorker() {
	FakeWorker.made = [];
	vi.stubGlobal('Worker', FakeWorker);
	return () => FakeWorker.made[0]!;
}

describe('reading a notes file in a worker', () => {
	it('starts the import worker as a module and hands it the file', async () => {
		const worker = withWorker();
		const f = blob(file([entry()]));
		void readNotesFile(f);
		expect(worker().url.pathname).toMatch(/import\.worker\.ts$/);
		expect(worker().options).toEqual({ type: 'module', name: 'bible-notes-import' });
		expect(worker().posted).toEqual([f]);
	});

	it('gathers the notes it sends in parts, passes on progress and plans, and ends it when read', async () => {
		const worker = withWorker();
		const progress: [number, number][] = [];
		const plans: PlanProgress[][] = [];
		const reading = readNotesFile(blob('{}'), {
			onProgress: (read, total) => progress.push([read, total]),
			onPlans: (p) => plans.push(p)
		});
		const a = note({ verse: 1 });
		const b = note({ verse: 2 });
		const c = note({ verse: 3 });
		worker().say({ type: 'plans', plans: [plan] });
		worker().say({ type: 'progress', read: 2000, total: 3000 });
		worker().say({ type: 'notes', notes: [a, b] });
		worker().say({ type: 'notes', notes: [c] });
		expect(worker().terminate).not.toHaveBeenCalled();
		worker().say({ type: 'read', total: 3 });
		expect(await reading).toEqual([a, b, c]);
		expect(progress).toEqual([[2000, 3000]]);
		expect(plans).toEqual([[plan]]);
		expect(worker().terminate).toHaveBeenCalledOnce();
	});

	it('a file the worker refuses is refused with its reason, and the worker ended', async () => {
		const worker = withWorker();
		const reading = readNotesFile(blob('{}'));
		worker().say({ type: 'refused', message: 'entry 3 has no book.' });
		const error: unknown = await reading.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(FileRefused);
		expect((error as Error).message).toBe('entry 3 has no book.');
		expect(worker().terminate).toHaveBeenCalledOnce();
	});

	it('Cancel ends the worker at once, with the cancel’s reason; a cancel after the end does nothing', async () => {
		const worker = withWorker();
		const abort = new AbortController();
		const reading = readNotesFile(blob('{}'), { signal: abort.signal });
		abort.abort(new DOMException('Cancelled', 'AbortError'));
		await expect(reading).rejects.toBe(abort.signal.reason);
		expect(worker().terminate).toHaveBeenCalledOnce();

		const again = new AbortController();
		const done = readNotesFile(blob('{}'), { signal: again.signal });
		const second = FakeWorker.made[1]!;
		second.say({ type: 'read', total: 0 });
		expect(await done).toEqual([]);
		again.abort();
		expect(second.terminate).toHaveBeenCalledOnce();
	});

	it('a worker that cannot start is ended and the file read on the page instead', async () => {
		const worker = withWorker();
		const reading = readNotesFile(blob(file(entries(3))));
		const preventDefault = vi.fn();
		worker().onerror!({ preventDefault });
		expect(preventDefault).toHaveBeenCalled();
		expect(worker().terminate).toHaveBeenCalledOnce();
		expect(await reading).toHaveLength(3);
	});

	it('a file refused when read on the page after the worker failed is refused', async () => {
		const worker = withWorker();
		const reading = readNotesFile(blob('not json'));
		worker().onerror!({ preventDefault: () => {} });
		await expect(reading).rejects.toBeInstanceOf(FileRefused);
	});
});
