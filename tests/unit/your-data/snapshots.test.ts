import { describe, expect, it } from 'vitest';
import { digestOf, SNAPSHOT_LIMITS, SnapshotStore } from '$lib/your-data/snapshots';

let n = 0;
const store = () => new SnapshotStore(`snapshots-test-${++n}`);
const meta = (at: number, digest = `d${at}`) => ({
	at,
	reason: 'daily' as const,
	counts: { requests: 1 },
	digest
});

describe('snapshots', () => {
	it('keeps the newest ten, newest first, and reads each back', async () => {
		const s = store();
		for (let i = 1; i <= 12; i++) await s.take(`text ${i}`, meta(i * 1000));
		const list = await s.list();
		expect(list.map((m) => m.at)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => i * 1000));
		expect(await s.read(list[0]!.id)).toBe('text 12');
		expect(list).toHaveLength(SNAPSHOT_LIMITS.count);
	});

	it('stays within the size cap, dropping the oldest; one larger than the cap is not kept', async () => {
		const s = store();
		const big = 'x'.repeat(8_000_000);
		await s.take(big, meta(1));
		await s.take(big, meta(2));
		await s.take(big, meta(3));
		const list = await s.list();
		expect(list.map((m) => m.at)).toEqual([3, 2]);
		expect(await s.take('y'.repeat(SNAPSHOT_LIMITS.bytes + 1), meta(4))).toBeUndefined();
	});

	it('a daily snapshot is due once a day, and only when something changed', async () => {
		const s = store();
		const day = SNAPSHOT_LIMITS.dailyMs;
		expect(await s.dailyDue('a', 0)).toBe(true);
		await s.take('a', meta(0, 'a'));
		expect(await s.dailyDue('b', day - 1)).toBe(false);
		expect(await s.dailyDue('a', day * 2)).toBe(false);
		expect(await s.dailyDue('b', day)).toBe(true);
	});

	it('the digest tells data apart', () => {
		expect(digestOf('{"a":1}')).toBe(digestOf('{"a":1}'));
		expect(digestOf('{"a":1}')).not.toBe(digestOf('{"a":2}'));
	});
});
