/**
 * An answer's body as text (UTF-8, as Response.text() reads it) and its size in bytes, read from
 * the body's stream a chunk at a time. `arrayBuffer()` made the browser gather a 50 MB body in one
 * task on the page's thread (620 ms here), then copy it whole in another (230 ms); read as a
 * stream, each chunk is decoded as it comes and the page answers clicks in between.
 *
 * A body too long to be read as one string is kept as it came, as bytes: joining 50 MB of text
 * into one string held the page for 190 ms in one task, and no reader of such a body reads it all
 * (it is shown by its start, and saved whole).
 */
import { nextTask } from './next-task';
import { WholeBody } from './whole-body';

/** A body longer than this (bytes) is kept as it came, with only its start read as text. */
export const LONG_BODY_BYTES = 12_000_000;
/** How much of a long body is read as text (bytes). */
export const LONG_BODY_START_BYTES = 1_000_000;

/** Decoding goes on at most this long before other tasks (a click, a paint) get their turn. */
const WORK_MS = 20;
/** A chunk bigger than this (a body built in memory comes as one) is decoded a slice at a time. */
const SLICE_BYTES = 1_000_000;

export interface BodyRead {
	/** The whole body as text; for a long body (`whole` set), the text of its start. */
	text: string;
	/** The body's size in bytes, as it came. */
	bytes: number;
	/** A body longer than LONG_BODY_BYTES, whole, byte for byte as it came. */
	whole?: Blob;
}

export async function readBodyText(response: Response): Promise<BodyRead> {
	// No body (204, HEAD): nothing to read.
	if (!response.body) return { text: '', bytes: 0 };
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	const parts: string[] = [];
	/** What came, until the body turns out long (then it is handed to `whole`). */
	const held: Uint8Array[] = [];
	/** Set once the body is long: where it is gathered whole. */
	let whole: WholeBody | undefined;
	let start = '';
	let bytes = 0;
	let since = performance.now();
	const turn = async () => {
		if (performance.now() - since <= WORK_MS) return;
		await nextTask();
		since = performance.now();
	};
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			bytes += value.byteLength;
			if (whole) {
				whole.add(value);
				await turn();
				continue;
			}
			held.push(value);
			if (bytes > LONG_BODY_BYTES) {
				start = startText(held);
				whole = new WholeBody();
				for (const chunk of held.splice(0)) whole.add(chunk);
				parts.length = 0;
				continue;
			}
			for (let at = 0; at < value.byteLength; at += SLICE_BYTES) {
				parts.push(decoder.decode(value.subarray(at, at + SLICE_BYTES), { stream: true }));
				await turn();
			}
		}
	} catch (error) {
		// A connection dropped mid-answer: the worker gathering it goes too.
		whole?.discard();
		throw error;
	}
	if (whole) {
		const type = response.headers.get('content-type') ?? '';
		return { text: start, bytes, whole: await whole.blob(type) };
	}
	parts.push(decoder.decode());
	const text = parts.length === 1 ? parts[0]! : parts.join('');
	// What the caller does with a big text next (record it, show it) starts in a task of its own.
	await turn();
	return { text, bytes };
}

/** The text of a long body's first LONG_BODY_START_BYTES (a character cut there left out). */
function startText(chunks: readonly Uint8Array[]): string {
	const decoder = new TextDecoder();
	let text = '';
	let left = LONG_BODY_START_BYTES;
	for (const chunk of chunks) {
		if (left <= 0) break;
		text += decoder.decode(chunk.subarray(0, left), { stream: true });
		left -= chunk.byteLength;
	}
	return text;
}
