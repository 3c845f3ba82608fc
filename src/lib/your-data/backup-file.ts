/**
 * Writing and reading the backup file away from the page: in a Web Worker of its own (a whole
 * app's data, read and checked on the page, held it still for over half a second), or on the
 * page where no worker can run. The file is what backup.ts writes and reads; this only moves
 * where the work runs. No Svelte here.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { readBackup, writeBackup } from './backup';
import type { DataSet } from './data-set';

/** What the page asks: write a data set as a file (checked), or read a file (or a snapshot's text). */
export type ToBackupWorker =
	| { type: 'write'; data: DataSet; secrets: string[]; now: number }
	| { type: 'read'; file: Blob | string; secrets: string[] };

export type FromBackupWorker =
	| { type: 'written'; text: string }
	| { type: 'read'; data: DataSet }
	| { type: 'refused'; message: string }
	| { type: 'failed'; message: string };

/** The work itself, wherever it runs. */
export async function backupWork(m: ToBackupWorker): Promise<FromBackupWorker> {
	try {
		if (m.type === 'write') {
			const text = writeBackup(m.data, m.now);
			// What is written is read back with the same checks: a secret in it stops the download.
			readBackup(text, m.secrets);
			return { type: 'written', text };
		}
		const text = typeof m.file === 'string' ? m.file : await m.file.text();
		return { type: 'read', data: readBackup(text, m.secrets) };
	} catch (error) {
		return error instanceof FileRefused
			? { type: 'refused', message: error.message }
			: { type: 'failed', message: (error as Error).message };
	}
}

/** Runs `m` in a worker that ends when done; on the page where workers cannot run. */
function run(m: ToBackupWorker): Promise<FromBackupWorker> {
	if (typeof Worker === 'undefined') return backupWork(m);
	return new Promise((resolve) => {
		const worker = new Worker(new URL('./backup.worker.ts', import.meta.url), {
			type: 'module',
			name: 'your-data-backup'
		});
		worker.onmessage = (event: MessageEvent<FromBackupWorker>) => {
			worker.terminate();
			resolve(event.data);
		};
		// A worker that cannot start here (blocked, or an error loading it): on the page.
		worker.onerror = (event) => {
			event.preventDefault();
			worker.terminate();
			void backupWork(m).then(resolve);
		};
		worker.postMessage(m);
	});
}

/** The answer, or its refusal thrown. */
function settled(answer: FromBackupWorker): Exclude<FromBackupWorker, { message: string }> {
	if (answer.type === 'refused') throw new FileRefused(answer.message);
	if (answer.type === 'failed') throw new Error(answer.message);
	return answer;
}

/** The backup file of `data`, refused (FileRefused) when it would hold one of `secrets`. */
export async function writeBackupFile(
	data: DataSet,
	secrets: readonly string[],
	now = Date.now()
): Promise<string> {
	const answer = settled(await run({ type: 'write', data, secrets: [...secrets], now }));
	if (answer.type !== 'written') throw new Error('the backup was not written');
	return answer.text;
}

/** A backup file (or a snapshot's text) read whole; FileRefused says why it was not. */
export async function readBackupFile(
	file: Blob | string,
	secrets: readonly string[]
): Promise<DataSet> {
	const answer = settled(await run({ type: 'read', file, secrets: [...secrets] }));
	if (answer.type !== 'read') throw new Error('the backup was not read');
	return answer.data;
}
