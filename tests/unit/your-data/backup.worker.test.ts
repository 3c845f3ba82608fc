// The backup file's worker loaded with a fake worker scope (`self`): each message is answered with
// the work's result (backup-file's tests drive the page's side).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeBackup } from '$lib/your-data/backup';
import type { FromBackupWorker } from '$lib/your-data/backup-file';
import { filledData } from './fixtures';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.resetModules();
});

async function loadWorker() {
	const posted: FromBackupWorker[] = [];
	const scope = {
		onmessage: null as ((event: { data: unknown }) => Promise<void>) | null,
		postMessage: (m: FromBackupWorker) => posted.push(m)
	};
	vi.stubGlobal('self', scope);
	vi.resetModules();
	await import('$lib/your-data/backup.worker');
	return { posted, receive: (data: unknown) => scope.onmessage!({ data }) };
}

describe('the backup worker', () => {
	it('writes a data set as the backup file and reads a file back, one answer per message', async () => {
		const { posted, receive } = await loadWorker();
		const data = filledData();
		const now = Date.UTC(2026, 0, 1);
		await receive({ type: 'write', data, secrets: [], now });
		const text = writeBackup(data, now);
		expect(posted).toEqual([{ type: 'written', text }]);
		await receive({ type: 'read', file: new Blob([text]), secrets: [] });
		expect(posted[1]).toEqual({ type: 'read', data });
	});

	it('answers a refusal in words, never a crash: a file that is not a backup, or one holding a secret', async () => {
		const { posted, receive } = await loadWorker();
		await receive({ type: 'read', file: '{"format":"x"}', secrets: [] });
		expect(posted[0]).toMatchObject({
			type: 'refused',
			message: expect.stringMatching(/not a backup of this app/)
		});
		const data = filledData();
		data.environments[0]!.values.host = 'glpat-known-secret-1';
		await receive({ type: 'write', data, secrets: ['glpat-known-secret-1'], now: 0 });
		expect(posted[1]).toMatchObject({
			type: 'refused',
			message: expect.stringMatching(/tokens or secret values/)
		});
	});
});
