/**
 * IndexedDB on a disk that is nearly full, as Chromium behaves then: the `put` itself succeeds,
 * and a moment later the transaction aborts with a QuotaExceededError as its error, keeping
 * nothing of what it wrote. (A `put` that throws at once is not what a full disk does.)
 */
import { vi } from 'vitest';
import { quotaError } from './memory-storage';

export interface FullDisk {
	/** Bytes left: a value bigger than this (as JSON) does not fit. */
	room: number;
	/** Puts refused so far. */
	refused: number;
	/** The disk as it was: every write fits again. */
	restore(): void;
}

/** From now on, a put into `db` (every database when not given) of a value over `room` fails. */
export function fillIndexedDb(room = 0, db?: string): FullDisk {
	const put = IDBObjectStore.prototype.put;
	const disk: FullDisk = { room, refused: 0, restore: () => spy.mockRestore() };
	const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
		this: IDBObjectStore,
		...args: Parameters<typeof put>
	) {
		const request = put.apply(this, args);
		const size = JSON.stringify(args[0])?.length ?? 0;
		if ((db === undefined || this.transaction.db.name === db) && size > disk.room) {
			disk.refused++;
			const tx = this.transaction;
			request.addEventListener('success', () => {
				Object.defineProperty(tx, 'error', { configurable: true, value: quotaError() });
				tx.abort();
			});
		}
		return request;
	});
	return disk;
}
