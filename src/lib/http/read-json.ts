import type { GenericSchema } from 'valibot';
import type { Exchange } from './exchange';
import { hintFor } from './hints';
import { ApiProblem } from './problem';
import { LONG_BODY_BYTES } from './read-body';
import { parseJsonBody, validate } from './validate';

/** An HTTP answer as the client read it: the response, its body as text, and its record. */
export interface HttpResult {
	response: Response;
	/** The whole body as text; for a long body (`whole` set), the text of its start. */
	text: string;
	url: string;
	exchange: Exchange;
	/** A body too long to read as text (over LONG_BODY_BYTES), whole, as it came (read-body.ts). */
	whole?: Blob;
}

/**
 * Reads an answer that must be 2xx JSON, and validates it against a schema: HTTP errors,
 * unreadable bodies and contract breaks all become an ApiProblem. Shared by HttpClient.json and
 * callers that send first and read later (to free a connection slot before parsing).
 */
export function readJson<T>(
	result: HttpResult,
	method: string,
	schema?: GenericSchema<unknown, T>
): T {
	const { response, text } = result;
	const headers = Object.fromEntries(response.headers.entries());
	/** What every problem with this answer says of it. */
	const about = {
		method: method.toUpperCase(),
		url: result.exchange.url,
		status: response.status,
		headers
	};
	if (result.whole) {
		// Only its start was read as text: parsing that would only say "not JSON".
		const size = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;
		throw new ApiProblem({
			kind: 'parse',
			...about,
			message: `The server's answer is ${size(result.whole.size)}, more than the ${size(LONG_BODY_BYTES)} this app reads.`,
			hint: 'Ask for less at a time (a smaller page), or check the base URL in Settings: this is not an answer the app expects.'
		});
	}
	const parsed = parseJsonBody(text);
	// An HTML page (an edge proxy, a login page) is an unreadable answer whatever its status.
	const looksHtml = !parsed.ok && /^\s*</.test(text);
	if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
		throw new ApiProblem({
			kind: 'http',
			...about,
			bodyText: text,
			message: `${method.toUpperCase()} ${result.exchange.url} answered with a redirect, which was not followed: your credentials stay with this server.`,
			hint: 'Check the base URL in Settings: the server wants the request somewhere else. Enter that address as the base URL if you trust it.'
		});
	}
	if (!response.ok && !looksHtml) {
		throw new ApiProblem({
			kind: 'http',
			...about,
			bodyText: text,
			body: parsed.ok ? parsed.value : undefined,
			message: `${method.toUpperCase()} ${result.exchange.url} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
			hint: hintFor({
				kind: 'http',
				status: response.status,
				body: parsed.ok ? parsed.value : undefined
			})
		});
	}
	if (!parsed.ok) {
		throw new ApiProblem({
			kind: 'parse',
			...about,
			bodyText: text,
			message:
				text.trim() === ''
					? 'The server answered with an empty body where JSON was expected.'
					: `The server's answer is not JSON (${parsed.reason}).`,
			hint: hintFor({ kind: 'parse', bodyText: text })
		});
	}
	const data = schema
		? validate(schema, parsed.value, {
				url: result.exchange.url,
				status: response.status,
				bodyText: text,
				headers
			})
		: (parsed.value as T);
	return data;
}
