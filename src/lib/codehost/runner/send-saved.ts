/**
 * A saved request sent by the collection runner: built from the saved form with the run's
 * variables, and sent through the explorer's one send path (auth only to the API root, redirects,
 * refresh, history), so a run sends exactly what Send would. Its header lines pass the one request
 * check after the run's variables are filled; a refused request is not sent.
 */
import { headersToObject } from '$lib/http/exchange';
import { parseJsonBody } from '$lib/http/validate';
import type { SavedRequest } from '../collections/collections';
import { buildRequest, fillRequestPath, parseParams } from '../request/build';
import { checkHeaderLines } from '../request/check';
import { sendOutgoing, type SendContext } from '../send';
import { resolve, resolveParams } from '../request/variables';
import type { RunResponse } from './assertions';

export async function sendSaved(
	item: SavedRequest,
	variables: Readonly<Record<string, string>>,
	context: SendContext
): Promise<RunResponse> {
	const params = parseParams(item.params, (value) => resolveParams(value, variables));
	if (!params.ok) throw new Error(`${item.name}: ${params.error}`);
	// A data row or a value carried from an answer is checked as the form checks what is typed.
	const refused = checkHeaderLines(item.headers, variables, 'saved').problems[0];
	if (refused) throw new Error(`${item.name}: ${refused} Nothing was sent.`);
	// A run cannot choose a file: a request that needs one is for Send, where it is chosen.
	if (item.fileSlot)
		throw new Error(
			`${item.name}: it sends a file chosen on the page, which a run cannot choose: open it and send it with Send. Nothing was sent.`
		);
	const built = buildRequest({
		method: item.method,
		builtPath: fillRequestPath(item.path, item.pathParams, variables),
		resolvedQuery: resolve(item.query, variables, 'query').text,
		params: params.value,
		bodyKind: item.bodyKind,
		queryInBody: false,
		file: null,
		headers: item.headers,
		headersFrom: 'saved',
		variables
	});
	const started = performance.now();
	const { result } = await sendOutgoing({ ...built, bodyText: undefined }, context);
	const parsed = parseJsonBody(result.text);
	return {
		status: result.response.status,
		headers: headersToObject(result.response.headers),
		body: parsed.ok ? parsed.value : result.text,
		timeMs: performance.now() - started
	};
}
