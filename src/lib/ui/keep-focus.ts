/**
 * For a region whose controls change under the user's hand (Read aloud becomes Pause and Stop
 * reading; a download's button becomes Stop, then Delete): when the control that had the focus goes
 * away, the browser drops the focus to the page, and the next Tab starts again from the top. This
 * puts it on the region's first control instead (or the first `prefer` matches), where the user
 * was. A Svelte attachment: `<div {@attach keepFocus}>`.
 */
const CONTROLS =
	'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function keepFocus(region: HTMLElement, prefer = CONTROLS): () => void {
	/** The region's control that has (or last had) the focus, until the user moves on. */
	let focused: Element | null = null;
	const onFocusIn = (event: FocusEvent) => {
		focused = event.target instanceof Element ? event.target : null;
	};
	// Tab or a click elsewhere: the user moved on, nothing to put back.
	const onFocusOut = (event: FocusEvent) => {
		if (event.relatedTarget) focused = null;
	};
	const onPointerDown = (event: PointerEvent) => {
		if (!(event.target instanceof Node && region.contains(event.target))) focused = null;
	};
	const observer = new MutationObserver(() => {
		if (!focused || focused.isConnected) return;
		focused = null;
		const active = document.activeElement;
		if (active && active !== document.body) return;
		(
			region.querySelector<HTMLElement>(prefer) ?? region.querySelector<HTMLElement>(CONTROLS)
		)?.focus();
	});
	region.addEventListener('focusin', onFocusIn);
	region.addEventListener('focusout', onFocusOut);
	document.addEventListener('pointerdown', onPointerDown, true);
	observer.observe(region, { childList: true, subtree: true });
	return () => {
		observer.disconnect();
		region.removeEventListener('focusin', onFocusIn);
		region.removeEventListener('focusout', onFocusOut);
		document.removeEventListener('pointerdown', onPointerDown, true);
	};
}
