import * as v from 'valibot';

/**
 * Decimal amounts stay strings, exactly as sent (EN-ORD-5). Every decimal of the seed is an
 * amount of money that cannot be below zero: a cost, a fee, what was paid, a balance ("available
 * funds"); so a sign is refused, as a contract problem. None of the seed's decimals is signed.
 */
export const DecimalString = v.pipe(
	v.string(),
	v.regex(/^\d+(\.\d+)?$/, 'expected a decimal string of zero or more, without a sign')
);

const Int = v.pipe(v.number(), v.integer());
/** A count or an amount (energy, hours, days, page numbers and sizes): a whole number, never below zero. */
const Count = v.pipe(Int, v.minValue(0, 'expected a whole number of zero or more'));

export const AccountSchema = v.object({
	guid: Int,
	user_id: Int,
	id: Int,
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
export type PageLink = v.InferOutput<typeof PageLinkSchema>;

/** The list envelope (EN-LIST-2). */
export function pageEnvelopeSchema<T extends v.GenericSchema>(item: T) {
	return v.object({
		current_page: Count,
		data: v.array(item),
		first_page_url: v.string(),
		from: v.nullable(Count),
		last_page: Count,
		last_page_url: v.string(),
		links: v.array(PageLinkSchema),
		next_page_url: v.nullable(v.string()),
		path: v.string(),
		per_page: Count,
		prev_page_url: v.nullable(v.string()),
		to: v.nullable(Count),
		total: Count,
		draw: v.null(),
		status: v.literal('ok')
	});
}

export const AccountPageSchema = pageEnvelopeSchema(AccountSchema);
export type AccountPage = v.InferOutput<typeof AccountPageSchema>;

export const AccountEnvelopeSchema = v.object({ status: v.literal('ok'), data: AccountSchema });

/** EN-ST-1: 0–6. */
export const StatusSchema = v.pipe(Int, v.minValue(0), v.maxValue(6));

/** EN-TX-1 */
export const ResourceTxSchema = v.object({ order_guid: Int, delegate_txid: v.string() });
export type ResourceTx = v.InferOutput<typeof ResourceTxSchema>;

/** EN-EST-1 */
export const EstimateTaskSchema = v.object({
	id: Int,
	token: v.string(),
	currency: v.string(),
	from: v.string(),
	to: v.array(v.string())
});
export type EstimateTask = v.InferOutput<typeof EstimateTaskSchema>;

/** EN-ORD-1: the fields every order response carries. */
const orderEntries = {
	guid: Int,
	estimate_task_id: v.nullable(Int),
	status: StatusSchema,
	order_cost: DecimalString,
	to: v.string(),
	energy_amount: v.nullable(Count),
	period_type: v.picklist(['days', 'hours']),
	hours: Count,
	days: Count,
	energy_delegation_fee: DecimalString,
	address_activation_fee: DecimalString,
	estimate_task: v.optional(v.nullable(EstimateTaskSchema), null),
	/** Not in the seed, but the list sorts by it (EN-LIST-1): read when a server sends it. */
	created_at: v.optional(v.string())
};

/** The order in a `buy/energy` answer: no payment fields, no transactions (EN-BUY-7). */
export const CreatedOrderSchema = v.object(orderEntries);
export type CreatedOrder = v.InferOutput<typeof CreatedOrderSchema>;

/** The full order from `order/get` (EN-GET-1). */
export const OrderSchema = v.object({
	...orderEntries,
	payment_status: Int,
	order_cost_paid: DecimalString,
	resource_txs: v.array(ResourceTxSchema)
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const BuyResponseSchema = v.object({
	status: v.literal('ok'),
	data: CreatedOrderSchema,
	balance: DecimalString
});
export type BuyResponse = v.InferOutput<typeof BuyResponseSchema>;

export const OrderEnvelopeSchema = v.object({ status: v.literal('ok'), data: OrderSchema });

/** `order/list` items carry `guid` and `status` (EN-LIST-2); anything else is kept unread. */
export const OrderListItemSchema = v.object({ guid: Int, status: StatusSchema });
export type OrderListItem = v.InferOutput<typeof OrderListItemSchema>;
export const OrderPageSchema = pageEnvelopeSchema(OrderListItemSchema);
export type OrderPage = v.InferOutput<typeof OrderPageSchema>;
