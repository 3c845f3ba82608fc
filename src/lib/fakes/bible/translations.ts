import { KJV_BOOKS } from './books';
import type { DemoTranslationSpec } from './demo-data';

/** The first New Testament book in the KJV's order (Matthew). */
const NT_START = 39;

/** The translations the demo serves, in the order it lists them. */
export const DEMO_TRANSLATIONS: readonly DemoTranslationSpec[] = [
	{
		entry: {
			copytightInfo: '',
			langId: 'en',
			language: 'English (EN)',
			name: 'King James Version (KJV)',
			publisher: 'Public Domain',
			ref: 'KJV'
		},
		folder: 'KJV'
	},
	{
		entry: {
			copytightInfo:
				'Public domain. The New Testament of the 1769 King James text, unchanged: a smaller second translation for the demo.',
			langId: 'en',
			language: 'English (EN)',
			name: 'King James Version, New Testament (KJVNT)',
			publisher: 'Public Domain',
			ref: 'KJVNT'
		},
		// The same files as the KJV's New Testament: nothing is stored twice.
		folder: 'KJV',
		books: KJV_BOOKS.slice(NT_START).map((b) => b.ref)
	}
];

export const DEMO_BIBLES = DEMO_TRANSLATIONS.map((t) => t.entry);
