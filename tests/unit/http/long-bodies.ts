/** Long bodies for the tests of reading them (read-body-long, read-json). */
import { LONG_BODY_START_BYTES } from '$lib/http/read-body';

/** A body that arrives in pieces of `size` bytes, as a network stream does. */
export const streamed = (bytes: Uint8Array, size: number, type = 'application/json') =>
	new Response(
		new ReadableStream<Uint8Array>({
			start(controller) {
				for (let at = 0; at < bytes.byteLength; at += size)
					controller.enqueue(bytes.slice(at, at + size));
				controller.close();
			}
		}),
		{ headers: { 'content-type': type } }
	);

/** Bytes of `length` with "é" (C3 A9) across the end of the start read as text. */
export function longBody(length: number): Uint8Array<ArrayBuffer> {
	const bytes = new Uint8Array(length).fill(0x61);
	for (let at = 0; at < length; at += 4099) bytes[at] = 0x30 + (at % 10);
	bytes[LONG_BODY_START_BYTES - 1] = 0xc3;
	bytes[LONG_BODY_START_BYTES] = 0xa9;
	return bytes;
}
