// Tab order around the Strong's popover: drawn at the page's end, it belongs to the word that
// opened it. A small fake document: elements in order, simple selectors, hidden ones without boxes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popoverTabTarget } from '$lib/bible/study/ui/popover-order';

class El {
	readonly children: El[] = [];
	parent?: El;
	constructor(
		readonly name: string,
		readonly tag: string,
		readonly attrs: Record<string, string> = {},
		readonly hidden = false
	) {}
	add(...children: El[]): this {
		for (const child of children) {
			child.parent = this;
			this.children.push(child);
		}
		return this;
	}
	/** This element and all inside it, in document order. */
	all(): El[] {
		return [this, ...this.children.flatMap((c) => c.all())];
	}
	/** "a[href]", "button:not([disabled])", '[tabindex]:not([tabindex="-1"])' and lists of them. */
	matches(selector: string): boolean {
		return selector.split(',').some((part) => {
			const m = /^(\w+)?(?:\[([\w-]+)\])?(?::not\(\[([\w-]+)(?:="([^"]*)")?\]\))?$/.exec(
				part.trim()
			);
			if (!m) throw new Error(`The fake cannot read the selector ${part}`);
			const [, tag, has, not, notValue] = m;
			if (tag && tag !== this.tag) return false;
			if (has && !(has in this.attrs)) return false;
			if (not && not in this.attrs && (notValue === undefined || this.attrs[not] === notValue))
				return false;
			return true;
		});
	}
	querySelectorAll(selector: string): El[] {
		return this.all()
			.slice(1)
			.filter((el) => el.matches(selector));
	}
	contains(other: El | null): boolean {
		return !!other && this.all().includes(other);
	}
	getClientRects(): object[] {
		for (let el: El | undefined = this as El; el; el = el.parent) if (el.hidden) return [];
		return [{}];
	}
	compareDocumentPosition(other: El): number {
		const order = page.all();
		return order.indexOf(other) > order.indexOf(this) ? FOLLOWING : PRECEDING;
	}
	toString(): string {
		return this.name;
	}
}
const FOLLOWING = 4;
const PRECEDING = 2;

const el = (name: string, tag: string, attrs: Record<string, string> = {}, hidden = false) =>
	new El(name, tag, attrs, hidden);

// The page: a link, the verse with the word (its button opened the popover), then what follows
// the word — a disabled button, a hidden link, an unfocusable span, and the next verse (tabindex 0).
const before = el('before', 'a', { href: '#top' });
const anchor = el('word', 'button', { 'aria-expanded': 'true' });
const after = el('next verse', 'span', { tabindex: '0' });
const end = el('footer link', 'a', { href: '/about' });
// The popover at the page's end: its box (focusable by script only), a close button, a text
// field, a link, a disabled button and a hidden link.
const close = el('close', 'button');
const more = el('more', 'a', { href: '/strongs/G26' });
const field = el('field', 'input');
const box = el('popover', 'div', { tabindex: '-1' }).add(
	close,
	field,
	more,
	el('disabled in popover', 'button', { disabled: '' }),
	el('hidden in popover', 'a', { href: '#x' }, true)
);
const page = el('document', '#document').add(
	el('body', 'body').add(
		before,
		el('verse', 'p').add(el('words', 'span'), anchor),
		el('no href', 'a'),
		el('disabled', 'button', { disabled: '' }),
		el('hidden', 'div', {}, true).add(el('hidden link', 'a', { href: '#h' })),
		el('script-only', 'span', { tabindex: '-1' }),
		after,
		end,
		box
	)
);

beforeEach(() => {
	vi.stubGlobal('document', page);
	vi.stubGlobal('Node', { DOCUMENT_POSITION_FOLLOWING: FOLLOWING });
});
afterEach(() => vi.unstubAllGlobals());

const target = (active: El | null, back: boolean) =>
	popoverTabTarget(
		active as unknown as Element,
		back,
		anchor as unknown as HTMLElement,
		box as unknown as HTMLElement
	) as unknown as El | undefined;

describe('Tab around the Strong’s popover: it comes right after its word', () => {
	it('Tab on the word goes into the popover, to its first control', () => {
		expect(target(anchor, false)).toBe(close);
	});

	it('Shift+Tab on the popover’s first control goes back to the word', () => {
		expect(target(close, true)).toBe(anchor);
	});

	it('Tab on the popover’s last control goes on to what follows the word (skipping what Tab skips)', () => {
		expect(target(more, false)).toBe(after);
	});

	it('Shift+Tab on what follows the word goes back into the popover, to its last control', () => {
		expect(target(after, true)).toBe(more);
	});

	it('between the popover’s own controls the browser’s order is right', () => {
		expect(target(close, false)).toBeUndefined();
		expect(target(field, false)).toBeUndefined();
		expect(target(field, true)).toBeUndefined();
		expect(target(more, true)).toBeUndefined();
	});

	it('elsewhere on the page the browser’s order is right', () => {
		expect(target(before, false)).toBeUndefined();
		expect(target(before, true)).toBeUndefined();
		expect(target(anchor, true)).toBeUndefined();
		expect(target(after, false)).toBeUndefined();
		expect(target(end, true)).toBeUndefined();
		expect(target(null, false)).toBeUndefined();
		expect(target(null, true)).toBeUndefined();
	});

	it('focus on the popover’s box itself (not a control) goes forward into the popover, back to the word', () => {
		expect(target(box, false)).toBeUndefined();
		expect(target(box, true)).toBe(anchor);
	});
});
