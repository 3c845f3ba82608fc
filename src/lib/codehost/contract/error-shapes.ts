/**
 * What each error shape of the code host means to a person, keyed by shape id: the words live
 * here, the classifier (errors.ts) only picks the id. `{status}` and `{scope}` are filled in.
 */
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
	| 'malformed-json'
	| 'client-error';

export interface ShapeText {
	title: string;
	meaning: string;
	action: string;
	/** The rules of the contract behind it, shown only with spec references. */
	rules: string[];
}

export const SHAPES: Record<ErrorShapeId, ShapeText> = {
	'malformed-json': {
		title: 'Malformed JSON ({status})',
		meaning:
			'The server says the body is JSON, but it cannot be parsed; it is shown below as text.',
		action: 'Try again; if it persists the server (or a proxy) is cutting or corrupting answers.',
		rules: ['CH-CT-1']
	},
	'html-body': {
		title: 'HTML page instead of JSON ({status})',
		meaning:
			'Something in front of the API (an edge proxy, a login page, a “Checking your browser” wall) answered with a web page. It is shown below as text.',
		action: 'Check the base URL points at the API, or pass the proxy’s check in a browser tab.',
		rules: ['CH-CT-1']
	},
	'not-json': {
		title: 'Non-JSON error body ({status})',
		meaning: 'The API answers JSON by default; this body is something else, shown as text.',
		action: 'Read the text; it may come from a proxy rather than the API.',
		rules: ['CH-CT-1', 'CH-CT-2']
	},
	'spam-captcha': {
		title: 'Spam detected: CAPTCHA required',
		meaning:
			'The request was recognised as spam. A CAPTCHA service is configured, so it can be resubmitted with a solved challenge.',
		action:
			'Solve the (version 2) challenge for the site key, paste the CAPTCHA response and resubmit: the explorer adds X-Service-Captcha-Response and X-Service-Spam-Log-Id.',
		rules: ['CH-SPAM-2', 'CH-SPAM-3']
	},
	spam: {
		title: 'Spam detected',
		meaning: 'The request was recognised as spam and no CAPTCHA service is configured.',
		action: 'Change the content and send again; there is no challenge to solve.',
		rules: ['CH-SPAM-1']
	},
	validation: {
		title: 'Validation failed',
		meaning:
			'An attribute failed validation: message maps each property (and embedded entity) to its errors.',
		action: 'Fix each property listed and send again.',
		rules: ['CH-ERR-2']
	},
	'missing-attribute': {
		title: 'Missing attribute',
		meaning: 'A required attribute was not given; message names it.',
		action: 'Add the attribute named in the message and send again.',
		rules: ['CH-ERR-1']
	},
	'oauth-revoked': {
		title: 'OAuth token revoked',
		meaning: 'The OAuth access token was revoked; refreshing will not help.',
		action: 'Sign in again (re-authorize) to get new tokens.',
		rules: ['CH-AUTH-1']
	},
	'oauth-expired': {
		title: 'OAuth token expired',
		meaning: 'The OAuth access token is past its two-hour validity.',
		action:
			'Refresh it with the refresh token (the explorer does so automatically once), or re-authorize.',
		rules: ['CH-AUTH-1']
	},
	unauthorized: {
		title: 'Not authenticated (401)',
		meaning: 'The credentials are missing or invalid for this endpoint.',
		action:
			'Choose an auth method and paste a valid token; check that this endpoint accepts that kind of token (job tokens work on a few endpoints only).',
		rules: ['CH-ERR-4', 'CH-AUTH-0']
	},
	'sudo-not-admin': {
		title: 'Sudo needs an administrator',
		meaning: 'Sudo was asked for with a token that does not belong to an administrator.',
		action: 'Clear the Sudo field, or use an administrator’s token.',
		rules: ['CH-SUDO-4', 'CH-SUDO-1']
	},
	'sudo-no-scope': {
		title: 'Token lacks the {scope} scope',
		meaning: 'The token does not carry the scope this request needs.',
		action: 'Create a token with the {scope} scope, or clear the Sudo field.',
		rules: ['CH-SUDO-5']
	},
	forbidden: {
		title: 'Forbidden (403)',
		meaning: 'The request is not allowed for this user.',
		action: 'Use a user with the needed permission.',
		rules: ['CH-ST-2']
	},
	'sudo-unknown-user': {
		title: 'Unknown sudo user',
		meaning: 'The user named in Sudo does not exist.',
		action: 'Check the user id or username (usernames are case-insensitive).',
		rules: ['CH-SUDO-6']
	},
	'unknown-route': {
		title: 'Unknown route',
		meaning:
			'No endpoint matches this path. A common cause: a namespaced project, file path, branch or tag with a raw “/” instead of %2F.',
		action: 'Check the path against the endpoint templates and encode “/” inside parameters.',
		rules: ['CH-ERR-3', 'CH-PATH-3']
	},
	'missing-resource': {
		title: 'Resource not found',
		meaning:
			'The route exists but the resource is not there, or this user may not see it (the server does not say which).',
		action: 'Check the identifier (issues by iid, not id) and the credentials.',
		rules: ['CH-ST-2', 'CH-ID-1']
	},
	'max-offset': {
		title: 'Past the maximum offset',
		meaning: 'Offset pagination stops at a maximum offset on this resource.',
		action:
			'Switch to keyset pagination (the keyset helper fills pagination=keyset, order_by and sort).',
		rules: ['CH-OFF-6', 'CH-OFF-7']
	},
	'keyset-unavailable': {
		title: 'Keyset not available here',
		meaning: 'This resource, ordering or authentication does not offer keyset pagination.',
		action: 'Use offset pagination, or an ordering and authentication the keyset table allows.',
		rules: ['CH-KEY-6']
	},
	'method-not-allowed': {
		title: 'Method not allowed (405)',
		meaning: 'This method is not supported on this path.',
		action: 'Check the method against the endpoint table.',
		rules: ['CH-ST-2']
	},
	conflict: {
		title: 'Conflict (409)',
		meaning: 'A conflicting resource already exists.',
		action: 'Change the name or path, or use the existing resource.',
		rules: ['CH-ST-2']
	},
	'precondition-failed': {
		title: 'Precondition failed (412)',
		meaning:
			'Denied: for example If-Unmodified-Since was sent and the resource changed in between.',
		action: 'Fetch the resource again and retry with the new state.',
		rules: ['CH-ST-2']
	},
	'uri-too-long': {
		title: 'Query string too long (414)',
		meaning: 'The query string is too long for the server.',
		action: 'Send the parameters as a body instead (the explorer offers to).',
		rules: ['CH-PAY-3']
	},
	unprocessable: {
		title: 'Unprocessable entity (422)',
		meaning: 'The entity could not be processed.',
		action: 'Read the message and fix the input.',
		rules: ['CH-ST-2']
	},
	'rate-limited': {
		title: 'Rate limited (429)',
		meaning: 'The application rate limit was exceeded.',
		action: 'Wait a little and try again.',
		rules: ['CH-LIM-1']
	},
	'server-error': {
		title: 'Server error ({status})',
		meaning: 'The server failed.',
		action: 'Try again later.',
		rules: ['CH-ST-2']
	},
	'client-error': {
		title: 'Client error ({status})',
		meaning: 'The server refused the request.',
		action: 'Read the body for details.',
		rules: ['CH-ST-2']
	}
};
