/**
 * An answer's body as text (UTF-8, as Response.text() reads it) and its size in bytes, read from
 * the body's stream a chunk at a time. `arrayBuffer()` made the browser gather a 50 MB body in one
 * task on the page's thread (620 ms here), then copy it whole in another (230 ms); read as a
 * stream, each chunk is decoded as it comes and the page answers clicks in between.
 */
import { nextTask } from './next-task';

/** Decoding goes on at most this long before other tasks (a click, a paint) get their turn. */
const WORK_MS = 20;
/** A chunk bigger than this (a body built in memory comes as one) is decoded a slice at a time. */
const SLICE_BYTES = 1_000_000;

export async function readBodyText(response: Response): Promise<{ text: string; bytes: number }> {
	// No body (204, HEAD): nothing to read.
	if (!response.body) return { text: '', bytes: 0 };
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	const parts: string[] = [];
	let bytes = 0;
	let since = performance.now();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		bytes += value.byteLength;
		for (let at = 0; at < value.byteLength; at += SLICE_BYTES) {
			parts.push(decoder.decode(value.subarray(at, at + SLICE_BYTES), { stream: true }));
			if (performance.now() - since > WORK_MS) {
				await nextTask();
				since = performance.now();
			}
		}
	}
	parts.push(decoder.decode());
	const text = parts.length === 1 ? parts[0]! : parts.join('');
	// What the caller does with a big text next (record it, show it) starts in a task of its own.
	if (performance.now() - since > WORK_MS) await nextTask();
	return { text, bytes };
}
