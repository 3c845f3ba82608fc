import { describe, expect, it } from 'vitest';
import { classifyAnswer, validationFields, type AnswerInput } from '$lib/codehost/contract/errors';

const json = (
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
	crossOrigin = false
): AnswerInput => ({
	status,
	headers,
	bodyText: JSON.stringify(body),
	json: body,
	isJson: true,
	crossOrigin
});

const plain = (
	status: number,
	bodyText: string,
	headers: Record<string, string> = {},
	crossOrigin = false
): AnswerInput => ({
	status,
	headers,
	bodyText,
	json: undefined,
	isJson: false,
	crossOrigin
});

describe('validation fields', () => {
	it('CH-ERR-2: a property with a single string message is kept as one message', () => {
		expect(validationFields({ title: "can't be blank", labels: ['too many', 'bad'] })).toEqual([
			{ path: 'title', messages: ["can't be blank"] },
			{ path: 'labels', messages: ['too many', 'bad'] }
		]);
	});

	it('a message that is not an object gives no fields', () => {
		expect(validationFields('title is missing')).toEqual([]);
		expect(validationFields(null)).toEqual([]);
		expect(validationFields(undefined)).toEqual([]);
	});
});

describe('success answers and the content type', () => {
	it('CH-CT-1: a valid JSON answer that says JSON is not an error', () => {
		expect(classifyAnswer(json(200, { id: 1 }, { 'Content-Type': 'application/json' }))).toBeNull();
	});

	it('CH-CT-1: an empty or blank body with a JSON content type is not called malformed', () => {
		expect(classifyAnswer(plain(204, '', { 'content-type': 'application/json' }))).toBeNull();
		expect(classifyAnswer(plain(200, ' \n', { 'content-type': 'application/json' }))).toBeNull();
	});

	it('an answer with status 0 (no readable status) is not taken for a success', () => {
		const s = classifyAnswer(plain(0, ''))!;
		expect(s.id).toBe('client-error');
		expect(s.title).toBe('Client error (0)');
	});
});

describe('non-JSON error bodies', () => {
	it('CH-CT-2: a 400 plain-text body is a non-JSON body, not a missing attribute', () => {
		const s = classifyAnswer(plain(400, 'Bad Request'))!;
		expect(s.id).toBe('not-json');
		expect(s.title).toBe('Non-JSON error body (400)');
	});

	it('CH-CT-2: a 403 plain-text body from a proxy is a non-JSON body, not a forbidden answer', () => {
		const s = classifyAnswer(plain(403, 'Request blocked'))!;
		expect(s.id).toBe('not-json');
		expect(s.title).toBe('Non-JSON error body (403)');
	});

	it('an HTML page is recognised after leading blank lines; a "<" later in the text is not HTML', () => {
		const html = classifyAnswer(plain(502, '\n  <html><body>Bad gateway</body></html>'))!;
		expect(html.id).toBe('html-body');
		expect(html.title).toBe('HTML page instead of JSON (502)');
		expect(classifyAnswer(plain(404, 'Error: a < b'))!.id).toBe('not-json');
	});

	it('a 5xx plain-text body is a server error with its status', () => {
		const s = classifyAnswer(plain(500, 'Internal Server Error'))!;
		expect(s.id).toBe('server-error');
		expect(s.title).toBe('Server error (500)');
	});
});

describe('spam', () => {
	it('CH-SPAM-2: a CAPTCHA answer without site key or message still classifies', () => {
		const s = classifyAnswer(json(400, { needs_captcha_response: true, spam_log_id: 3 }))!;
		expect(s.id).toBe('spam-captcha');
		expect(s.captcha).toEqual({ siteKey: '', spamLogId: 3 });
		expect(s.message).toBeUndefined();
	});

	it('CH-SPAM-2: the server’s spam sentence is kept as the message', () => {
		const s = classifyAnswer(
			json(400, { needs_captcha_response: true, spam_log_id: 3, message: { error: 'Spam!' } })
		)!;
		expect(s.message).toBe('Spam!');
	});

	it('CH-SPAM-1: the server’s spam sentence is shown as the message', () => {
		const s = classifyAnswer(json(422, { message: { error: 'Recognized as spam.' } }))!;
		expect(s.id).toBe('spam');
		expect(s.message).toBe('Recognized as spam.');
	});

	it('CH-ERR-2: a validation error on a property named "error" is not spam', () => {
		expect(classifyAnswer(json(400, { message: { error: ['is invalid'] } }))!.fields).toEqual([
			{ path: 'error', messages: ['is invalid'] }
		]);
		const s = classifyAnswer(json(400, { message: { error: 'is invalid', title: ['blank'] } }))!;
		expect(s.id).toBe('validation');
		expect(s.fields).toEqual([
			{ path: 'error', messages: ['is invalid'] },
			{ path: 'title', messages: ['blank'] }
		]);
	});
});

