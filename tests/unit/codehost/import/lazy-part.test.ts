/**
 * A part of the import that loads when a file needs it: when it cannot be fetched, the import is
 * refused with what failed and what to do, not as a bad file.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { loadPart, PartNotLoaded, partNotLoadedText } from '$lib/codehost/import/lazy-part';

describe('loadPart', () => {
	it('gives the part once it is loaded', async () => {
		const part = { parse: () => 1 };
		expect(await loadPart('bruno', () => Promise.resolve(part))).toBe(part);
	});

	it('a part that cannot be fetched refuses the import with what failed and what to do', async () => {
		const offline = () =>
			Promise.reject(
				new TypeError('Failed to fetch dynamically imported module: https://h/_app/x/chunks/a.js')
			);
		const refused = loadPart('bruno', offline);
		await expect(refused).rejects.toBeInstanceOf(PartNotLoaded);
		await expect(refused).rejects.toBeInstanceOf(FileRefused);
		await expect(refused).rejects.toThrow(
			'The part of this app that reads Bruno’s .bru files could not be loaded: this browser may be offline, or the app was updated since this page was opened. Reconnect and try again, or reload the page.'
		);
		// The browser's words (a URL, "dynamically imported module") are not the person's.
		expect(partNotLoadedText('openapi')).not.toMatch(/module|https?:/);
		expect(partNotLoadedText('openapi')).toContain('OpenAPI and Swagger descriptions');
	});
});
