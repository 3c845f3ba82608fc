import type { ProblemKind } from './problem';

export interface HintInput {
	kind: ProblemKind;
	status?: number;
	url?: string;
	body?: unknown;
	bodyText?: string;
	field?: string;
}

/** One line a person can act on. */
export function hintFor(input: HintInput): string {
	switch (input.kind) {
		case 'cors':
			return 'The server is reachable but does not allow this app’s origin, or refuses credentials such as a session cookie from it. Use a token in a header, set a Proxy URL for this service in Settings (see `npm run proxy`), or ask the server to allow this origin.';
		case 'network':
			if (typeof navigator !== 'undefined' && !navigator.onLine)
				return 'You are offline. Reconnect and try again; nothing you typed was lost.';
			return 'The server could not be reached. Check the Base URL in Settings and that the server is running.';
		case 'timeout':
			return 'The server did not answer in time. Try again, or check the server’s health.';
		case 'aborted':
			return 'The request was cancelled before it finished.';
		case 'parse':
			return /^\s*</.test(input.bodyText ?? '')
				? 'The server sent an HTML page, not JSON: the Base URL may point at a web page, a login page or a proxy error.'
				: 'The server’s answer could not be read as JSON. Check the Base URL points at the API root.';
		case 'contract':
			return `The server answered, but the field \`${input.field ?? '?'}\` is not what the API contract promises. The server may run another version.`;
		case 'http':
			return httpHint(input.status ?? 0);
	}
}

function httpHint(status: number): string {
	if (status === 401)
		return 'The credentials are missing, wrong or expired: check the token in Settings.';
	if (status === 403) return 'The credentials are valid but not allowed to do this.';
	if (status === 404) return 'Nothing was found at this address: check the path and identifiers.';
	if (status === 405) return 'This method is not allowed here.';
	if (status === 414)
		return 'The query string is too long: send the parameters in the body instead.';
	if (status === 422 || status === 400)
		return 'The server refused the input: see the message for the field to fix.';
	if (status === 429)
		return 'Too many requests: wait for the time the server asks (Retry-After) and try again.';
	if (status >= 500) return 'The server failed. Try again later.';
	return `The server answered with status ${status}.`;
}
