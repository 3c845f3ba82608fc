import * as v from 'valibot';

/** Decimal amounts stay strings, exactly as sent (EN-ORD-5). */
export const DecimalString = v.pipe(
	v.string(),
	v.regex(/^-?\d+(\.\d+)?$/, 'expected a decimal string')
);

const Int = v.pipe(v.number(), v.integer());

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
		current_page: Int,
		data: v.array(item),
		first_page_url: v.string(),
		from: v.nullable(Int),
		last_page: Int,
		last_page_url: v.string(),
		links: v.array(PageLinkSchema),
		next_page_url: v.nullable(v.string()),
		path: v.string(),
		per_page: Int,
		prev_page_url: v.nullable(v.string()),
		to: v.nullable(Int),
		total: Int,
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
	energy_amount: v.nullable(Int),
	period_type: v.picklist(['days', 'hours']),
	hours: Int,
	days: Int,
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
