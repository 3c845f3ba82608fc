import { describe, expect, it, vi } from 'vitest';
import {
	formatTimeLeft,
	isExpiredTokenAnswer,
	OAuthSession,
	parseTokenResponse,
	tokenEndpoint,
	type OAuthTokens
} from '$lib/codehost/auth/oauth';

const tokens = (n: number): OAuthTokens => ({
	accessToken: `a${n}`,
	refreshToken: `r${n}`,
	createdAt: 1000,
	expiresIn: 7200
});

const expired = {
	error: 'invalid_token',
	error_description: 'Token is expired. You can either do re-authorization or token refresh.'
};

describe('token endpoint', () => {
	it('CH-AUTH-1: any number of trailing slashes is dropped before /api/v4', () => {
		expect(tokenEndpoint('https://h.example/api/v4//')).toBe('https://h.example/oauth/token');
	});

	it('CH-AUTH-1: only a trailing /api/v4 is the API root', () => {
		expect(tokenEndpoint('https://h.example/api/v4-mirror')).toBe(
			'https://h.example/api/v4-mirror/oauth/token'
		);
	});
});

describe('time left', () => {
	it('CH-AUTH-1: minutes and seconds, then seconds alone', () => {
		expect(formatTimeLeft(125)).toBe('2 min 5 s left');
		expect(formatTimeLeft(45)).toBe('45 s left');
		expect(formatTimeLeft(3725)).toBe('1 h 2 min left');
		expect(formatTimeLeft(-3)).toBe('expired');
	});
});

describe('token response', () => {
	it('no body, or a body without both tokens, is not a token response', () => {
		expect(parseTokenResponse(null)).toBeNull();
		expect(parseTokenResponse(undefined)).toBeNull();
		expect(parseTokenResponse({ access_token: 'a' })).toBeNull();
		expect(parseTokenResponse({ refresh_token: 'r' })).toBeNull();
		expect(parseTokenResponse({ access_token: 1, refresh_token: 'r' })).toBeNull();
	});

	it('CH-AUTH-1: without created_at and expires_in, now and the two-hour validity are used', () => {
		expect(parseTokenResponse({ access_token: 'a', refresh_token: 'r' }, 5_000_999)).toEqual({
			accessToken: 'a',
			refreshToken: 'r',
			createdAt: 5000,
			expiresIn: 7200
		});
	});

	it('CH-AUTH-1: a provider’s own expires_in is kept', () => {
		expect(
			parseTokenResponse({ access_token: 'a', refresh_token: 'r', expires_in: 60, created_at: 9 })
		).toEqual({ accessToken: 'a', refreshToken: 'r', createdAt: 9, expiresIn: 60 });
	});
});

describe('expired-token answers', () => {
	it('CH-AUTH-1: only a 401 can say the token expired', () => {
		expect(isExpiredTokenAnswer(403, expired)).toBe(false);
		expect(isExpiredTokenAnswer(400, expired)).toBe(false);
	});

	it('a 401 with no body or a text body is not an expired token', () => {
		expect(isExpiredTokenAnswer(401, null)).toBe(false);
		expect(isExpiredTokenAnswer(401, undefined)).toBe(false);
		expect(isExpiredTokenAnswer(401, 'Token is expired')).toBe(false);
	});

	it('CH-AUTH-1: the error must be invalid_token, not only the description saying expired', () => {
		expect(
			isExpiredTokenAnswer(401, {
				error: 'invalid_request',
				error_description: 'Token is expired.'
			})
		).toBe(false);
		expect(
			isExpiredTokenAnswer(401, {
				error: 'invalid_token',
				error_description: ['Token is expired.']
			})
		).toBe(false);
	});
});

describe('OAuth session', () => {
	it('with no tokens there is nothing to refresh', async () => {
		const request = vi.fn(async () => tokens(2));
		const session = new OAuthSession();
		expect(await session.refresh(request)).toBeNull();
		expect(await session.refresh(request, 'a1')).toBeNull();
		expect(request).not.toHaveBeenCalled();
		expect(session.refreshCount).toBe(0);
	});

	it('CH-AUTH-1: each refresh is counted, and a later 401 for the new token refreshes again', async () => {
		let n = 1;
		const changes: (OAuthTokens | null)[] = [];
		const request = vi.fn(async (refresh: string) => {
			expect(refresh).toBe(`r${n}`);
			return tokens(++n);
		});
		const session = new OAuthSession((t) => changes.push(t), tokens(1));
		expect((await session.refresh(request, 'a1'))?.accessToken).toBe('a2');
		expect(session.refreshCount).toBe(1);
		expect((await session.refresh(request, 'a2'))?.accessToken).toBe('a3');
		expect(session.refreshCount).toBe(2);
		expect(request).toHaveBeenCalledTimes(2);
		expect(changes).toEqual([tokens(2), tokens(3)]);
	});
});
