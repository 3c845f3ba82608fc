import { describe, expect, it } from 'vitest';
import { applyReadingTheme } from '$lib/bible/reader/reading-theme';

const page = () => ({ dataset: {} as DOMStringMap }) as HTMLElement;

describe('the reading theme on the whole page', () => {
	it('puts a chosen theme on the document and takes it off when the reader closes', () => {
		const root = page();
		const undo = applyReadingTheme('dark', root);
		expect(root.dataset.readingTheme).toBe('dark');
		undo();
		expect(root.dataset.readingTheme).toBeUndefined();
	});

	it('leaves the system its say for "As the system", even after another theme', () => {
		const root = page();
		applyReadingTheme('light', root);
		applyReadingTheme('auto', root);
		expect(root.dataset.readingTheme).toBeUndefined();
	});
});
