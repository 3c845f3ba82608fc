/**
 * The whole bodies of the last few answers of this page, in memory only. History keeps the
 * first 16,000 characters of each; "Compare with…" an answer of this session compares the whole.
 */
import { LONG_BODY_BYTES } from '$lib/http/read-body';

interface Kept {
	at: string;
	method: string;
	url: string;
	body: string;
}

const KEPT = 6;
/** Together at most this many characters (the oldest go first). */
const KEPT_CHARS = 24_000_000;
let kept: Kept[] = [];

/** Keeps an answer's body under the exchange's time, method and (redacted) URL. */
export function rememberBody(
	exchange: { startedAt: string; method: string; url: string },
	body: string
): void {
	// The start of a long body is not the body (its length in characters, at most its bytes).
	if (body.length > LONG_BODY_BYTES) return;
	const entry = { at: exchange.startedAt, method: exchange.method, url: exchange.url, body };
	const next = [entry, ...kept.filter((k) => k.body !== body || k.at !== entry.at)];
	let total = 0;
	kept = next.slice(0, KEPT).filter((k) => (total += k.body.length) <= KEPT_CHARS);
}

/** The whole body of a History entry recorded on this page, if it is still kept. */
export function recentBody(entry: { at: string; method: string; url: string }): string | undefined {
	return kept.find((k) => k.at === entry.at && k.method === entry.method && k.url === entry.url)
		?.body;
}

/** Forgets every kept body (tests). */
export function forgetBodies(): void {
	kept = [];
}
