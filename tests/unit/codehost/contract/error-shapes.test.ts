import { describe, expect, it } from 'vitest';
import { classifyAnswer, type AnswerInput, type ErrorShapeId } from '$lib/codehost/contract/errors';
import { CODEHOST_RULES } from '$lib/codehost/contract/rules';

const KNOWN_RULES = new Set(CODEHOST_RULES.map((r) => r.id));

const json = (
	status: number,
	body: unknown,
	headers: Record<string, string> = {}
): AnswerInput => ({
	status,
	headers,
	bodyText: JSON.stringify(body),
	json: body,
	isJson: true,
	crossOrigin: false
});

const plain = (
	status: number,
	bodyText: string,
	headers: Record<string, string> = {}
): AnswerInput => ({
	status,
	headers,
	bodyText,
	json: undefined,
	isJson: false,
	crossOrigin: false
});

const MAX_OFFSET =
	'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.';
const NO_KEYSET = 'Keyset pagination is not yet available for this type of request';

interface Case {
	id: ErrorShapeId;
	input: AnswerInput;
	title: string;
	/** What the person must read in the meaning and in the advice. */
	meaning: RegExp;
	action: RegExp;
	/** The rule of the contract the shape stands on. */
	rule: string;
}

/** Every shape a server answer can produce, each with the words that matter for it (seed §4, §5, §7, §8). */
const CASES: Case[] = [
	{
		id: 'malformed-json',
		input: plain(200, '{"data": [tru', { 'Content-Type': 'application/json' }),
		title: 'Malformed JSON (200)',
		meaning: /says the body is JSON, but it cannot be parsed/,
		action: /Try again; if it persists the server \(or a proxy\) is cutting or corrupting answers/,
		rule: 'CH-CT-1'
	},
	{
		id: 'html-body',
		input: plain(502, '<!DOCTYPE html><title>Bad gateway</title>'),
		title: 'HTML page instead of JSON (502)',
		meaning: /answered with a web page/,
		action: /base URL points at the API/,
		rule: 'CH-CT-1'
	},
	{
		id: 'not-json',
		input: plain(403, 'Forbidden by policy'),
		title: 'Non-JSON error body (403)',
		meaning: /answers JSON by default/,
		action: /proxy rather than the API/,
		rule: 'CH-CT-2'
	},
	{
		id: 'spam-captcha',
		input: json(400, {
			needs_captcha_response: true,
			spam_log_id: 7,
			captcha_site_key: 'site',
			message: { error: 'Your issue has been recognized as spam.' }
		}),
		title: 'Spam detected: CAPTCHA required',
		meaning: /recognised as spam.*CAPTCHA service is configured/,
		action: /version 2.*X-Service-Captcha-Response and X-Service-Spam-Log-Id/,
		rule: 'CH-SPAM-3'
	},
	{
		id: 'spam',
		input: json(400, { message: { error: 'Your snippet has been recognized as spam.' } }),
		title: 'Spam detected',
		meaning: /no CAPTCHA service is configured/,
		action: /no challenge to solve/,
		rule: 'CH-SPAM-1'
	},
	{
		id: 'validation',
		input: json(400, { message: { bio: ['is too long'] } }),
		title: 'Validation failed',
		meaning: /maps each property \(and embedded entity\) to its errors/,
		action: /Fix each property listed/,
		rule: 'CH-ERR-2'
	},
	{
		id: 'missing-attribute',
		input: json(400, { message: '400 (Bad request) "title" not given' }),
		title: 'Missing attribute',
		meaning: /required attribute was not given/,
		action: /Add the attribute named in the message/,
		rule: 'CH-ERR-1'
	},
	{
		id: 'oauth-revoked',
		input: json(401, { error: 'invalid_token', error_description: 'Token was revoked.' }),
		title: 'OAuth token revoked',
		meaning: /revoked; refreshing will not help/,
		action: /Sign in again \(re-authorize\)/,
		rule: 'CH-AUTH-1'
	},
	{
		id: 'oauth-expired',
		input: json(401, { error: 'invalid_token', error_description: 'Token is expired.' }),
		title: 'OAuth token expired',
		meaning: /two-hour validity/,
		action: /Refresh it with the refresh token/,
		rule: 'CH-AUTH-1'
	},
	{
		id: 'unauthorized',
		input: json(401, { message: '401 Unauthorized' }),
		title: 'Not authenticated (401)',
		meaning: /credentials are missing or invalid/,
		action: /paste a valid token.*job tokens work on a few endpoints only/,
		rule: 'CH-ERR-4'
	},
	{
		id: 'sudo-not-admin',
		input: json(403, { message: '403 Forbidden - Must be admin to use sudo' }),
		title: 'Sudo needs an administrator',
		meaning: /token that does not belong to an administrator/,
		action: /Clear the Sudo field, or use an administrator’s token/,
		rule: 'CH-SUDO-4'
	},
	{
		id: 'sudo-no-scope',
		input: json(403, { error: 'insufficient_scope', scope: 'sudo' }),
		title: 'Token lacks the sudo scope',
		meaning: /does not carry the scope this request needs/,
		action: /^Create a token with the sudo scope, or clear the Sudo field\.$/,
		rule: 'CH-SUDO-5'
	},
	{
		id: 'forbidden',
		input: json(403, { message: '403 Forbidden' }),
		title: 'Forbidden (403)',
		meaning: /not allowed for this user/,
		action: /user with the needed permission/,
		rule: 'CH-ST-2'
	},
	{
		id: 'sudo-unknown-user',
		input: json(404, { message: "404 User with ID or username 'zed' Not Found" }),
		title: 'Unknown sudo user',
		meaning: /user named in Sudo does not exist/,
		action: /usernames are case-insensitive/,
		rule: 'CH-SUDO-6'
	},
	{
		id: 'unknown-route',
		input: json(404, { error: '404 Not Found' }),
		title: 'Unknown route',
		meaning: /No endpoint matches this path.*%2F/,
		action: /encode “\/” inside parameters/,
		rule: 'CH-ERR-3'
	},
	{
		id: 'missing-resource',
		input: json(404, { message: '404 Project Not Found' }),
		title: 'Resource not found',
		meaning: /this user may not see it/,
		action: /issues by iid, not id/,
		rule: 'CH-ID-1'
	},
	{
		id: 'max-offset',
		input: json(405, { error: MAX_OFFSET }),
		title: 'Past the maximum offset',
		meaning: /maximum allowed offset of 50000/,
		action: /Switch to keyset pagination.*pagination=keyset, order_by and sort/,
		rule: 'CH-OFF-6'
	},
	{
		id: 'keyset-unavailable',
		input: json(405, { error: NO_KEYSET }),
		title: 'Keyset not available here',
		meaning: /not yet available/,
		action: /Use offset pagination/,
		rule: 'CH-KEY-6'
	},
	{
		id: 'method-not-allowed',
		input: json(405, { message: '405 Method Not Allowed' }),
		title: 'Method not allowed (405)',
		meaning: /method is not supported on this path/,
		action: /Check the method against the endpoint table/,
		rule: 'CH-ST-2'
	},
	{
		id: 'conflict',
		input: json(409, { message: 'Has already been taken' }),
		title: 'Conflict (409)',
		meaning: /conflicting resource already exists/,
		action: /use the existing resource/,
		rule: 'CH-ST-2'
	},
	{
		id: 'precondition-failed',
		input: json(412, { message: '412 Precondition Failed' }),
		title: 'Precondition failed (412)',
		meaning: /If-Unmodified-Since/,
		action: /Fetch the resource again/,
		rule: 'CH-ST-2'
	},
	{
		id: 'uri-too-long',
		input: json(414, { message: '414 Request-URI Too Long' }),
		title: 'Query string too long (414)',
		meaning: /query string is too long/,
		action: /Send the parameters as a body instead/,
		rule: 'CH-PAY-3'
	},
	{
		id: 'unprocessable',
		input: json(422, { message: 'x' }),
		title: 'Unprocessable entity (422)',
		meaning: /could not be processed/,
		action: /fix the input/,
		rule: 'CH-ST-2'
	},
	{
		id: 'rate-limited',
		input: json(429, { message: '429 Too Many Requests' }),
		title: 'Rate limited (429)',
		meaning: /^The application rate limit was exceeded\.$/,
		action: /^Wait a little and try again\.$/,
		rule: 'CH-LIM-1'
	},
	{
		id: 'server-error',
		input: json(500, { message: '500 Internal Server Error' }),
		title: 'Server error (500)',
		meaning: /^The server failed\.$/,
		action: /Try again later/,
		rule: 'CH-ST-2'
	},
	{
		id: 'client-error',
		input: json(418, { message: "I'm a teapot" }),
		title: 'Client error (418)',
		meaning: /server refused the request/,
		action: /Read the body for details/,
		rule: 'CH-ST-2'
	}
];

