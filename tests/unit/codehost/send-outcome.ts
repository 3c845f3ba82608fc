// A 200 answer as the explorer's send path hands it over, for the response tests.
import type { SendOutcome } from '$lib/codehost/send';

export interface AnswerOptions {
	url: string;
	headers?: Record<string, string>;
	startedAt?: string;
	/** The Response carries the body too (some readers read it from there). */
	bodyInResponse?: boolean;
	/** A long answer: `body` is then the text of its start (http/read-body.ts). */
	whole?: Blob;
}

export function answered(body: string, options: AnswerOptions): SendOutcome {
	const { url, headers = { 'content-type': 'application/json' } } = options;
	return {
		result: {
			response: new Response(options.bodyInResponse ? body : null, { status: 200, headers }),
			text: body,
			url,
			...(options.whole && { whole: options.whole }),
			exchange: {
				id: 1,
				startedAt: options.startedAt ?? '2026-01-01T00:00:00.000Z',
				method: 'GET',
				url,
				requestHeaders: {},
				status: 200,
				responseHeaders: headers,
				durationMs: 12,
				sizeBytes: options.whole?.size ?? body.length,
				retries: 0
			}
		},
		url,
		hops: [],
		refreshed: false,
		credentialed: true
	};
}
