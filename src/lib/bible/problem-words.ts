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
 */
export function readerProblemWords(problem: ApiProblem, what: string): PlainProblem {
	if (problem.demoFailure) return { title: problem.message, text: problem.hint };
	return plainProblem(problem, what);
}

/** `what` names what was asked for: "John 3", "the list of translations". */
export function plainProblem(problem: ApiProblem, what: string): PlainProblem {
	const status = problem.status;
	// At the start of a sentence: "The list of translations could not be read".
	const What = what.charAt(0).toUpperCase() + what.slice(1);
	switch (problem.kind) {
		case 'network':
			if (typeof navigator !== 'undefined' && !navigator.onLine)
				return {
					title: 'You are offline',
					text: `${What} could not be read: you are offline. Reconnect, then try again.`
				};
			return {
				title: 'The Bible server could not be reached',
				text: `${What} could not be read: the server did not answer. Check that you are online and that the server's address in Settings is right, then try again.`
			};
		// Only a proxy or the server's owner can change this: the remedy is said in full.
		case 'cors':
			return {
				title: 'The Bible server does not allow this app',
				text: `${What} could not be read: the server answered, but its CORS settings do not let this app read the answer. Set a Proxy URL for the Bible in Settings (see \`npm run proxy\`), or ask the server's owner to allow this site.`
			};
		case 'timeout':
			return {
				title: 'The Bible server took too long',
				text: `${What} did not arrive in time. Try again in a moment.`
			};
		case 'aborted':
			return { title: 'Cancelled', text: `Reading ${what} was cancelled.` };
		case 'parse':
		case 'contract':
			return {
				title: 'The Bible server sent something unreadable',
				text: `The answer for ${what} is not a Bible text this reader understands. Try again later, or choose another server in Settings.`
			};
		case 'http':
			if (status === 401 || status === 403)
				return {
					title: 'The Bible server refused access',
					text: `${What} needs a key the server accepts. Check the key in Settings.`
				};
			if (status === 404)
				return { title: 'Not found', text: `The Bible server does not have ${what}.` };
			if (status === 429)
				return {
					title: 'The Bible server is busy',
					text: `Too many requests were made just now. Wait a minute, then try again.`
				};
			if (status !== undefined && status >= 500)
				return {
					title: 'The Bible server had a problem',
					text: `The server failed while sending ${what} (error ${status}). This is not something you did; try again in a moment.`
				};
			return {
				title: 'The Bible server refused the request',
				text: `${What} could not be read${status ? ` (error ${status})` : ''}. Try again, or check the server in Settings.`
			};
	}
}
