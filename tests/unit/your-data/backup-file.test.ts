// The backup file away from the page: in a worker (a fake one the test drives, which runs the
// same work), or on the page where no worker can run (Node has no Worker global).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBackup, writeBackup } from '$lib/your-data/backup';
import {
	backupWork,
	readBackupFile,
	writeBackupFile,
	type ToBackupWorker
} from '$lib/your-data/backup-file';
import { filledData } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

/** A Worker that answers as backup.worker.ts does, or fails to start (`broken`). */
function fakeWorker(broken = false) {
	const started: string[] = [];
	class FakeWorker {
		onmessage: ((e: { data: unknown }) => void) | null = null;
		onerror: ((e: { preventDefault(): void }) => void) | null = null;
		terminated = false;
		constructor(url: URL) {
			started.push(url.pathname.split('/').pop()!);
		}
		postMessage(m: ToBackupWorker) {
			setTimeout(() => {
				if (broken) return this.onerror?.({ preventDefault() {} });
				// Through a structured clone, as a message goes.
				void backupWork(structuredClone(m)).then((a) =>
					this.onmessage?.({ data: structuredClone(a) })
				);
			}, 0);
		}
		terminate() {
			this.terminated = true;
		}
	}
	vi.stubGlobal('Worker', FakeWorker);
	return started;
}

describe('the backup file, away from the page', () => {
	it('is written and read in a worker, the same file as on the page', async () => {
		const started = fakeWorker();
		const data = filledData();
		const text = await writeBackupFile(data, [], Date.UTC(2026, 0, 1));
		expect(text).toBe(writeBackup(data, Date.UTC(2026, 0, 1)));
		expect(await readBackupFile(new Blob([text]), [])).toEqual(readBackup(text));
		expect(await readBackupFile(text, [])).toEqual(data);
		expect(started).toEqual(['backup.worker.ts', 'backup.worker.ts', 'backup.worker.ts']);
	});

	it('a file that would hold a known secret is not written; a refused file says why', async () => {
		fakeWorker();
		const data = filledData();
		data.environments[0]!.values.host = 'glpat-known-secret-1';
		await expect(writeBackupFile(data, ['glpat-known-secret-1'])).rejects.toThrow(
			/tokens or secret values/
		);
		await expect(readBackupFile('{"format":"x"}', [])).rejects.toThrow(/not a backup of this app/);
	});

	it('where no worker starts, or there is none, the work is done on the page', async () => {
		fakeWorker(true);
		const text = await writeBackupFile(filledData(), []);
		expect(await readBackupFile(text, [])).toEqual(filledData());
		vi.unstubAllGlobals();
		expect(typeof Worker).toBe('undefined');
		await expect(readBackupFile('{', [])).rejects.toThrow(/not JSON/);
	});
});
