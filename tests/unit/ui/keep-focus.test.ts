/**
 * keepFocus: when the control that had the focus leaves the region (Read aloud becomes Pause), the
 * focus goes to the region's first control, not back to the top of the page. Node has no DOM, so
 * the region, its controls and the MutationObserver are small stand-ins with the parts it uses.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepFocus } from '$lib/ui/keep-focus';

class FakeElement {
	isConnected = true;
	focus = vi.fn(() => {
		page.activeElement = this;
	});
	constructor(readonly name: string) {}
}

type Handler = (event: { target?: unknown; relatedTarget?: unknown }) => void;

/** A region of controls; querySelector answers the first connected one (or one named by `prefer`). */
class FakeRegion extends FakeElement {
	controls: FakeElement[] = [];
	handlers = new Map<string, Handler>();
	addEventListener(type: string, handler: Handler) {
		this.handlers.set(type, handler);
	}
	removeEventListener(type: string) {
		this.handlers.delete(type);
	}
	contains(node: unknown) {
		return this.controls.includes(node as FakeElement);
	}
	querySelector(selector: string) {
		const connected = this.controls.filter((c) => c.isConnected);
		return (
			connected.find((c) => selector === `#${c.name}`) ??
			(selector.startsWith('#') ? null : connected[0]) ??
			null
		);
	}
	/** The user focuses a control of the region, then the region's markup changes. */
	focusOn(control: FakeElement) {
		control.focus();
		this.handlers.get('focusin')?.({ target: control });
	}
	replace(control: FakeElement, by: FakeElement) {
		control.isConnected = false;
		if (page.activeElement === control) page.activeElement = page.body;
		this.controls = this.controls.map((c) => (c === control ? by : c));
		observers.forEach((changed) => changed());
	}
}

const page = Object.assign(new EventTarget(), {
	body: new FakeElement('body'),
	activeElement: null as FakeElement | null
});
let observers: (() => void)[] = [];
class FakeMutationObserver {
	#changed: () => void;
	constructor(changed: () => void) {
		this.#changed = changed;
	}
	observe() {
		observers.push(this.#changed);
	}
	disconnect() {
		observers = observers.filter((o) => o !== this.#changed);
	}
}

function region(...names: string[]) {
	const r = new FakeRegion('region');
	r.controls = names.map((n) => new FakeElement(n));
	return r;
}

beforeEach(() => {
	observers = [];
	page.activeElement = page.body;
	vi.stubGlobal('document', page);
	vi.stubGlobal('Element', FakeElement);
	vi.stubGlobal('Node', FakeElement);
	vi.stubGlobal('MutationObserver', FakeMutationObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('keepFocus', () => {
	it('puts the focus on the region’s first control when the focused one goes away', () => {
		const r = region('read-aloud', 'settings');
		keepFocus(r as unknown as HTMLElement);
		r.focusOn(r.controls[0]!);
		const pause = new FakeElement('pause');
		r.replace(r.controls[0]!, pause);
		expect(page.activeElement).toBe(pause);
	});

	it('prefers the control `prefer` names', () => {
		const r = region('download', 'other');
		keepFocus(r as unknown as HTMLElement, '#other');
		r.focusOn(r.controls[0]!);
		r.replace(r.controls[0]!, new FakeElement('stop'));
		expect(page.activeElement?.name).toBe('other');
	});

	it('puts nothing back once the user has moved on by Tab or by a click elsewhere', () => {
		const tabbed = region('read-aloud', 'settings');
		keepFocus(tabbed as unknown as HTMLElement);
		tabbed.focusOn(tabbed.controls[0]!);
		tabbed.handlers.get('focusout')?.({ relatedTarget: new FakeElement('next') });
		tabbed.replace(tabbed.controls[0]!, new FakeElement('pause'));
		expect(page.activeElement).toBe(page.body);

		const clicked = region('read-aloud');
		keepFocus(clicked as unknown as HTMLElement);
		clicked.focusOn(clicked.controls[0]!);
		page.dispatchEvent(new Event('pointerdown'));
		clicked.replace(clicked.controls[0]!, new FakeElement('pause'));
		expect(page.activeElement).toBe(page.body);
	});

	it('leaves the focus where it is when something else already has it, and stops when cleaned up', () => {
		const r = region('read-aloud', 'settings');
		keepFocus(r as unknown as HTMLElement);
		r.focusOn(r.controls[0]!);
		const elsewhere = new FakeElement('search');
		page.activeElement = elsewhere;
		r.replace(r.controls[0]!, new FakeElement('pause'));
		expect(page.activeElement).toBe(elsewhere);

		const stopped = region('read-aloud');
		const stop = keepFocus(stopped as unknown as HTMLElement);
		stopped.focusOn(stopped.controls[0]!);
		stop();
		stopped.replace(stopped.controls[0]!, new FakeElement('pause'));
		expect(page.activeElement).toBe(page.body);
		expect(stopped.handlers.size).toBe(0);
	});
});
