// A hit's verse with its matches marked, as text (never HTML).
import { describe, expect, it } from 'vitest';
import { markedText, segments } from '$lib/bible/search/marked-text';

describe('a verse with its matches marked', () => {
	it('is cut into plain and marked runs that together are the verse, unchanged', () => {
		const text = 'For God so loved the world';
		const parts = segments(text, [
			[8, 10],
			[11, 16]
		]);
		expect(parts).toEqual([
			{ text: 'For God ', mark: false },
			{ text: 'so', mark: true },
			{ text: ' ', mark: false },
			{ text: 'loved', mark: true },
			{ text: ' the world', mark: false }
		]);
		expect(parts.map((p) => p.text).join('')).toBe(text);
		expect(segments(text, [])).toEqual([{ text, mark: false }]);
		expect(segments('love', [[0, 4]])).toEqual([{ text: 'love', mark: true }]);
	});

	it('fills an element with text nodes and <mark>s: markup in the verse stays text', () => {
		const made: { tag: string; textContent: string }[] = [];
		const doc = {
			createElement: (tag: string) => {
				const element = { tag, textContent: '' };
				made.push(element);
				return element;
			}
		};
		const original = globalThis.document;
		Object.defineProperty(globalThis, 'document', { value: doc, configurable: true });
		try {
			let children: unknown[] = [];
			const element = { replaceChildren: (...nodes: unknown[]) => (children = nodes) };
			markedText('<b>love</b> is kind', [[3, 7]])(element as unknown as HTMLElement);
			expect(children).toEqual(['<b>', { tag: 'mark', textContent: 'love' }, '</b> is kind']);
			expect(made).toHaveLength(1);
		} finally {
			Object.defineProperty(globalThis, 'document', { value: original, configurable: true });
		}
	});
});
