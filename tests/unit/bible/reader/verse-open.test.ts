import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openOnVerse } from '$lib/bible/reader/verse-open';
import { asHtml, FakeElement } from '../fake-dom';

type Listener = (event: unknown) => void;

/** The chapter element: keeps its listeners by event type, and the reader's text selection. */
function fakeChapter() {
	const listeners = new Map<string, Set<Listener>>();
	const chapter = {
		selection: null as { isCollapsed: boolean; toString: () => string } | null,
		ownerDocument: { getSelection: () => chapter.selection },
		addEventListener: (type: string, fn: Listener) => {
			if (!listeners.has(type)) listeners.set(type, new Set());
			listeners.get(type)!.add(fn);
		},
		removeEventListener: (type: string, fn: Listener) => listeners.get(type)?.delete(fn),
		/** Delivers an event as the browser would to listeners on the chapter. */
		dispatch: (type: string, event: Record<string, unknown>) => {
			const full = { button: 0, preventDefault: vi.fn(), ...event };
			for (const fn of listeners.get(type) ?? []) fn(full);
			return full;
		},
		listening: () => [...listeners.values()].reduce((n, set) => n + set.size, 0)
	};
	return chapter;
}

let chapter: ReturnType<typeof fakeChapter>;
let open: ReturnType<typeof vi.fn<(verseRef: string, verse: HTMLElement) => void>>;
let stop: () => void;
let verse: FakeElement;
let words: FakeElement;

beforeEach(() => {
	chapter = fakeChapter();
	open = vi.fn();
	stop = openOnVerse(asHtml(chapter as unknown as FakeElement), open);
	verse = new FakeElement('span', { 'data-verse': 'JHN.3.16', tabindex: '-1' });
	words = new FakeElement('span', { class: 'w' }, verse);
});

const selected = (text: string) => ({ isCollapsed: false, toString: () => text });

describe('A verse opens its actions: a click on its words', () => {
	it('opens the actions of the verse clicked, with its element', () => {
		chapter.dispatch('click', { target: words });
		chapter.dispatch('click', { target: verse });
		expect(open.mock.calls).toEqual([
			['JHN.3.16', verse],
			['JHN.3.16', verse]
		]);
	});

	it.each(['a', 'button', 'input', 'select', 'textarea', 'label', 'summary'])(
		'a click on a control (%s) in the verse, or on words inside the control, does the control’s own thing only',
		(tag) => {
			const control = new FakeElement(tag, {}, verse);
			chapter.dispatch('click', { target: control });
			chapter.dispatch('click', { target: new FakeElement('span', {}, control) });
			expect(open).not.toHaveBeenCalled();
		}
	);

	it('a click outside any verse (a heading, the margin) opens nothing', () => {
		chapter.dispatch('click', { target: new FakeElement('h2') });
		chapter.dispatch('click', { target: null });
		expect(open).not.toHaveBeenCalled();
	});

	it('only the main button opens: a middle or right click does not', () => {
		chapter.dispatch('click', { target: words, button: 1 });
		chapter.dispatch('click', { target: words, button: 2 });
		expect(open).not.toHaveBeenCalled();
	});

	it('not while the reader is selecting text to copy', () => {
		chapter.selection = selected('God so loved');
		chapter.dispatch('click', { target: words });
		expect(open).not.toHaveBeenCalled();
	});

	it('a click with no text selected (a caret, or only spaces) opens', () => {
		chapter.selection = { isCollapsed: true, toString: () => '' };
		chapter.dispatch('click', { target: words });
		chapter.selection = selected(' \n ');
		chapter.dispatch('click', { target: words });
		expect(open).toHaveBeenCalledTimes(2);
	});
});

describe('A verse opens its actions: Enter on a focused verse', () => {
	it('Enter on the verse opens it, and does nothing else', () => {
		const event = chapter.dispatch('keydown', { key: 'Enter', target: verse });
		expect(open).toHaveBeenCalledExactlyOnceWith('JHN.3.16', verse);
		expect(event.preventDefault).toHaveBeenCalled();
		chapter.dispatch('keydown', { key: 'Enter', shiftKey: true, target: verse });
		expect(open).toHaveBeenCalledTimes(2);
	});

	it.each(['altKey', 'ctrlKey', 'metaKey'])(
		'Enter with %s is left to the browser and other shortcuts',
		(modifier) => {
			const event = chapter.dispatch('keydown', { key: 'Enter', [modifier]: true, target: verse });
			expect(open).not.toHaveBeenCalled();
			expect(event.preventDefault).not.toHaveBeenCalled();
		}
	);

	it('other keys, and Enter on anything but a verse (a link in it, the page), open nothing', () => {
		for (const key of [' ', 'Escape', 'ArrowDown', 'e'])
			chapter.dispatch('keydown', { key, target: verse });
		const link = chapter.dispatch('keydown', {
			key: 'Enter',
			target: new FakeElement('a', { href: '#x' }, verse)
		});
		chapter.dispatch('keydown', { key: 'Enter', target: {} });
		expect(open).not.toHaveBeenCalled();
		expect(link.preventDefault).not.toHaveBeenCalled();
	});
});

describe('stopping', () => {
	it('after stop, neither clicks nor Enter open anything, and no listener is left', () => {
		expect(chapter.listening()).toBe(2);
		stop();
		chapter.dispatch('click', { target: words });
		chapter.dispatch('keydown', { key: 'Enter', target: verse });
		expect(open).not.toHaveBeenCalled();
		expect(chapter.listening()).toBe(0);
	});
});
