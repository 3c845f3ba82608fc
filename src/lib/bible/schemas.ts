import * as v from 'valibot';

/** Every JSON answer is `{data, success}` (BI-ENV-1). */
export function envelopeSchema<T extends v.GenericSchema>(data: T) {
	return v.object({ data, success: v.literal(true) });
}

const bibleFields = {
	apiUrl: v.string(),
	copytightInfo: v.string(),
	langId: v.string(),
	language: v.string(),
	name: v.string(),
	publisher: v.string(),
	ref: v.string()
};

/** A Bible list entry; `copytightInfo` is spelled as the API spells it (BI-LIST-1). */
export const BibleSchema = v.object(bibleFields);
export type Bible = v.InferOutput<typeof BibleSchema>;

/** A Book (BI-BOOK-1). */
export const BookSchema = v.object({
	apiUrl: v.string(),
	chaptersCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
	name: v.string(),
	order: v.pipe(v.number(), v.integer()),
	ref: v.string()
});
export type Book = v.InferOutput<typeof BookSchema>;

/** A Bible detail: the list fields plus `books` (BI-DET-1). */
export const BibleDetailSchema = v.object({ ...bibleFields, books: v.array(BookSchema) });
export type BibleDetail = v.InferOutput<typeof BibleDetailSchema>;

/** A verse of a chapter: `ref` is a string (BI-CH-1). */
export const VerseSchema = v.object({ ref: v.string(), text: v.string() });
export type Verse = v.InferOutput<typeof VerseSchema>;

/** A Chapter: `ref` is the chapter number (BI-CH-1). */
export const ChapterSchema = v.object({
	apiUrl: v.string(),
	ref: v.pipe(v.number(), v.integer()),
	verses: v.array(VerseSchema)
});
export type Chapter = v.InferOutput<typeof ChapterSchema>;

/** A Passage (BI-PAS-1). */
export const PassageSchema = v.object({
	bibleRef: v.string(),
	bookRef: v.string(),
	startChapter: v.pipe(v.number(), v.integer()),
	startVerse: v.pipe(v.number(), v.integer()),
	endChapter: v.pipe(v.number(), v.integer()),
	endVerse: v.pipe(v.number(), v.integer()),
	verses: v.array(
		v.object({
			chapter: v.pipe(v.number(), v.integer()),
			verse: v.pipe(v.number(), v.integer()),
			text: v.string()
		})
	)
});
export type Passage = v.InferOutput<typeof PassageSchema>;

export const BibleListSchema = envelopeSchema(v.array(BibleSchema));
export const BibleDetailEnvelopeSchema = envelopeSchema(BibleDetailSchema);
export const ChapterEnvelopeSchema = envelopeSchema(ChapterSchema);
export const PassageEnvelopeSchema = envelopeSchema(PassageSchema);

/** Books in the order of their `order` field (the API's list order is not relied on). */
export function booksInOrder(books: readonly Book[]): Book[] {
	return [...books].sort((a, b) => a.order - b.order);
}
