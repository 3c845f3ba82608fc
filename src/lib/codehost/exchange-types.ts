/** What the explorer's exchange gives: its result, what went out last, and how a run is recorded. */
import type { Exchange } from '$lib/http/exchange';
import type { ApiProblem } from '$lib/http/problem';
import type { ExplorerResponse } from './response/explorer-response';
import type { RecordedRequest } from './request/request';

/** The response's tabs. */
export type ResponseTab = 'body' | 'headers' | 'pagination' | 'error';

/**
 * What came of the last request: one of these at a time. It says more than an AsyncResult:
 * when a request is in flight since (the Sending… clock), and "refused" (nothing went out: the
 * form holds input the request cannot carry), which is no failure of the server's.
 */
export type ExchangeResult =
	| { kind: 'idle' }
	/** In flight since `since` (Date.now()); the previous answer stays on show meanwhile. */
	| { kind: 'sending'; since: number; previous: ExplorerResponse | null }
	| { kind: 'answered'; response: ExplorerResponse }
	/** No answer came (network, CORS, timeout, cancelled). */
	| { kind: 'failed'; problem: ApiProblem }
	/** Nothing went out: the form holds input the request cannot carry. */
	| { kind: 'refused'; reason: string; previous: ExplorerResponse | null };

/** How one request of the exchange is shown and recorded: the form's request behind it, and the Fetch all run it belongs to. */
export interface ExchangeOptions {
	/** A page button keeps its tab; an error answer to Send opens its explanation. */
	origin?: 'send' | 'page';
	saved?: RecordedRequest;
	run?: string;
}

export type RecordExchange = (
	exchange: Exchange,
	saved: RecordedRequest | undefined,
	run?: string
) => void;
