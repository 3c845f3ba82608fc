import { describe, expect, it } from 'vitest';
import { classifyAnswer, validationFields } from '$lib/codehost/contract/errors';
import {
	ENDPOINTS,
	expectedSuccess,
	statusMeaning,
	STATUS_MEANINGS
} from '$lib/codehost/contract/endpoints';

const answer = (
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
	crossOrigin = false
) => {
	const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
	return classifyAnswer({
		status,
		headers,
		bodyText,
		json: typeof body === 'string' ? undefined : body,
		isJson: typeof body !== 'string',
		crossOrigin
	});
};

describe('error shapes', () => {
	it('success is not an error', () => expect(answer(200, [])).toBeNull());

	it('CH-ERR-1: 400 with a message string is a missing attribute', () => {
		const s = answer(400, { message: '400 (Bad request) "title" not given' })!;
		expect(s.id).toBe('missing-attribute');
		expect(s.message).toContain('title');
	});

	it('CH-ERR-2: 400 with a message object is a validation failure, nested entities flattened', () => {
		const s = answer(400, {
			message: {
				bio: ['is too long (maximum is 255 characters)'],
				embedded: { title: ["can't be blank"] }
			}
		})!;
		expect(s.id).toBe('validation');
		expect(s.fields).toEqual([
			{ path: 'bio', messages: ['is too long (maximum is 255 characters)'] },
			{ path: 'embedded.title', messages: ["can't be blank"] }
		]);
		expect(validationFields({ a: { b: { c: ['x'] } } })).toEqual([
			{ path: 'a.b.c', messages: ['x'] }
		]);
	});

	it('CH-ERR-3: 404 with error is an unknown route; with message a missing resource', () => {
		expect(answer(404, { error: '404 Not Found' })!.id).toBe('unknown-route');
		expect(answer(404, { message: '404 Project Not Found' })!.id).toBe('missing-resource');
	});

	it('CH-ERR-4: 401 Unauthorized; expired and revoked OAuth tokens apart', () => {
		expect(answer(401, { message: '401 Unauthorized' })!.id).toBe('unauthorized');
		expect(
			answer(401, {
				error: 'invalid_token',
				error_description: 'Token is expired. You can either do re-authorization or token refresh.'
			})!.id
		).toBe('oauth-expired');
		expect(
			answer(401, {
				error: 'invalid_token',
				error_description: 'Token was revoked. You have to re-authorize from the user.'
			})!.id
		).toBe('oauth-revoked');
	});

	it('CH-SUDO-4, CH-SUDO-5, CH-SUDO-6: the three sudo refusals', () => {
		expect(answer(403, { message: '403 Forbidden - Must be admin to use sudo' })!.id).toBe(
			'sudo-not-admin'
		);
		const scope = answer(403, {
			error: 'insufficient_scope',
			error_description:
				'The request requires higher privileges than provided by the access token.',
			scope: 'sudo'
		})!;
		expect(scope.id).toBe('sudo-no-scope');
		expect(scope.title).toContain('sudo');
		expect(answer(404, { message: "404 User with ID or username '123' Not Found" })!.id).toBe(
			'sudo-unknown-user'
		);
	});

	it('CH-SPAM-1: spam without CAPTCHA', () => {
		expect(
			answer(400, {
				message: { error: 'Your snippet has been recognized as spam and has been discarded.' }
			})!.id
		).toBe('spam');
	});

	it('CH-SPAM-2, CH-SPAM-3: spam with CAPTCHA carries the site key and spam log id for resubmission', () => {
		const s = answer(409, {
			needs_captcha_response: true,
			spam_log_id: 42,
			captcha_site_key: 'k',
			message: { error: 'spam' }
		})!;
		expect(s.id).toBe('spam-captcha');
		expect(s.captcha).toEqual({ siteKey: 'k', spamLogId: 42 });
		expect(s.action).toMatch(/X-Service-Captcha-Response.*X-Service-Spam-Log-Id/);
	});

	it('CH-OFF-6, CH-KEY-6: 405 max offset suggests keyset; keyset unavailable; plain 405', () => {
		expect(
			answer(405, {
				error:
					'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.'
			})!.action
		).toMatch(/keyset/);
		expect(
			answer(405, { error: 'Keyset pagination is not yet available for this type of request' })!.id
		).toBe('keyset-unavailable');
		expect(answer(405, { error: '405 Method Not Allowed' })!.id).toBe('method-not-allowed');
	});

	it('CH-OFF-7: on users, past the maximum offset the answer is explained as "switch to keyset"', () => {
		const s = answer(405, {
			error:
				'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type User. Remaining records can be retrieved using keyset pagination.'
		})!;
		expect(s.id).toBe('max-offset');
		expect(s.action).toMatch(/keyset pagination/);
	});

	it('CH-ST-2: 409, 412, 414, 422, 5xx', () => {
		expect(answer(409, { message: 'x' })!.id).toBe('conflict');
		expect(answer(412, { message: 'x' })!.id).toBe('precondition-failed');
		expect(answer(414, { message: 'x' })!.id).toBe('uri-too-long');
		expect(answer(422, { message: 'x' })!.id).toBe('unprocessable');
		expect(answer(503, 'Service Unavailable')!.id).toBe('server-error');
	});

	it('CH-PAY-3: a 414 HTML page from a proxy is still HTML, with the body advice', () => {
		expect(answer(414, '<html>414 Request-URI Too Large</html>')!.id).toBe('html-body');
	});

	it('CH-LIM-1, CH-CT-2: 429 with a plain-text body, Retry-After and RateLimit-* when readable', () => {
		const s = answer(429, 'Retry later\n', { 'retry-after': '3', 'ratelimit-limit': '60' })!;
		expect(s.id).toBe('rate-limited');
		expect(s.retryAfterSeconds).toBe(3);
		expect(s.rateLimit).toEqual({ 'retry-after': '3', 'ratelimit-limit': '60' });
		expect(s.meaning).toContain('Retry later');
		const hidden = answer(429, 'Retry later', {}, true)!;
		expect(hidden.unreadable).toEqual(['Retry-After', 'RateLimit-*']);
		expect(hidden.action).toMatch(/not readable/);
	});

	it('CH-CT-1: a 200 whose JSON is malformed is called out', () => {
		const s = classifyAnswer({
			status: 200,
			headers: { 'Content-Type': 'application/json' },
			bodyText: '{"data": [tru',
			json: undefined,
			isJson: false,
			crossOrigin: false
		})!;
		expect(s.title).toBe('Malformed JSON (200)');
		expect(
			classifyAnswer({
				status: 200,
				headers: {},
				bodyText: 'artifact bytes',
				json: undefined,
				isJson: false,
				crossOrigin: false
			})
		).toBeNull();
	});

	it('an HTML page is shown as text, not parsed', () => {
		expect(answer(403, '<!DOCTYPE html><title>Checking your browser</title>')!.id).toBe(
			'html-body'
		);
	});
});

