/**
 * A disk that is nearly full, as Chromium behaves then: an IndexedDB `put` succeeds, and a moment
 * later its transaction aborts with a QuotaExceededError as its error, keeping nothing of what it
 * wrote. (A `put` that throws at once is not what a full disk does.) Local and session storage
 * need no help: their real quota (about 5 million characters an origin) throws from `setItem`.
 */
import type { Page } from '@playwright/test';

/**
 * Before any page script: writes to database `db` of a value bigger than the room left abort.
 * There is room for everything until `setRoom` says how much is left.
 */
export async function nearlyFullDisk(page: Page, db: string) {
	await page.addInitScript((db) => {
		const disk = window as unknown as { diskRoom?: number };
		const put = IDBObjectStore.prototype.put;
		IDBObjectStore.prototype.put = function (...args: Parameters<typeof put>) {
			const request = put.apply(this, args);
			const room = disk.diskRoom;
			if (
				room !== undefined &&
				this.transaction.db.name === db &&
				(JSON.stringify(args[0])?.length ?? 0) > room
			) {
				const tx = this.transaction;
				request.addEventListener('success', () => {
					const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
					Object.defineProperty(tx, 'error', { configurable: true, value: full });
					tx.abort();
				});
			}
			return request;
		};
	}, db);
	return {
		/** `bytes` left on the disk (a value of more does not fit); undefined: room for all. */
		setRoom: (bytes: number | undefined) =>
			page.evaluate((bytes) => {
				(window as unknown as { diskRoom?: number }).diskRoom = bytes;
			}, bytes)
	};
}
