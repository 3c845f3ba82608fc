import * as v from 'valibot';

/** Every JSON answer is `{data, success}` (BI-ENV-1). */
export function envelopeSchema<T extends v.GenericSchema>(data: T) {
	return v.object({ data, success: v.literal(true) });
}

/** A Bible list entry; `copytightInfo` is spelled as the API spells it (BI-LIST-1). */
export const BibleSchema = v.object({
	apiUrl: v.string(),
	copytightInfo: v.string(),
	langId: v.string(),
	language: v.string(),
	name: v.string(),
	publisher: v.string(),
	ref: v.string()
});
export type Bible = v.InferOutput<typeof BibleSchema>;

export const BibleListSchema = envelopeSchema(v.array(BibleSchema));
