/** Classifies an answer into the seed's error shapes and the reference facts (§5, §7). No Svelte. */
import { parseRetryAfter } from '$lib/http/retry-after';

export type ErrorShapeId =
	| 'missing-attribute'
	| 'validation'
	| 'unknown-route'
	| 'missing-resource'
	| 'unauthorized'
	| 'oauth-expired'
	| 'oauth-revoked'
	| 'sudo-not-admin'
	| 'sudo-no-scope'
	| 'sudo-unknown-user'
	| 'forbidden'
	| 'spam'
	| 'spam-captcha'
	| 'max-offset'
	| 'keyset-unavailable'
	| 'method-not-allowed'
	| 'conflict'
	| 'precondition-failed'
	| 'uri-too-long'
	| 'unprocessable'
	| 'rate-limited'
	| 'server-error'
	| 'html-body'
	| 'not-json'
	| 'client-error'
	| 'network'
	| 'cors'
	| 'timeout'
	| 'aborted';

export interface ErrorShape {
	id: ErrorShapeId;
	/** The classification, shown as a heading. */
	title: string;
	meaning: string;
	action: string;
	rules: string[];
	/** Validation messages as property path → messages (nested entities flattened with dots). */
	fields?: { path: string; messages: string[] }[];
	captcha?: { siteKey: string; spamLogId: number };
	retryAfterSeconds?: number;
	/** Rate-limit headers the browser could read. */
	rateLimit?: Record<string, string>;
	/** Headers that matter here but that the browser could not read cross-origin. */
	unreadable?: string[];
	message?: string;
}

