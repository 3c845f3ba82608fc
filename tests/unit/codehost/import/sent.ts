/**
 * What the explorer would send for an imported request, built by the app's own request builder
 * (the form's path filling, variables, parameters and header check), so a test compares an
 * import with the request that goes out, not with the fields it happens to fill.
 */
import type { SavedRequestData } from '$lib/codehost/collections/collections';
import { buildRequest, fillRequestPath, parseParams } from '$lib/codehost/request/build';
import { requestTarget } from '$lib/codehost/request/target';
import { resolve, resolveParams } from '$lib/codehost/request/variables';

export const API_ROOT = 'https://gitlab.example.com/api/v4';

export interface Sent {
	method: string;
	url: string;
	/** On the API root's origin: only there does the send path add the token. */
	credentialed: boolean;
	headers: Record<string, string>;
	body?: string;
	/** Multipart fields, name and value. */
	form?: [string, string][];
}

export function sent(
	r: SavedRequestData,
	variables: Readonly<Record<string, string>> = {},
	apiRoot = API_ROOT
): Sent {
	const parsed = parseParams(r.params, (v) => resolveParams(v, variables));
	if (!parsed.ok) throw new Error(parsed.error);
	const built = buildRequest({
		method: r.method,
		builtPath: fillRequestPath(r.path, r.pathParams, variables),
		resolvedQuery: resolve(r.query, variables, 'query').text,
		params: parsed.value,
		bodyKind: r.bodyKind,
		queryInBody: false,
		file: null,
		headers: r.headers,
		headersFrom: 'saved',
		variables
	});
	const target = requestTarget(apiRoot, built.target, built.query);
	const out: Sent = {
		method: built.method,
		url: target.url,
		credentialed: target.credentialed,
		headers: built.headers
	};
	if (built.body instanceof FormData)
		out.form = [...built.body.entries()].map(([k, v]) => [k, String(v)]);
	else if (built.bodyText !== undefined) out.body = built.bodyText;
	return out;
}
