// The demo's SWORD translations (WEB, RV1909): which module each folder is extracted from
// (scripts/demo-data.ts), and how a verse's module markup becomes the verse's text.

export interface SwordSource {
	/** The demo data folder, e.g. "WEB": data/demo-bible/WEB.json.br. */
	folder: string;
	module: string;
	/** The locale diatheke names the books in. */
	locale: string;
}

export const DEMO_SWORD_SOURCES: readonly SwordSource[] = [
	{ folder: 'WEB', module: 'engWEB2015eb', locale: 'en' },
	{ folder: 'RV1909', module: 'spaRV1909eb', locale: 'es' }
];

/** Stands where a note or a line/paragraph break was: a space only if it sat between two words. */
const GAP = '\uE000';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A verse's text without its OSIS markup: headings and notes go, words stay as the module has them.
 * A removed note or break between two words leaves one space ("only born Son", not "bornSon"),
 * and none before punctuation ("God, and").
 */
export function cleanSwordVerse(raw: string): string {
	return (
		raw
			// Two words' elements side by side with nothing between are two words ("y</transChange>
			// <w>Jesús" is "y Jesús"), except a pronoun the translators joined to its verb
			// ("seguir</w><transChange>le" is "seguirle").
			.replace(/<\/transChange>(?=<w\b|<transChange\b)/g, `</transChange>${GAP}`)
			.replace(/<\/w>(?=<w\b)/g, `</w>${GAP}`)
			.replace(
				/<\/w>(?=<transChange\b[^>]*>(?!(?:le|lo|la|les|los|las|se|me|te|nos|os)<\/transChange>))/g,
				`</w>${GAP}`
			)
			.replace(/<title\b[^>]*\/>/g, '')
			.replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, '')
			.replace(/<note\b[^>]*\/>/g, GAP)
			.replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, GAP)
			// Breaks between lines, stanzas and paragraphs separate words as a space would.
			.replace(/<(?:milestone|lb|l|lg|p|div)\b[^>]*\/?>|<\/(?:l|lg|p|div)>/g, GAP)
			.replace(/<[^>]*>/g, '')
			.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!)
			.replace(/\s+/g, ' ')
			.replace(
				/([\p{L}\p{N}\p{Pe}\p{Pf}’”.,;:!?])(?: ?\uE000[ \uE000]*)(?=[\p{L}\p{N}\p{Ps}\p{Pi}‘“¿¡])/gu,
				'$1 '
			)
			.replace(/ ?\uE000[ \uE000]*/g, (gap, at: number, all: string) =>
				// A gap beside a space keeps that one space; one at either end of the verse goes.
				gap.includes(' ') && at > 0 && at + gap.length < all.length ? ' ' : ''
			)
			.trim()
	);
}
