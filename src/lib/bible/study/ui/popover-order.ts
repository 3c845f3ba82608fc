// Where Tab goes around a popover that is drawn at the page's end but belongs to the word that
// opened it: the popover comes right after the word, and the page goes on after it from the word.

const TABBABLE =
	'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab stops at within `root`, in document order (hidden ones left out). */
const tabbables = (root: ParentNode) =>
	[...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length);

const before = (a: Node, b: Node) =>
	!!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/**
 * The element Tab (or Shift+Tab, `back`) should move to from `active`, or undefined where the
 * browser's own order is right.
 */
export function popoverTabTarget(
	active: Element | null,
	back: boolean,
	anchor: HTMLElement,
	box: HTMLElement
): HTMLElement | undefined {
	if (!active) return undefined;
	const inside = tabbables(box);
	const page = tabbables(document).filter((el) => !box.contains(el));
	const afterAnchor = page[page.indexOf(anchor) + 1];
	if (box.contains(active)) {
		if (back) return inside.some((el) => before(el, active)) ? undefined : anchor;
		return inside.some((el) => before(active, el)) ? undefined : afterAnchor;
	}
	if (active === anchor && !back) return inside[0];
	if (active === afterAnchor && back) return inside.at(-1);
	return undefined;
}