describe('401 and 403', () => {
	it('CH-ERR-4: a 401 whose message is not a string shows no message', () => {
		const s = classifyAnswer(json(401, { message: ['401 Unauthorized'] }))!;
		expect(s.id).toBe('unauthorized');
		expect(s.message).toBeUndefined();
	});

	it('CH-AUTH-1: the OAuth error description is kept as the message; none gives an empty one', () => {
		const s = classifyAnswer(
			json(401, { error: 'invalid_token', error_description: 'Token is expired.' })
		)!;
		expect(s.message).toBe('Token is expired.');
		const bare = classifyAnswer(json(401, { error: 'invalid_token' }))!;
		expect(bare.id).toBe('oauth-expired');
		expect(bare.message).toBe('');
	});

	it('CH-SUDO-5: the server’s description becomes the meaning and the message', () => {
		const description = 'The request requires higher privileges than provided by the access token.';
		const s = classifyAnswer(
			json(403, { error: 'insufficient_scope', error_description: description, scope: 'sudo' })
		)!;
		expect(s.meaning).toBe(description);
		expect(s.message).toBe(description);
		const bare = classifyAnswer(json(403, { error: 'insufficient_scope', scope: 'api' }))!;
		expect(bare.title).toBe('Token lacks the api scope');
		expect(bare.meaning).toBe('The token does not carry the scope this request needs.');
		expect(bare.message).toBe('');
	});

	it('CH-ST-2: a 403 that is neither about sudo nor about a scope is a plain forbidden', () => {
		const s = classifyAnswer(json(403, { message: '403 Forbidden' }))!;
		expect(s.id).toBe('forbidden');
		expect(s.title).toBe('Forbidden (403)');
		expect(s.message).toBe('403 Forbidden');
		expect(classifyAnswer(json(403, {}))!.id).toBe('forbidden');
	});
});

describe('404', () => {
	it('CH-ERR-3: any error string without a message is an unknown route', () => {
		expect(classifyAnswer(json(404, { error: 'Not Found' }))!.id).toBe('unknown-route');
	});

	it('CH-ERR-3: "404 Not Found" in error is an unknown route even with a message beside it', () => {
		expect(classifyAnswer(json(404, { error: '404 Not Found', message: 'x' }))!.id).toBe(
			'unknown-route'
		);
	});

	it('CH-ID-1: a message names a missing resource; an empty body too', () => {
		const s = classifyAnswer(json(404, { error: 'Not Found', message: '404 Issue Not Found' }))!;
		expect(s.id).toBe('missing-resource');
		expect(s.message).toBe('404 Issue Not Found');
		expect(classifyAnswer(json(404, {}))!.id).toBe('missing-resource');
	});
});

describe('405', () => {
	it('CH-OFF-6: the server’s own sentence (offset and resource) is the meaning', () => {
		const error =
			'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type User.';
		expect(classifyAnswer(json(405, { error }))!.meaning).toBe(error);
	});

	it('CH-KEY-6: the server’s own sentence is the meaning', () => {
		const error = 'Keyset pagination is not yet available for this type of request';
		expect(classifyAnswer(json(405, { error }))!.meaning).toBe(error);
	});
});

describe('5xx and other statuses', () => {
	it('CH-ST-2: 500 is a failure; 503 is a temporary overload', () => {
		expect(classifyAnswer(json(500, { message: 'x' }))!).toMatchObject({
			id: 'server-error',
			title: 'Server error (500)',
			meaning: 'The server failed.'
		});
		expect(classifyAnswer(json(503, { message: 'x' }))!).toMatchObject({
			id: 'server-error',
			title: 'Server error (503)',
			meaning: 'The server is temporarily overloaded.'
		});
	});

	it('CH-ST-2: an unlisted 4xx is a client error with its status', () => {
		expect(classifyAnswer(json(418, { message: 'x' }))!).toMatchObject({
			id: 'client-error',
			title: 'Client error (418)'
		});
	});
});

describe('429', () => {
	it('CH-LIM-1: only Retry-After and RateLimit-* headers are listed; the wait is in whole seconds', () => {
		const s = classifyAnswer(
			json(
				429,
				{ message: 'x' },
				{
					'Retry-After': '2',
					'RateLimit-Remaining': '0',
					'Content-Type': 'application/json',
					'X-Request-Id': 'abc'
				}
			)
		)!;
		expect(s.rateLimit).toEqual({ 'retry-after': '2', 'ratelimit-remaining': '0' });
		expect(s.retryAfterSeconds).toBe(2);
		expect(s.action).toBe('Wait 2 s (Retry-After) and try again.');
		expect(s.meaning).toBe('The application rate limit was exceeded.');
		expect(s.unreadable).toBeUndefined();
	});

	it('CH-LIM-1: across origins with Retry-After exposed, nothing is called unreadable', () => {
		const s = classifyAnswer(json(429, { message: 'x' }, { 'retry-after': '60' }, true))!;
		expect(s.unreadable).toBeUndefined();
		expect(s.action).toBe('Wait 60 s (Retry-After) and try again.');
	});

	it('CH-LIM-1: on the same origin without Retry-After, the plain advice and no wait', () => {
		const s = classifyAnswer(json(429, { message: 'x' }))!;
		expect(s.unreadable).toBeUndefined();
		expect(s.retryAfterSeconds).toBeUndefined();
		expect(s.action).toBe('Wait a little and try again.');
	});

	it('CH-CT-2: a long plain-text 429 body is quoted trimmed and cut at 80 characters', () => {
		const body = `  ${'x'.repeat(100)}\n`;
		const s = classifyAnswer(plain(429, body))!;
		expect(s.meaning).toBe(
			`The application rate limit was exceeded; the body is plain text (“${'x'.repeat(80)}”).`
		);
		expect(classifyAnswer(plain(429, 'Retry later\n'))!.meaning).toBe(
			'The application rate limit was exceeded; the body is plain text (“Retry later”).'
		);
	});
});

describe('fields that are not strings', () => {
	it('CH-SUDO-6: a 404 message that is not a string is not read as naming a sudo user', () => {
		expect(
			classifyAnswer(json(404, { message: ["404 User with ID or username 'zed' Not Found"] }))!.id
		).toBe('missing-resource');
	});

	it('CH-OFF-6, CH-KEY-6: a 405 error that is not a string is a plain method-not-allowed', () => {
		expect(classifyAnswer(json(405, { error: ['maximum allowed offset of 50000'] }))!.id).toBe(
			'method-not-allowed'
		);
		expect(classifyAnswer(json(405, { error: ['keyset is not available'] }))!.id).toBe(
			'method-not-allowed'
		);
	});
});
