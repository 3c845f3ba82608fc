import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingStylesheets, stylesheetsLoaded, type StylesheetLink } from '$lib/ui/stylesheets';

/** A stylesheet link: `sheet` is set once it has loaded, as a browser does. */
class FakeLink extends EventTarget {
	sheet: CSSStyleSheet | null = null;
	disabled = false;
	arrive(kind: 'load' | 'error' = 'load') {
		if (kind === 'load') this.sheet = {} as CSSStyleSheet;
		this.dispatchEvent(new Event(kind));
	}
}
const asLink = (link: FakeLink) => link as unknown as StylesheetLink;

async function settled(promise: Promise<void>): Promise<boolean> {
	let done = false;
	void promise.then(() => (done = true));
	await vi.advanceTimersByTimeAsync(0);
	return done;
}

describe('waiting for the page’s stylesheets before drawing it', () => {
	afterEach(() => vi.useRealTimers());

	it('lists only the links whose stylesheet has not arrived', () => {
		const [loaded, loading] = [new FakeLink(), new FakeLink()];
		loaded.arrive();
		const root = { querySelectorAll: () => [loaded, loading] } as unknown as Document;
		expect(pendingStylesheets(root)).toEqual([loading]);
	});

	it('does not wait for a disabled link, which stands for a style sheet written into the page and is never fetched', () => {
		const [inlined, loading] = [new FakeLink(), new FakeLink()];
		inlined.disabled = true;
		const root = { querySelectorAll: () => [inlined, loading] } as unknown as Document;
		expect(pendingStylesheets(root)).toEqual([loading]);
	});

	it('resolves only when every pending stylesheet has loaded or failed', async () => {
		vi.useFakeTimers();
		const [a, b] = [new FakeLink(), new FakeLink()];
		const wait = stylesheetsLoaded([asLink(a), asLink(b)]);
		expect(await settled(wait)).toBe(false);
		a.arrive();
		expect(await settled(wait)).toBe(false);
		b.arrive('error');
		expect(await settled(wait)).toBe(true);
	});

	it('gives up after the longest wait, so a stylesheet that never comes does not hide the page', async () => {
		vi.useFakeTimers();
		const wait = stylesheetsLoaded([asLink(new FakeLink())], 3000);
		await vi.advanceTimersByTimeAsync(2999);
		expect(await settled(wait)).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(await settled(wait)).toBe(true);
	});

	it('resolves at once when nothing is pending', async () => {
		vi.useFakeTimers();
		expect(await settled(stylesheetsLoaded([]))).toBe(true);
	});
});
