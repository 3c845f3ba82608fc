import type { DemoTranslationSpec } from './demo-data';

/**
 * The translations the demo serves, in the order it lists them: three real public-domain
 * translations, then the Greek New Testament and the Hebrew Bible in their own languages.
 */
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
	},
	{
		entry: {
			copytightInfo:
				'The SBL Greek New Testament (SBLGNT), © 2010 Society of Biblical Literature and Logos Bible Software, licensed CC BY 4.0 (creativecommons.org/licenses/by/4.0). Lemmas and parsing: MorphGNT SBLGNT edition 6.12, J. K. Tauber, ed. (github.com/morphgnt/sblgnt), CC BY-SA 3.0; glosses from the MorphGNT morphological lexicon, CC BY-SA 3.0. The 27 books of the New Testament; the text unchanged.',
			langId: 'grc',
			language: 'Koine Greek (GRC)',
			name: 'SBL Greek New Testament',
			publisher: 'Society of Biblical Literature and Logos Bible Software',
			ref: 'SBLGNT'
		},
		folder: 'SBLGNT'
	},
	{
		entry: {
			copytightInfo:
				'The Westminster Leningrad Codex (WLC 4.20), public domain. Lemmas and morphology: original work of the Open Scriptures Hebrew Bible, available at github.com/openscriptures/morphhb, CC BY 4.0 (creativecommons.org/licenses/by/4.0); glosses from the OSHB Hebrew lexicon, CC BY 4.0. The 39 books in the order of the English Bible, with the Hebrew chapters and verses; where the text is written one way and read another, the written form (ketiv) is the text and the reading (qere) is shown with the word.',
			langId: 'he',
			language: 'Biblical Hebrew (HE)',
			name: 'Westminster Leningrad Codex',
			publisher: 'Open Scriptures Hebrew Bible',
			ref: 'WLC'
		},
		folder: 'WLC'
	}
];

export const DEMO_BIBLES = DEMO_TRANSLATIONS.map((t) => t.entry);