describe('error shapes: the words a person reads', () => {
	it('every shape of the table is reached by some server answer here', () => {
		expect(new Set(CASES.map((c) => c.id)).size).toBe(26);
	});

	for (const c of CASES)
		it(`${c.rule}: ${c.id} has its title, its meaning and the advice that matters`, () => {
			const s = classifyAnswer(c.input)!;
			expect(s.id).toBe(c.id);
			expect(s.title).toBe(c.title);
			expect(s.meaning).toMatch(c.meaning);
			expect(s.action).toMatch(c.action);
			for (const text of [s.title, s.meaning, s.action]) {
				expect(text).not.toMatch(/\{status\}|\{scope\}/);
				expect(text.trim()).not.toBe('');
			}
		});

	for (const c of CASES)
		it(`${c.rule}: ${c.id} cites the contract's rules by their real ids`, () => {
			const { rules } = classifyAnswer(c.input)!;
			expect(rules).toContain(c.rule);
			for (const rule of rules) expect(KNOWN_RULES.has(rule), rule).toBe(true);
		});

	it('CH-OFF-6, CH-OFF-7: past the maximum offset, the answer cites both offset rules and says to switch to keyset', () => {
		const s = classifyAnswer(json(405, { error: MAX_OFFSET }))!;
		expect(s.rules).toEqual(['CH-OFF-6', 'CH-OFF-7']);
		expect(s.action).toBe(
			'Switch to keyset pagination (the keyset helper fills pagination=keyset, order_by and sort).'
		);
	});

	it('CH-SUDO-4, CH-SUDO-1: the non-administrator refusal cites who may use sudo', () => {
		expect(
			classifyAnswer(json(403, { message: '403 Forbidden - Must be admin to use sudo' }))!.rules
		).toEqual(['CH-SUDO-4', 'CH-SUDO-1']);
	});

	it('CH-CT-1, CH-CT-2: a non-JSON error body cites both content-type rules', () => {
		expect(classifyAnswer(plain(400, 'Bad Request'))!.rules).toEqual(['CH-CT-1', 'CH-CT-2']);
	});

	it('CH-SUDO-5: with no scope named, the words still read, with “required” in place of the scope', () => {
		const s = classifyAnswer(json(403, { error: 'insufficient_scope' }))!;
		expect(s.title).toBe('Token lacks the required scope');
		expect(s.action).toBe('Create a token with the required scope, or clear the Sudo field.');
		expect(s.meaning).toBe('The token does not carry the scope this request needs.');
	});

	it('{status} is filled in with the status of the answer', () => {
		expect(classifyAnswer(plain(404, 'nope'))!.title).toBe('Non-JSON error body (404)');
		expect(classifyAnswer(plain(200, 'x{', { 'content-type': 'text/json' }))!.title).toBe(
			'Malformed JSON (200)'
		);
		expect(classifyAnswer(json(507, { message: 'x' }))!.title).toBe('Server error (507)');
		expect(classifyAnswer(json(451, { message: 'x' }))!.title).toBe('Client error (451)');
		expect(classifyAnswer(plain(500, '  <html>oops</html>'))!.title).toBe(
			'HTML page instead of JSON (500)'
		);
	});
});
