import * as v from 'valibot';
import { ApiProblem } from './problem';
import { hintFor } from './hints';

export type JsonParse = { ok: true; value: unknown } | { ok: false; reason: string };

export function parseJsonBody(text: string): JsonParse {
	if (text.trim() === '') return { ok: false, reason: 'empty body' };
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch (error) {
		const looksHtml = /^\s*</.test(text);
		return {
			ok: false,
			reason: looksHtml ? 'it looks like an HTML page' : (error as Error).message
		};
	}
}

/** The dotted path of the first failing field, e.g. `data.3.balance`. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
	return (issue.path ?? []).map((item) => String(item.key)).join('.') || '(root)';
}

/** Validates at the boundary: a body that breaks the contract becomes a `contract` problem naming the field. */
export function validate<T>(
	schema: v.GenericSchema<unknown, T>,
	value: unknown,
	context: {
		url?: string;
		status?: number;
		bodyText?: string;
		headers?: Record<string, string>;
	} = {}
): T {
	const result = v.safeParse(schema, value);
	if (result.success) return result.output;
	const issue = result.issues[0];
	const field = issuePath(issue);
	throw new ApiProblem({
		kind: 'contract',
		url: context.url,
		status: context.status,
		headers: context.headers,
		bodyText: context.bodyText,
		body: value,
		message: `The answer does not match the contract at \`${field}\`: ${issue.message}.`,
		hint: hintFor({ kind: 'contract', field })
	});
}
