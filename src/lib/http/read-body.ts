/**
 * An answer's body as text (UTF-8, as Response.text() reads it) and its size in bytes. A body of
 * tens of MB is decoded a slice per task, so the page answers clicks while it is read.
 */
import { nextTask } from './next-task';

/** Bodies up to this are decoded in one go. */
const AT_ONCE_BYTES = 4_000_000;
const SLICE_BYTES = 2_000_000;

export async function readBodyText(response: Response): Promise<{ text: string; bytes: number }> {
	const buffer = await response.arrayBuffer();
	const bytes = buffer.byteLength;
	if (bytes <= AT_ONCE_BYTES) return { text: new TextDecoder().decode(buffer), bytes };
	const decoder = new TextDecoder();
	const parts: string[] = [];
	for (let at = 0; at < bytes; at += SLICE_BYTES) {
		await nextTask();
		const end = Math.min(at + SLICE_BYTES, bytes);
		parts.push(decoder.decode(new Uint8Array(buffer, at, end - at), { stream: end < bytes }));
	}
	const text = parts.join('');
	// What the caller does with the text next (record it, show it) starts in a task of its own.
	await nextTask();
	return { text, bytes };
}
