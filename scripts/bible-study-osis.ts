// Turns the SWORD modules' OSIS/TEI markup into the study data's compact forms
// (src/lib/bible/study/format.ts reads them back).

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
	s.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
const strip = (s: string) => decode(s.replace(/<[^>]*>/g, ''));
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** "G0025" → "G25". */
export const strongsId = (raw: string) => raw[0]!.toUpperCase() + String(Number(raw.slice(1)));

/**
 * A KJV verse with its Strong's numbers: plain text, and each tagged word group as
 * `{words|G25}` (several numbers space-separated); words the translators added as `[words]`.
 */
export function kjvStrongsVerse(osis: string): string {
	let s = osis
		.replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, '')
		.replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, '')
		.replace(/<transChange\b[^>]*type="added"[^>]*>([\s\S]*?)<\/transChange>/g, '[$1]');
	s = s.replace(/<w\b([^>]*)>([\s\S]*?)<\/w>/g, (_, attrs: string, inner: string) => {
		const text = squash(strip(inner));
		const ids = [...attrs.matchAll(/strong:([GH]\d+)/g)].map((m) => strongsId(m[1]!));
		return ids.length && text ? `{${text}|${[...new Set(ids)].join(' ')}}` : text;
	});
	// A few verses keep a USFM marker of the source ("the \nd LORD"): dropped.
	return squash(
		strip(s)
			.replace(/¶/g, '')
			.replace(/\\\+?nd\*?/g, '')
	)
		.replace(/\]\s*\[/g, ' ')
		.replace(/ ([,;:.?!)])/g, '$1');
}

export interface DictionaryEntry {
	n: number;
	lemma: string;
	translit: string;
	pron: string;
	def: string;
}

/** A Strong's dictionary entry (TEI): the word, its transliteration and pronunciation, the rest. */
export function dictionaryEntry(key: string, tei: string): DictionaryEntry | undefined {
	const n = Number(key);
	if (!Number.isInteger(n) || n <= 0) return undefined;
	const first = (re: RegExp) => squash(strip(re.exec(tei)?.[1] ?? ''));
	const lemma = first(/<orth>([\s\S]*?)<\/orth>/);
	const translit = first(/<orth[^>]*type="trans"[^>]*>([\s\S]*?)<\/orth>/);
	const pron = first(/<pron\b[^>]*>([\s\S]*?)<\/pron>/);
	// After the pronunciation: the derivation and the definition, Greek written in Beta code left out.
	const pronEnd = tei.search(/<\/pron>/);
	const rest = (pronEnd >= 0 ? tei.slice(pronEnd + 7) : tei.replace(/<orth\b[\s\S]*?<\/orth>/, ''))
		.replace(/<orth[^>]*type="writing"[^>]*>[\s\S]*?<\/orth>/g, '')
		.replace(/<\/?entryFree\b[^>]*>/g, '')
		.replace(/<lb\/>/g, ' ');
	const def = squash(strip(rest));
	return { n, lemma, translit, pron, def };
}

/** A commentary entry as plain paragraphs (blank line between), headings and notes as text. */
export function commentaryText(osis: string): string {
	const s = osis
		.replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, '')
		.replace(/<div\b[^>]*type="x-milestone"[^>]*\/>/g, '')
		.replace(/<(?:div|p|lg|list)\b[^>]*\/>|<\/(?:p|lg|list|title|item|l)>|<lb\/>/g, '\n')
		.replace(/<(?:title|item|l)\b[^>]*>/g, '\n');
	return strip(s).split(/\n+/).map(squash).filter(Boolean).join('\n\n');
}

/** A Nave's topic: its entries (a label and OSIS references) and the topics it points to. */
export function naveTopic(tei: string): { entries: [string, string][]; see: string[] } {
	const body = /<def>([\s\S]*?)<\/def>/.exec(tei)?.[1] ?? tei;
	const entries: [string, string][] = [];
	const see = new Set<string>();
	for (const line of body.split(/<lb\/>/)) {
		for (const m of line.matchAll(/<ref target="Nave:([^"]+)"/g)) see.add(decode(m[1]!));
		const refs = [...line.matchAll(/<ref osisRef="([^"]+)"/g)].map((m) => m[1]!);
		const label = squash(
			strip(line.replace(/<ref\b[^>]*>[\s\S]*?<\/ref>/g, ' ')).replace(/^→\s*/, '')
		)
			.replace(/[\s,;.]+$/, '')
			.replace(/^[\s,;]+/, '');
		if (refs.length) entries.push([label, refs.join(' ')]);
		else if (label && !/^See\b/i.test(label)) entries.push([label, '']);
	}
	return { entries, see: [...see] };
}
