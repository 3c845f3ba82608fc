// A failure of the Bible server in the reader's words: what could not be read and what to do,
// without the request line or the API address (Settings shows the address; the explorer the rest).
import type { ApiProblem } from '$lib/http/problem';

export interface PlainProblem {
	title: string;
	text: string;
}

/**
 * The words the reader shows for a failure. The demo's own failures (its code or text did not
 * arrive) already say so in plain words and name the demo; every other failure, a Live server's
 * or one the demo simulates for a server (Settings, Demo failures), is put in plain words here.
 * In Demo mode the remedy is the switch that makes the demo fail, not a server or key in Settings
 * (the demo has neither).
 */
export function readerProblemWords(
	problem: ApiProblem,
	what: string,
	mode: 'demo' | 'live' = 'live'
): PlainProblem {
	if (problem.demoFailure) return { title: problem.message, text: problem.hint };
	const { title, said, remedy } = problemParts(problem, what);
	const simulated = mode === 'demo' && simulable(problem);
	return { title, text: simulated ? `${said} ${DEMO_REMEDY}` : joined(said, remedy) };
}

/** The remedy for a failure the demo was asked to simulate. */
export const DEMO_REMEDY =
	'The demo is simulating this failure (Settings, Demo failures): it stops after the requests chosen there, when set to None, or when the page is reloaded.';

/** `what` names what was asked for: "John 3", "the list of translations". */
export function plainProblem(problem: ApiProblem, what: string): PlainProblem {
	const { title, said, remedy } = problemParts(problem, what);
	return { title, text: joined(said, remedy) };
}

const joined = (said: string, remedy: string) => (remedy ? `${said} ${remedy}` : said);

/** What the demo's failure switches make (Settings, Demo failures); in Demo mode, only they. */
function simulable(problem: ApiProblem): boolean {
	const { kind, status } = problem;
	// The demo Bible answers 400 and 404 itself (a wrong verse range, a missing chapter); the
	// rest (a firewall's 403 page, 429, 5xx) only when asked.
	if (kind === 'http') return status !== 400 && status !== 404;
	return kind === 'parse' || kind === 'timeout' || (kind === 'network' && !isOffline(problem));
}

const isOffline = (problem: ApiProblem) =>
	problem.kind === 'network' && typeof navigator !== 'undefined' && !navigator.onLine;

/** What went wrong and what to do about it, apart (a failure with no remedy has ''). */
function problemParts(
	problem: ApiProblem,
	what: string
): { title: string; said: string; remedy: string } {
	const status = problem.status;
	// At the start of a sentence: "The list of translations could not be read".
	const What = what.charAt(0).toUpperCase() + what.slice(1);
	switch (problem.kind) {
		case 'network':
			if (isOffline(problem))
				return {
					title: 'You are offline',
					said: `${What} could not be read: you are offline.`,
					remedy: 'Reconnect, then try again.'
				};
			return {
				title: 'The Bible server could not be reached',
				said: `${What} could not be read: the server did not answer.`,
				remedy: `Check that you are online and that the server's address in Settings is right, then try again.`
			};
		// Only a proxy or the server's owner can change this: the remedy is said in full.
		case 'cors':
			return {
				title: 'The Bible server does not allow this app',
				said: `${What} could not be read: the server answered, but its CORS settings do not let this app read the answer.`,
				remedy: `Set a Proxy URL for the Bible in Settings (see \`npm run proxy\`), or ask the server's owner to allow this site.`
			};
		case 'timeout':
			return {
				title: 'The Bible server took too long',
				said: `${What} did not arrive in time.`,
				remedy: 'Try again in a moment.'
			};
		case 'aborted':
			return { title: 'Cancelled', said: `Reading ${what} was cancelled.`, remedy: '' };
		case 'parse':
		case 'contract':
			return {
				title: 'The Bible server sent something unreadable',
				said: `The answer for ${what} is not a Bible text this reader understands.`,
				remedy: 'Try again later, or choose another server in Settings.'
			};
		case 'http':
			if (status === 401 || status === 403)
				return {
					title: 'The Bible server refused access',
					said: `${What} needs a key the server accepts.`,
					remedy: 'Check the key in Settings.'
				};
			if (status === 404)
				return { title: 'Not found', said: `The Bible server does not have ${what}.`, remedy: '' };
			if (status === 429)
				return {
					title: 'The Bible server is busy',
					said: 'Too many requests were made just now.',
					remedy: 'Wait a minute, then try again.'
				};
			if (status !== undefined && status >= 500)
				return {
					title: 'The Bible server had a problem',
					said: `The server failed while sending ${what} (error ${status}).`,
					remedy: 'This is not something you did; try again in a moment.'
				};
			return {
				title: 'The Bible server refused the request',
				said: `${What} could not be read${status ? ` (error ${status})` : ''}.`,
				remedy: 'Try again, or check the server in Settings.'
			};
	}
}
