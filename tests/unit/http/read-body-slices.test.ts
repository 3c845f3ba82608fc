import { describe, expect, it, vi } from 'vitest';
import { readBodyText } from '$lib/http/read-body';

const MB = 1_000_000;

/** `size` bytes of ASCII, then `tail`. */
function body(size: number, tail: number[] = []): Uint8Array<ArrayBuffer> {
	const bytes = new Uint8Array(size + tail.length).fill(0x61);
	bytes.set(tail, size);
	return bytes;
}

describe('readBodyText on a big body (read a slice per task)', () => {
	it('reads it as Response.text() does, a broken last character included', async () => {
		for (const bytes of [body(5 * MB, [0xe2]), body(4 * MB, [0xe2, 0x82])]) {
			const expected = await new Response(bytes).text();
			const read = await readBodyText(new Response(bytes));
			expect(read.bytes).toBe(bytes.byteLength);
			expect(read.text.length).toBe(expected.length);
			expect(read.text.endsWith('\uFFFD')).toBe(true);
			expect(read.text === expected).toBe(true);
		}
	});

	it('joins a character split across slices', async () => {
		const bytes = body(2 * MB - 1, [0xe2, 0x82, 0xac]);
		const padded = new Uint8Array(5 * MB);
		padded.set(bytes);
		padded.fill(0x62, bytes.byteLength);
		const read = await readBodyText(new Response(padded));
		expect(read.text === (await new Response(padded).text())).toBe(true);
		expect(read.text.slice(2 * MB - 2, 2 * MB + 1)).toBe('a€b');
	});

	it('lets other tasks run while a big body is read', async () => {
		// Each slice's decoding is counted as 8 ms, as on a phone: this machine may decode 9 MB
		// within one turn, and then has no reason to let anything else run.
		let clock = 0;
		const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 8));
		let ticks = 0;
		const tick = () => {
			ticks++;
			if (ticks < 1000) setTimeout(tick, 0);
		};
		const count = async (size: number) => {
			const response = new Response(body(size));
			await response.clone().arrayBuffer();
			ticks = 0;
			setTimeout(tick, 0);
			await readBodyText(response);
			const seen = ticks;
			ticks = 1000;
			return seen;
		};
		try {
			expect(await count(9 * MB)).toBeGreaterThan(0);
		} finally {
			now.mockRestore();
		}
	});
});
