import { describe, expect, it } from 'vitest';
import { recordExchange, RECORDED_BODY_CHARS, RECORDED_HEAD_CHARS } from '$lib/http/exchange';
import { readBodyText } from '$lib/http/read-body';

describe('readBodyText: a body as Response.text() reads it, with its size in bytes', () => {
	it('reads a small body at once', async () => {
		expect(await readBodyText(new Response('{"a":"é"}'))).toEqual({ text: '{"a":"é"}', bytes: 10 });
	});
	it('reads a body of several MB a slice at a time, a character split between slices intact', async () => {
		// "é" is two bytes; 2,000,000 is even, so an odd prefix puts one across each slice's end.
		const text = `x${'é'.repeat(3_000_000)}`;
		const read = await readBodyText(new Response(text));
		expect(read.bytes).toBe(6_000_001);
		expect(read.text === text).toBe(true);
		expect(read.text).toBe(await new Response(text).text());
	});
	it('drops a leading byte-order mark, as text() does', async () => {
		const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x5b, 0x5d]);
		expect((await readBodyText(new Response(bytes))).text).toBe('[]');
	});
});

describe('recordExchange: a huge answer', () => {
	const input = (body: string) => ({
		startedAt: 0,
		method: 'GET',
		url: 'https://h.example/x',
		requestHeaders: new Headers(),
		response: new Response(null, { status: 200 }),
		responseBody: body,
		durationMs: 1,
		retries: 0,
		secrets: []
	});
	it('keeps a body up to the limit whole, redacted', () => {
		const body = `{"token":"abcd"}${' '.repeat(1000)}`;
		expect(recordExchange(input(body)).responseBody).toBe(
			`{"token":"[redacted]"}${' '.repeat(1000)}`
		);
	});
	it('keeps the start of a bigger one, and its size as read', () => {
		const body = 'x'.repeat(RECORDED_BODY_CHARS + 1);
		const e = recordExchange({ ...input(body), responseBytes: body.length });
		expect(e.responseBody).toHaveLength(RECORDED_HEAD_CHARS);
		expect(e.sizeBytes).toBe(RECORDED_BODY_CHARS + 1);
	});
});

describe('readBodyText on a streamed body', () => {
	/** A body that arrives in the given pieces, as a network stream does. */
	const streamed = (pieces: number[][]) =>
		new Response(
			new ReadableStream<Uint8Array>({
				start(controller) {
					for (const piece of pieces) controller.enqueue(new Uint8Array(piece));
					controller.close();
				}
			})
		);
	it('joins a character split between the pieces it arrives in', async () => {
		// "€" is E2 82 AC: split after its first byte, then after its second.
		const read = await readBodyText(streamed([[0x61, 0xe2], [0x82], [0xac, 0x62]]));
		expect(read).toEqual({ text: 'a€b', bytes: 5 });
	});
	it('reads no body (204, HEAD) as empty text of no bytes', async () => {
		expect(await readBodyText(new Response(null, { status: 204 }))).toEqual({ text: '', bytes: 0 });
	});
	it('reports a connection dropped while the body arrives', async () => {
		const broken = new Response(
			new ReadableStream<Uint8Array>({
				start(controller) {
					controller.enqueue(new Uint8Array([0x61]));
					controller.error(new TypeError('network error'));
				}
			})
		);
		await expect(readBodyText(broken)).rejects.toThrow('network error');
	});
});