describe('status table', () => {
	it('CH-ST-2: every status of the seed has its meaning', () => {
		for (const code of [
			200, 201, 202, 204, 301, 304, 400, 401, 403, 404, 405, 409, 412, 414, 422, 429, 500, 503
		])
			expect(STATUS_MEANINGS[code], String(code)).toBeTruthy();
		expect(statusMeaning(418)).toBe('Client error.');
	});

	it('CH-ST-1: a success reads for the method sent: a 200 to a GET is not a PUT or a DELETE', () => {
		expect(statusMeaning(200, 'get')).toBe('The request succeeded; the resource is returned.');
		expect(statusMeaning(200, 'PUT')).toBe(
			'The update succeeded; the updated resource is returned.'
		);
		expect(statusMeaning(201, 'POST')).toBe('The resource was created and is returned.');
		expect(statusMeaning(204, 'DELETE')).toBe('The deletion succeeded; there is no body.');
		// Not a success of that method: the general meaning.
		expect(statusMeaning(404, 'GET')).toBe(STATUS_MEANINGS[404]);
		expect(statusMeaning(201, 'GET')).toBe(STATUS_MEANINGS[201]);
	});

	it('CH-ID-2, CH-ID-1: each template says which identifier its resource takes', () => {
		const note = (id: string) => ENDPOINTS.find((e) => e.id === id)!.note;
		expect(note('get-issue')).toMatch(/by iid, not id/);
		expect(note('get-project')).toMatch(/number or namespace\/project/);
		expect(note('unshare-project')).toMatch(/numeric/);
	});

	it('CH-ST-1: success by method', () => {
		expect(expectedSuccess('GET')).toEqual([200]);
		expect(expectedSuccess('POST')).toEqual([201]);
		expect(expectedSuccess('PUT')).toEqual([200]);
		expect(expectedSuccess('DELETE')).toEqual([204, 202]);
	});
});