export interface AnswerInput {
	status: number;
	headers: Record<string, string>;
	bodyText: string;
	/** The parsed body, or undefined when it was not JSON. */
	json: unknown;
	isJson: boolean;
	/** Live mode across origins: some headers are hidden unless exposed. */
	crossOrigin: boolean;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
	v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Flattens `{bio: ["…"], embedded: {title: ["…"]}}` into path → messages (CH-ERR-2). */
export function validationFields(
	message: unknown,
	prefix = ''
): { path: string; messages: string[] }[] {
	const out: { path: string; messages: string[] }[] = [];
	const m = obj(message);
	if (!m) return out;
	for (const [key, value] of Object.entries(m)) {
		const path = prefix ? `${prefix}.${key}` : key;
		if (Array.isArray(value)) out.push({ path, messages: value.map(String) });
		else if (typeof value === 'string') out.push({ path, messages: [value] });
		else out.push(...validationFields(value, path));
	}
	return out;
}

export function classifyAnswer(input: AnswerInput): ErrorShape | null {
	const { status } = input;
	if (status < 400 && status !== 0) {
		const type =
			Object.entries(input.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
		if (!input.isJson && input.bodyText.trim() !== '' && /json/i.test(type))
			return {
				id: 'not-json',
				title: `Malformed JSON (${status})`,
				meaning:
					'The server says the body is JSON, but it cannot be parsed; it is shown below as text.',
				action:
					'Try again; if it persists the server (or a proxy) is cutting or corrupting answers.',
				rules: ['CH-CT-1']
			};
		return null;
	}
	const body = obj(input.json);
	const message = body?.message;
	const error = body?.error;
	const lower: Record<string, string> = {};
	for (const [k, v] of Object.entries(input.headers)) lower[k.toLowerCase()] = v;

	if (!input.isJson && status >= 400 && status !== 429) {
		if (/^\s*</.test(input.bodyText))
			return {
				id: 'html-body',
				title: `HTML page instead of JSON (${status})`,
				meaning:
					'Something in front of the API (an edge proxy, a login page, a “Checking your browser” wall) answered with a web page. It is shown below as text.',
				action: 'Check the base URL points at the API, or pass the proxy’s check in a browser tab.',
				rules: ['CH-CT-1']
			};
		if (status < 500)
			return {
				id: 'not-json',
				title: `Non-JSON error body (${status})`,
				meaning: 'The API answers JSON by default; this body is something else, shown as text.',
				action: 'Read the text; it may come from a proxy rather than the API.',
				rules: ['CH-CT-1', 'CH-CT-2']
			};
	}

	if (body?.needs_captcha_response === true)
		return {
			id: 'spam-captcha',
			title: 'Spam detected: CAPTCHA required',
			meaning:
				'The request was recognised as spam. A CAPTCHA service is configured, so it can be resubmitted with a solved challenge.',
			action:
				'Solve the (version 2) challenge for the site key, paste the CAPTCHA response and resubmit: the explorer adds X-Service-Captcha-Response and X-Service-Spam-Log-Id.',
			rules: ['CH-SPAM-2', 'CH-SPAM-3'],
			captcha: {
				siteKey: String(body.captcha_site_key ?? ''),
				spamLogId: Number(body.spam_log_id)
			},
			message: typeof obj(message)?.error === 'string' ? String(obj(message)!.error) : undefined
		};
	const messageObj = obj(message);
	if (messageObj && typeof messageObj.error === 'string' && Object.keys(messageObj).length === 1)
		return {
			id: 'spam',
			title: 'Spam detected',
			meaning: 'The request was recognised as spam and no CAPTCHA service is configured.',
			action: 'Change the content and send again; there is no challenge to solve.',
			rules: ['CH-SPAM-1'],
			message: messageObj.error
		};

	switch (status) {
		case 400:
			if (messageObj)
				return {
					id: 'validation',
					title: 'Validation failed',
					meaning:
						'An attribute failed validation: message maps each property (and embedded entity) to its errors.',
					action: 'Fix each property listed and send again.',
					rules: ['CH-ERR-2'],
					fields: validationFields(messageObj)
				};
			return {
				id: 'missing-attribute',
				title: 'Missing attribute',
				meaning: 'A required attribute was not given; message names it.',
				action: 'Add the attribute named in the message and send again.',
				rules: ['CH-ERR-1'],
				message: typeof message === 'string' ? message : undefined
			};
		case 401:
			if (error === 'invalid_token') {
				const description = String(body?.error_description ?? '');
				if (/revoked/i.test(description))
					return {
						id: 'oauth-revoked',
						title: 'OAuth token revoked',
						meaning: 'The OAuth access token was revoked; refreshing will not help.',
						action: 'Sign in again (re-authorize) to get new tokens.',
						rules: ['CH-AUTH-1'],
						message: description
					};
				return {
					id: 'oauth-expired',
					title: 'OAuth token expired',
					meaning: 'The OAuth access token is past its two-hour validity.',
					action:
						'Refresh it with the refresh token (the explorer does so automatically once), or re-authorize.',
					rules: ['CH-AUTH-1'],
					message: description
				};
			}
			return {
				id: 'unauthorized',
				title: 'Not authenticated (401)',
				meaning: 'The credentials are missing or invalid for this endpoint.',
				action:
					'Choose an auth method and paste a valid token; check that this endpoint accepts that kind of token (job tokens work on a few endpoints only).',
				rules: ['CH-ERR-4', 'CH-AUTH-0'],
				message: typeof message === 'string' ? message : undefined
			};
		case 403:
			if (typeof message === 'string' && /must be admin to use sudo/i.test(message))
				return {
					id: 'sudo-not-admin',
					title: 'Sudo needs an administrator',
					meaning: 'Sudo was asked for with a token that does not belong to an administrator.',
					action: 'Clear the Sudo field, or use an administrator’s token.',
					rules: ['CH-SUDO-4', 'CH-SUDO-1'],
					message
				};
			if (error === 'insufficient_scope')
				return {
					id: 'sudo-no-scope',
					title: `Token lacks the ${String(body?.scope ?? 'required')} scope`,
					meaning: String(
						body?.error_description ?? 'The token does not carry the scope this request needs.'
					),
					action: `Create a token with the ${String(body?.scope ?? '')} scope, or clear the Sudo field.`,
					rules: ['CH-SUDO-5'],
					message: String(body?.error_description ?? '')
				};
			return {
				id: 'forbidden',
				title: 'Forbidden (403)',
				meaning: 'The request is not allowed for this user.',
				action: 'Use a user with the needed permission.',
				rules: ['CH-ST-2'],
				message: typeof message === 'string' ? message : undefined
			};
		case 404:
			if (typeof message === 'string' && /user with id or username/i.test(message))
				return {
					id: 'sudo-unknown-user',
					title: 'Unknown sudo user',
					meaning: 'The user named in Sudo does not exist.',
					action: 'Check the user id or username (usernames are case-insensitive).',
					rules: ['CH-SUDO-6'],
					message
				};
			if (error === '404 Not Found' || (typeof error === 'string' && message === undefined))
				return {
					id: 'unknown-route',
					title: 'Unknown route',
					meaning:
						'No endpoint matches this path. A common cause: a namespaced project, file path, branch or tag with a raw “/” instead of %2F.',
					action: 'Check the path against the endpoint templates and encode “/” inside parameters.',
					rules: ['CH-ERR-3', 'CH-PATH-3']
				};
			return {
				id: 'missing-resource',
				title: 'Resource not found',
				meaning:
					'The route exists but the resource is not there, or this user may not see it (the server does not say which).',
				action: 'Check the identifier (issues by iid, not id) and the credentials.',
				rules: ['CH-ST-2', 'CH-ID-1'],
				message: typeof message === 'string' ? message : undefined
			};
		case 405:
			if (typeof error === 'string' && /maximum allowed offset/i.test(error))
				return {
					id: 'max-offset',
					title: 'Past the maximum offset',
					meaning: error,
					action:
						'Switch to keyset pagination (the keyset helper fills pagination=keyset, order_by and sort).',
					rules: ['CH-OFF-6', 'CH-OFF-7']
				};
			if (typeof error === 'string' && /keyset/i.test(error))
				return {
					id: 'keyset-unavailable',
					title: 'Keyset not available here',
					meaning: error,
					action:
						'Use offset pagination, or an ordering and authentication the keyset table allows.',
					rules: ['CH-KEY-6']
				};
			return {
				id: 'method-not-allowed',
				title: 'Method not allowed (405)',
				meaning: 'This method is not supported on this path.',
				action: 'Check the method against the endpoint table.',
				rules: ['CH-ST-2']
			};
		case 409:
			return simple(
				'conflict',
				'Conflict (409)',
				'A conflicting resource already exists.',
				'Change the name or path, or use the existing resource.'
			);
		case 412:
			return simple(
				'precondition-failed',
				'Precondition failed (412)',
				'Denied: for example If-Unmodified-Since was sent and the resource changed in between.',
				'Fetch the resource again and retry with the new state.'
			);
		case 414:
			return simple(
				'uri-too-long',
				'Query string too long (414)',
				'The query string is too long for the server.',
				'Send the parameters as a body instead (the explorer offers to).',
				['CH-PAY-3']
			);
		case 422:
			return simple(
				'unprocessable',
				'Unprocessable entity (422)',
				'The entity could not be processed.',
				'Read the message and fix the input.'
			);
		case 429: {
			const readable: Record<string, string> = {};
			for (const [k, v] of Object.entries(lower))
				if (k === 'retry-after' || k.startsWith('ratelimit-')) readable[k] = v;
			const retryMs = parseRetryAfter(lower['retry-after']);
			const unreadable =
				input.crossOrigin && !('retry-after' in lower) ? ['Retry-After', 'RateLimit-*'] : undefined;
			return {
				id: 'rate-limited',
				title: 'Rate limited (429)',
				meaning: `The application rate limit was exceeded${input.isJson ? '' : `; the body is plain text (“${input.bodyText.trim().slice(0, 80)}”)`}.`,
				action:
					retryMs !== undefined
						? `Wait ${Math.ceil(retryMs / 1000)} s (Retry-After) and try again.`
						: unreadable
							? 'The server’s Retry-After is not readable from this origin (not exposed by CORS): wait a minute and try again.'
							: 'Wait a little and try again.',
				rules: ['CH-LIM-1'],
				retryAfterSeconds: retryMs === undefined ? undefined : Math.ceil(retryMs / 1000),
				rateLimit: readable,
				unreadable
			};
		}
	}
	if (status >= 500)
		return simple(
			'server-error',
			`Server error (${status})`,
			status === 503 ? 'The server is temporarily overloaded.' : 'The server failed.',
			'Try again later.'
		);
	return simple(
		'client-error',
		`Client error (${status})`,
		'The server refused the request.',
		'Read the body for details.'
	);
}

function simple(
	id: ErrorShapeId,
	title: string,
	meaning: string,
	action: string,
	rules = ['CH-ST-2']
): ErrorShape {
	return { id, title, meaning, action, rules };
}

/** A failure with no answer at all: network vs CORS (the browser hides the reason; we find it). */
export function classifyFailure(kind: string, message: string): ErrorShape {
	if (kind === 'cors')
		return {
			id: 'cors',
			title: 'Blocked by CORS',
			meaning:
				'The server is reachable, but the browser withheld its answer because the server does not allow this origin (or refuses credentials from it, as with the session cookie).',
			action: 'Use a token in a header instead of the cookie, or set a Proxy URL in Settings.',
			rules: ['CH-AUTH-4'],
			message
		};
	if (kind === 'timeout')
		return {
			id: 'timeout',
			title: 'Timed out',
			meaning: 'The server did not answer in time.',
			action: 'Try again.',
			rules: [],
			message
		};
	if (kind === 'aborted')
		return {
			id: 'aborted',
			title: 'Cancelled',
			meaning: 'The request was cancelled.',
			action: 'Send again.',
			rules: [],
			message
		};
	return {
		id: 'network',
		title: 'Network failure',
		meaning: 'No answer came: the server is down, the address is wrong, or the connection dropped.',
		action: 'Check the base URL and that the server is running.',
		rules: [],
		message
	};
}
