import type { DemoTranslationSpec } from './demo-data';

/** The translations the demo serves, in the order it lists them: three real public-domain texts. */
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
				'Public domain. The 66 books of the Protestant canon from the World English Bible (2020 stable text, eBible.org; SWORD module engWEB2015eb), without its deuterocanonical books. “World English Bible” is a trademark of eBible.org.',
			langId: 'en',
			language: 'English (EN)',
			name: 'World English Bible (WEB)',
			publisher: 'eBible.org',
			ref: 'WEB'
		},
		folder: 'WEB'
	},
	{
		entry: {
			copytightInfo: 'Public domain (SWORD module spaRV1909eb, eBible.org).',
			langId: 'es',
			language: 'Español (ES)',
			name: 'Reina-Valera 1909 (RV1909)',
			publisher: 'Public Domain',
			ref: 'RV1909'
		},
		folder: 'RV1909'
	}
];

export const DEMO_BIBLES = DEMO_TRANSLATIONS.map((t) => t.entry);
