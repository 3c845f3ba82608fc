/**
 * One import of a history or collections file at a time: read and checked in a worker (the page
 * stays responsive for a file of several MB), with progress and Cancel. Cancelling stops the
 * worker before anything is applied, so a cancelled import changes nothing.
 */
import { startImportWorker } from './worker-start';
import {
	readImport,
	type ImportKind,
	type ImportReply,
	type ImportTask,
	type ImportValue
} from './file';
import type { FolderFile } from './folder-files';
import type { WalkProgress, WalkWatch } from './dropped-items';

export type ImportOutcome<K extends ImportKind> =
	| { ok: true; value: ImportValue<K> }
	| { ok: false; message: string }
	| { ok: false; cancelled: true };

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);
const counted = (n: number, one: string, many: string) =>
	`${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export class ImportJob {
	/**
	 * Looking through a dropped folder (with what it has seen), reading (with bytes read of
	 * total), checking, or null when no import runs.
	 */
	phase = $state<'walking' | 'reading' | 'checking' | null>(null);
	walked = $state.raw<WalkProgress>({ entries: 0, files: 0 });
	read = $state(0);
	total = $state(0);
	fileName = $state('');
	#stop: (() => void) | undefined;

	get running(): boolean {
		return this.phase !== null;
	}

	/** What the status line says while the import runs: once per phase, so it is read out twice. */
	get progressText(): string {
		if (this.phase === 'walking')
			return `Importing “${this.fileName}”: looking through the folder…`;
		return this.phase === 'checking'
			? `Importing “${this.fileName}”: checking the file…`
			: `Importing “${this.fileName}”: reading the file…`;
	}

	/** How far reading is, beside the progress bar (not a live region: it changes ten times a second). */
	get amountText(): string {
		if (this.phase === 'walking')
			return `${counted(this.walked.entries, 'item', 'items')} looked at, ${counted(this.walked.files, 'Bruno file', 'Bruno files')} found`;
		return this.phase === 'checking' ? 'Read' : `${mb(this.read)} of ${mb(this.total)} MB`;
	}

	/**
	 * Looks through a dropped folder (dropped-items.ts) with its count shown and Cancel import,
	 * before its files are read. Resolves to what the walk found, or cancelled; a refusal of the
	 * walk (FileRefused) is thrown on.
	 */
	async walk<T>(
		name: string,
		walk: (watch: WalkWatch) => Promise<T>
	): Promise<{ ok: true; value: T } | { ok: false; cancelled: true }> {
		this.#stop?.();
		const controller = new AbortController();
		const stop = () => controller.abort();
		this.#stop = stop;
		this.phase = 'walking';
		this.fileName = name;
		this.walked = { entries: 0, files: 0 };
		this.read = 0;
		this.total = 0;
		// Cancel ends it at once, even while the browser has not answered a folder's listing.
		const cancelled = new Promise<never>((_, reject) =>
			controller.signal.addEventListener('abort', () => reject(controller.signal.reason))
		);
		try {
			const walking = walk({
				signal: controller.signal,
				progress: (walked) => (this.walked = walked)
			});
			walking.catch(() => {});
			return { ok: true, value: await Promise.race([walking, cancelled]) };
		} catch (error) {
			if (controller.signal.aborted) return { ok: false, cancelled: true };
			throw error;
		} finally {
			// A run started meanwhile has its own phase and stop.
			if (this.#stop === stop) {
				this.#stop = undefined;
				this.phase = null;
			}
		}
	}

	/** `apiRoot`: for an import of any tool's file, what its URLs are read against. */
	run<K extends ImportKind>(kind: K, file: File, apiRoot?: string): Promise<ImportOutcome<K>> {
		return this.#start<K>({ kind, file, apiRoot }, file.name, file.size);
	}

	/** A Bruno collection folder's files (folder-files.ts), read as one import of any tool's file. */
	runFolder(name: string, folder: FolderFile[], apiRoot: string): Promise<ImportOutcome<'any'>> {
		const total = folder.reduce((n, f) => n + f.file.size, 0);
		return this.#start<'any'>({ kind: 'any', folder, apiRoot }, name, total);
	}

	#start<K extends ImportKind>(
		task: ImportTask,
		name: string,
		size: number
	): Promise<ImportOutcome<K>> {
		this.#stop?.();
		this.phase = 'reading';
		this.read = 0;
		this.total = size;
		this.fileName = name;
		return new Promise<ImportOutcome<K>>((resolve) => {
			let worker: Worker | undefined;
			let over = false;
			const finish = (outcome: ImportOutcome<K>) => {
				if (over) return;
				over = true;
				worker?.terminate();
				this.#stop = undefined;
				this.phase = null;
				resolve(outcome);
			};
			const onReply = (m: ImportReply) => {
				if (over) return;
				if (m.type === 'progress') {
					this.read = m.read;
					this.total = m.total;
				} else if (m.type === 'checking') this.phase = 'checking';
				else if (m.type === 'done') finish({ ok: true, value: m.value as ImportValue<K> });
				else finish({ ok: false, message: m.message });
			};
			this.#stop = () => finish({ ok: false, cancelled: true });
			// Where no worker can start, the page reads the file itself: slower, still correct.
			const inPage = () => void readImport(task, onReply);
			if (typeof Worker === 'undefined') return inPage();
			try {
				worker = startImportWorker();
			} catch {
				return inPage();
			}
			worker.onmessage = (event: MessageEvent<ImportReply>) => onReply(event.data);
			worker.onerror = (event) => {
				event.preventDefault();
				worker?.terminate();
				worker = undefined;
				if (!over) inPage();
			};
			worker.postMessage(task);
		});
	}

	/** Stops the import; nothing of the file is applied. */
	cancel(): void {
		this.#stop?.();
	}
}
