/**
 * One import of a history or collections file at a time, as the page shows it: its name and
 * phase while it runs, what it read when it is done, why a file is refused, and a Cancel that
 * leaves nothing applied. (No Worker here: the page reads the file itself, as it does where no
 * worker can start.)
 */
import { describe, expect, it } from 'vitest';
import { exportHistory, type HistoryEntry } from '$lib/codehost/history/history';
import { ImportJob } from '$lib/codehost/import/job.svelte';

const entry: HistoryEntry = {
	id: 'h1',
	at: '2026-12-01T10:00:00.000Z',
	method: 'GET',
	path: '/projects',
	url: 'https://codehost.demo/api/v4/projects',
	status: 200,
	durationMs: 5,
	sizeBytes: 2,
	requestHeaders: {},
	responseHeaders: {}
};

const file = (text: string, name = 'history.json') => new File([text], name);

describe('ImportJob', () => {
	it('says which file it reads while it runs, and gives what it read', async () => {
		const job = new ImportJob();
		const running = job.run('history', file(exportHistory([entry])));
		expect(job.running).toBe(true);
		expect(job.progressText).toBe('Importing “history.json”: reading the file…');
		const outcome = await running;
		expect(outcome).toEqual({ ok: true, value: [expect.objectContaining({ id: 'h1' })] });
		expect(job.running).toBe(false);
	});

	it('a file that is no export is refused with why', async () => {
		const outcome = await new ImportJob().run('history', file('{"format": "other"}'));
		expect(outcome).toEqual({ ok: false, message: 'This file is not an explorer history export.' });
	});

	it('Cancel ends the import at once with nothing read; a new import replaces one running', async () => {
		const job = new ImportJob();
		const first = job.run('history', file(exportHistory([entry])));
		job.cancel();
		expect(await first).toEqual({ ok: false, cancelled: true });
		expect(job.running).toBe(false);
		const second = job.run('history', file(exportHistory([entry]), 'a.json'));
		const third = job.run('history', file(exportHistory([entry]), 'b.json'));
		expect(await second).toEqual({ ok: false, cancelled: true });
		expect((await third).ok).toBe(true);
	});

	it('while a dropped folder is looked through, says so with how much it has seen; Cancel stops it', async () => {
		const job = new ImportJob();
		let tell: (walked: { entries: number; files: number }) => void = () => {};
		let signal: AbortSignal | undefined;
		const walking = job.walk('GitLab Bruno', (watch) => {
			tell = watch.progress!;
			signal = watch.signal;
			// A listing the browser never answers: Cancel must end the walk all the same.
			return new Promise<string[]>(() => {});
		});
		expect(job.running).toBe(true);
		expect(job.progressText).toBe('Importing “GitLab Bruno”: looking through the folder…');
		tell({ entries: 1234, files: 1 });
		expect(job.amountText).toBe('1,234 items looked at, 1 Bruno file found');
		tell({ entries: 1500, files: 17 });
		expect(job.amountText).toBe('1,500 items looked at, 17 Bruno files found');
		job.cancel();
		expect(signal?.aborted).toBe(true);
		expect(await walking).toEqual({ ok: false, cancelled: true });
		expect(job.running).toBe(false);
	});

	it('a walk that ends gives what it found; a walk refused throws its reason on', async () => {
		const job = new ImportJob();
		expect(await job.walk('c', async () => ['a.bru'])).toEqual({ ok: true, value: ['a.bru'] });
		expect(job.running).toBe(false);
		await expect(
			job.walk('c', async () => {
				throw new Error('too large');
			})
		).rejects.toThrow('too large');
		expect(job.running).toBe(false);
	});
});
