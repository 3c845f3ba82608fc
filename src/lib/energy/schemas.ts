import * as v from 'valibot';

/** Decimal amounts stay strings, exactly as sent (EN-ORD-5). */
export const DecimalString = v.pipe(
	v.string(),
	v.regex(/^-?\d+(\.\d+)?$/, 'expected a decimal string')
);

export const AccountSchema = v.object({
	guid: v.number(),
	user_id: v.number(),
	id: v.number(),
	section: v.picklist(['buyer', 'affiliate', 'seller', 'dealer']),
	currency: v.string(),
	balance: DecimalString
});
export type Account = v.InferOutput<typeof AccountSchema>;

const PageLinkSchema = v.object({
	url: v.nullable(v.string()),
	label: v.string(),
	active: v.boolean()
});

/** The list envelope (EN-LIST-2). */
export function pageEnvelopeSchema<T extends v.GenericSchema>(item: T) {
	return v.object({
		current_page: v.number(),
		data: v.array(item),
		first_page_url: v.string(),
		from: v.nullable(v.number()),
		last_page: v.number(),
		last_page_url: v.string(),
		links: v.array(PageLinkSchema),
		next_page_url: v.nullable(v.string()),
		path: v.string(),
		per_page: v.number(),
		prev_page_url: v.nullable(v.string()),
		to: v.nullable(v.number()),
		total: v.number(),
		draw: v.null(),
		status: v.literal('ok')
	});
}

export const AccountPageSchema = pageEnvelopeSchema(AccountSchema);
export type AccountPage = v.InferOutput<typeof AccountPageSchema>;
