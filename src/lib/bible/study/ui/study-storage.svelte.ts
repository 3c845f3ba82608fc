// The study data's lines in Storage: each part downloaded for offline use or not, its size,
// a download's progress, and its failure in words.
import { partRecords, STUDY_PARTS, type PartRecord } from '../offline';

export interface PartLine {
	id: string;
	label: string;
	record?: PartRecord;
	/** While downloading: files done of total. */
	progress?: { done: number; total: number };
	error?: string;
}

export class StudyStorage {
	lines: PartLine[] = $state(STUDY_PARTS.map(({ id, label }) => ({ id, label })));
	/** What the last download or delete came to, for a screen reader (a line changes silently). */
	told = $state('');
	/** Downloads under way, by part (not state: nothing shows it). */
	#running: Record<string, AbortController | undefined> = {};

	async load(): Promise<void> {
		try {
			const records = await partRecords();
			for (const line of this.lines) line.record = records[line.id];
		} catch {
			// No IndexedDB: every line says "Not downloaded", and a download says why it failed.
		}
	}

	async download(id: string): Promise<void> {
		const line = this.lines.find((l) => l.id === id);
		if (!line || this.#running[id]) return;
		const abort = new AbortController();
		this.#running[id] = abort;
		line.error = undefined;
		line.progress = { done: 0, total: 0 };
		this.told = '';
		try {
			const { keepStudyPart } = await import('../browser-source');
			line.record = await keepStudyPart(
				id,
				(done, total) => (line.progress = { done, total }),
				abort.signal
			);
			if (line.record?.complete) this.told = `${line.label} is downloaded for offline use.`;
		} catch (error) {
			line.error = abort.signal.aborted
				? 'Stopped. What was downloaded is kept; Download goes on from there.'
				: `The download stopped: ${error instanceof Error ? error.message : 'unknown failure'} What was downloaded is kept; try again to go on.`;
			await this.load();
		} finally {
			line.progress = undefined;
			this.#running[id] = undefined;
		}
	}

	cancel(id: string): void {
		this.#running[id]?.abort();
	}

	async remove(id: string): Promise<void> {
		const line = this.lines.find((l) => l.id === id);
		if (!line) return;
		this.cancel(id);
		this.told = '';
		const { dropStudyPart } = await import('../browser-source');
		await dropStudyPart(id);
		line.record = undefined;
		line.error = undefined;
		this.told = `${line.label} is deleted from this device.`;
	}
}
