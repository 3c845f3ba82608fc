/**
 * Reference lookup ("John 3:16-18", "Jn 3:16", "Gen 1", "John 3:16-4:2", "Jude 5") with the
 * bible-passage-reference-parser (English only), loaded on first use.
 */

/** What a reference asks for, in the API's terms. Verses absent means whole chapters. */
export interface ReferenceRange {
	bookRef: string;
	startChapter: number;
	startVerse?: number;
	endChapter: number;
	endVerse?: number;
}

export type ParsedReference =
	{ kind: 'range'; range: ReferenceRange } | { kind: 'none'; message: string };

/** The one call of the parser this app makes: text in, OSIS out ("" when nothing valid). */
export interface OsisParser {
	osis(text: string): string;
	/** Whether the text names something that looks like a reference at all. */
	recognised(text: string): boolean;
}

let parser: Promise<OsisParser> | undefined;

/** Loads the parser and its English data (about 40 KB gzipped) on first use only. */
export function loadParser(): Promise<OsisParser> {
	parser ??= Promise.all([
		import('bible-passage-reference-parser/esm/bcv_parser.js'),
		import('bible-passage-reference-parser/esm/lang/en.js')
	]).then(([{ bcv_parser }, lang]) => {
		const bcv = new bcv_parser(lang);
		// Whole chapters stay "Gen.1" rather than "Gen.1.1-Gen.1.31".
		bcv.set_options({
			osis_compaction_strategy: 'bc',
			book_alone_strategy: 'first_chapter',
			versification_system: 'kjv'
		});
		return {
			osis: (text: string) => String(bcv.parse(text).osis()),
			recognised: (text: string) => {
				bcv.set_options({ invalid_passage_strategy: 'include' });
				const found = (bcv.parse(text).parsed_entities() as unknown[]).length > 0;
				bcv.set_options({ invalid_passage_strategy: 'ignore' });
				return found;
			}
		};
	});
	return parser;
}

const OSIS_POINT = /^([1-4]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/;

/** Reads the first passage of an OSIS string: "John.3.16-John.3.18", "Gen.1", "Jude.1.5". */
export function osisToRange(osis: string): ReferenceRange | null {
	const first = osis.split(',')[0]?.trim();
	if (!first) return null;
	const [startText, endText] = first.split('-');
	const start = OSIS_POINT.exec(startText ?? '');
	const end = OSIS_POINT.exec(endText ?? startText ?? '');
	if (!start || !end || start[1] !== end[1]) return null;
	const range: ReferenceRange = {
		bookRef: start[1]!,
		startChapter: Number(start[2]),
		endChapter: Number(end[2])
	};
	if (start[3] !== undefined) range.startVerse = Number(start[3]);
	if (end[3] !== undefined) range.endVerse = Number(end[3]);
	else if (start[3] !== undefined) range.endVerse = undefined;
	return range;
}

/** The book part of the translation, for checking a range against what it really has. */
export interface BookShape {
	ref: string;
	name: string;
	chaptersCount: number;
}

/** Parses text into a range this translation has, or says why not. */
export function parseReference(
	p: OsisParser,
	text: string,
	books: readonly BookShape[]
): ParsedReference {
	const trimmed = text.trim();
	if (!trimmed) return { kind: 'none', message: 'Type a reference, for example John 3:16.' };
	const osis = p.osis(trimmed);
	const range = osis ? osisToRange(osis) : null;
	if (!range) {
		return {
			kind: 'none',
			message: p.recognised(trimmed)
				? `${trimmed} does not exist.`
				: `${trimmed} is not a reference this reader understands. Try for example John 3:16.`
		};
	}
	const book = books.find((b) => b.ref === range.bookRef);
	if (!book) return { kind: 'none', message: `${trimmed} is not in this translation.` };
	if (range.endChapter > book.chaptersCount || range.startChapter > book.chaptersCount)
		return {
			kind: 'none',
			message: `${trimmed} does not exist: ${book.name} has ${book.chaptersCount} chapters.`
		};
	return { kind: 'range', range };
}

/** "John 3:16–18", "John 3:16–4:2", "Genesis 1", for headings. */
export function formatRange(range: ReferenceRange, bookName: string): string {
	const { startChapter: sc, startVerse: sv, endChapter: ec, endVerse: ev } = range;
	if (sv === undefined) return sc === ec ? `${bookName} ${sc}` : `${bookName} ${sc}–${ec}`;
	if (sc === ec)
		return ev === undefined || ev === sv
			? `${bookName} ${sc}:${sv}`
			: `${bookName} ${sc}:${sv}–${ev}`;
	return `${bookName} ${sc}:${sv}–${ec}:${ev ?? ''}`;
}
