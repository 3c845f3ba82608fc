/**
 * A body too long to read as one string: kept as it came (a Blob, saved whole), its start read as
 * text. Joining 50 MB of text held the page for 190 ms in one task.
 */
import { describe, expect, it } from 'vitest';
import { LONG_BODY_BYTES, LONG_BODY_START_BYTES, readBodyText } from '$lib/http/read-body';
import { longBody, streamed } from './long-bodies';

const same = async (blob: Blob, bytes: Uint8Array) =>
	Buffer.compare(Buffer.from(await blob.arrayBuffer()), Buffer.from(bytes)) === 0;

describe('readBodyText: a body longer than LONG_BODY_BYTES', () => {
	it('is kept whole, byte for byte as it came, with the text of its start', async () => {
		const bytes = longBody(LONG_BODY_BYTES + 70_000);
		const read = await readBodyText(streamed(bytes, 65_536));
		expect(read.bytes).toBe(bytes.byteLength);
		expect(read.whole?.size).toBe(bytes.byteLength);
		expect(read.whole?.type).toBe('application/json');
		expect(await same(read.whole!, bytes)).toBe(true);
		// The "é" cut at the start's end is left out, not shown as a broken character.
		const start = new TextDecoder().decode(bytes.subarray(0, LONG_BODY_START_BYTES - 1));
		expect(read.text === start).toBe(true);
	});
	it('is kept whole when it comes as one piece (a body built in memory), its byte-order mark too', async () => {
		const bytes = longBody(LONG_BODY_BYTES + 1);
		bytes.set([0xef, 0xbb, 0xbf], 0);
		const read = await readBodyText(new Response(bytes));
		expect(read.bytes).toBe(LONG_BODY_BYTES + 1);
		expect(await same(read.whole!, bytes)).toBe(true);
		expect(read.text.startsWith('aa')).toBe(true);
		expect(read.text).toHaveLength(LONG_BODY_START_BYTES - 4);
	});
	it('that drops mid-way past the limit is reported, not kept in part', async () => {
		const broken = new Response(
			new ReadableStream<Uint8Array>({
				start(controller) {
					controller.enqueue(new Uint8Array(LONG_BODY_BYTES + 1).fill(0x61));
					controller.error(new TypeError('network error'));
				}
			})
		);
		await expect(readBodyText(broken)).rejects.toThrow('network error');
	});
	it('a body of exactly LONG_BODY_BYTES is read whole as text', async () => {
		const bytes = new Uint8Array(LONG_BODY_BYTES).fill(0x62);
		const read = await readBodyText(streamed(bytes, 1 << 20));
		expect(read.whole).toBeUndefined();
		expect(read.text).toHaveLength(LONG_BODY_BYTES);
	});
});
