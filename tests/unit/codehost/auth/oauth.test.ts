import { describe, expect, it, vi } from 'vitest';
import {
	formatTimeLeft,
	isExpiredTokenAnswer,
	needsFreshToken,
	OAuthSession,
	parseTokenResponse,
	secondsLeft,
	tokenEndpoint,
	type OAuthTokens
} from '$lib/codehost/auth/oauth';

const tokens = (n: number): OAuthTokens => ({
	accessToken: `a${n}`,
	refreshToken: `r${n}`,
	createdAt: 1000,
	expiresIn: 7200
});

describe('OAuth 2.0', () => {
	it('CH-AUTH-1: the token endpoint is /oauth/token on the base URL, not under /api/v4', () => {
		expect(tokenEndpoint('https://h.example/api/v4')).toBe('https://h.example/oauth/token');
		expect(tokenEndpoint('https://h.example/gitlab/api/v4/')).toBe(
			'https://h.example/gitlab/oauth/token'
		);
	});

	it('CH-AUTH-1: time left counts down the two-hour validity', () => {
		expect(secondsLeft(tokens(1), 1000_000)).toBe(7200);
		expect(secondsLeft(tokens(1), (1000 + 7200 + 5) * 1000)).toBe(0);
		expect(formatTimeLeft(7200)).toBe('2 h 0 min left');
		expect(formatTimeLeft(0)).toBe('expired');
	});

	it('reads the provider’s token response', () => {
		expect(
			parseTokenResponse({
				access_token: 'a',
				token_type: 'bearer',
				expires_in: 7200,
				refresh_token: 'r',
				created_at: 5
			})
		).toEqual({
			accessToken: 'a',
			refreshToken: 'r',
			createdAt: 5,
			expiresIn: 7200
		});
		expect(parseTokenResponse({ error: 'invalid_grant' })).toBeNull();
	});

	it('CH-AUTH-1: only the expired-token 401 triggers a refresh', () => {
		expect(
			isExpiredTokenAnswer(401, {
				error: 'invalid_token',
				error_description: 'Token is expired. You can either do re-authorization or token refresh.'
			})
		).toBe(true);
		expect(
			isExpiredTokenAnswer(401, {
				error: 'invalid_token',
				error_description: 'Token was revoked. You have to re-authorize from the user.'
			})
		).toBe(false);
		expect(isExpiredTokenAnswer(401, { message: '401 Unauthorized' })).toBe(false);
	});

	it('CH-AUTH-1: concurrent 401s cause exactly one refresh; both new tokens are kept', async () => {
		let n = 1;
		const request = vi.fn(async (refresh: string) => {
			expect(refresh).toBe('r1');
			await new Promise((r) => setTimeout(r, 5));
			return tokens(++n);
		});
		const session = new OAuthSession(() => {}, tokens(1));
		const results = await Promise.all([
			session.refresh(request, 'a1'),
			session.refresh(request, 'a1'),
			session.refresh(request, 'a1')
		]);
		expect(request).toHaveBeenCalledTimes(1);
		expect(results.map((t) => t?.accessToken)).toEqual(['a2', 'a2', 'a2']);
		// A late 401 for the old token reuses the refreshed tokens instead of spending them.
		expect((await session.refresh(request, 'a1'))?.refreshToken).toBe('r2');
		expect(request).toHaveBeenCalledTimes(1);
		expect(session.tokens).toEqual(tokens(2));
	});

	it('CH-AUTH-1: a failed refresh clears both tokens and says to sign in again', async () => {
		const changes: (string | undefined)[] = [];
		const session = new OAuthSession((_t, error) => changes.push(error), tokens(1));
		const refused = async () => {
			throw new Error('invalid_grant');
		};
		expect(await session.refresh(refused, 'a1')).toBeNull();
		expect(session.tokens).toBeNull();
		expect(changes[0]).toMatch(/Sign in again/);
	});
});

describe('needsFreshToken', () => {
	const expired = {
		error: 'invalid_token',
		error_description: 'Token is expired. You can either do re-authorization or token refresh.'
	};
	const revoked = {
		error: 'invalid_token',
		error_description: 'Token was revoked. You have to re-authorize from the user.'
	};

	it('CH-AUTH-1: an expired-token 401 asks for a refresh', () => {
		expect(needsFreshToken(401, expired, 'a1', 'a1')).toBe(true);
	});

	it('CH-AUTH-1: a 401 for a token another request already refreshed away is retried with the new one', () => {
		// The refresh revoked the old access token, so a request that carried it meets "revoked".
		expect(needsFreshToken(401, revoked, 'a1', 'a2')).toBe(true);
	});

	it('a revoked token that is still the current one, a plain 401 or another status is not retried', () => {
		expect(needsFreshToken(401, revoked, 'a1', 'a1')).toBe(false);
		expect(needsFreshToken(401, { message: '401 Unauthorized' }, 'a1', 'a1')).toBe(false);
		expect(needsFreshToken(403, expired, 'a1', 'a2')).toBe(false);
		expect(needsFreshToken(401, revoked, 'a1', '')).toBe(false);
	});
});
