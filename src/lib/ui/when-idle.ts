/**
 * Runs `work` once the browser is idle (at the latest after `timeoutMs`), so what it starts does not
 * share the network or the main thread with the page's first paint; at once where the browser has no
 * idle callbacks (Safari). Returns the cancel, for an `$effect` to return.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
	if (typeof requestIdleCallback === 'undefined') {
		const id = setTimeout(work, 0);
		return () => clearTimeout(id);
	}
	const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
	return () => cancelIdleCallback(id);
}
