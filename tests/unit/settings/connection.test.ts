import { describe, expect, it } from 'vitest';
import {
	API_ROOTS,
	DEMO_BASE_URLS,
	SERVICE_IDS,
	baseUrlError,
	connectionError,
	defaultConnection,
	effectiveApiRoot,
	type Connection
} from '$lib/settings/connection';

const live = (baseUrl: string, proxyUrl = ''): Connection => ({ mode: 'live', baseUrl, proxyUrl });

describe('baseUrlError', () => {
	it('accepts http and https server addresses', () => {
		expect(baseUrlError('https://gitlab.example.com')).toBeNull();
		expect(baseUrlError('https://gitlab.example.com/')).toBeNull();
		expect(baseUrlError('http://localhost:8080')).toBeNull();
		expect(baseUrlError('  https://example.com/sub/path  ')).toBeNull();
		expect(baseUrlError('HTTPS://EXAMPLE.COM')).toBeNull();
	});

	it('asks for an address when empty and required, and accepts empty when optional', () => {
		expect(baseUrlError('')).toMatch(/Enter the server/);
		expect(baseUrlError('   ')).toMatch(/Enter the server/);
		expect(baseUrlError('', { required: false })).toBeNull();
		expect(baseUrlError('  ', { required: false })).toBeNull();
	});

	it('refuses a relative URL', () => {
		expect(baseUrlError('/api/v4')).toMatch(/absolute URL/);
		expect(baseUrlError('gitlab.example.com')).toMatch(/absolute URL/);
	});

	it('refuses other schemes such as ftp: and javascript:', () => {
		expect(baseUrlError('ftp://files.example.com')).toMatch(/Only http and https.*ftp:/);
		expect(baseUrlError('javascript:alert(1)')).toMatch(/Only http and https.*javascript:/);
		expect(baseUrlError('file:///etc/passwd')).toMatch(/Only http and https/);
		expect(baseUrlError('data:text/html,hi')).toMatch(/Only http and https/);
	});

	it('refuses a query string or a fragment', () => {
		expect(baseUrlError('https://example.com/?private_token=x')).toMatch(/query string/);
		expect(baseUrlError('https://example.com/#section')).toMatch(/fragment/);
	});

	it('refuses credentials in the URL', () => {
		expect(baseUrlError('https://user:pass@example.com')).toMatch(/credentials/);
		expect(baseUrlError('https://user@example.com')).toMatch(/credentials/);
	});
});

describe('effectiveApiRoot', () => {
	it('CH-ROOT-1, EN-BASE-1, BI-BASE-1: demo mode uses the demo hosts with each API root', () => {
		expect(effectiveApiRoot('codehost', defaultConnection())).toBe('https://codehost.demo/api/v4');
		expect(effectiveApiRoot('energy', defaultConnection())).toBe(
			'https://energy.demo/api/v1/private'
		);
		expect(effectiveApiRoot('bible', defaultConnection())).toBe('https://bible.demo/api/v1');
	});

	it('demo mode ignores any typed base or proxy URL', () => {
		for (const id of SERVICE_IDS) {
			const connection: Connection = {
				mode: 'demo',
				baseUrl: 'https://real.example.com',
				proxyUrl: 'http://localhost:8787'
			};
			expect(effectiveApiRoot(id, connection)).toBe(DEMO_BASE_URLS[id] + API_ROOTS[id]);
		}
	});

	it('CH-ROOT-1, EN-BASE-1, BI-BASE-1: live mode appends the API root to the base URL', () => {
		expect(effectiveApiRoot('codehost', live('https://gitlab.example.com'))).toBe(
			'https://gitlab.example.com/api/v4'
		);
		expect(effectiveApiRoot('codehost', live(' https://gitlab.example.com/// '))).toBe(
			'https://gitlab.example.com/api/v4'
		);
		expect(effectiveApiRoot('energy', live('https://panel.example.com'))).toBe(
			'https://panel.example.com/api/v1/private'
		);
		expect(effectiveApiRoot('bible', live('https://bible.example.org/'))).toBe(
			'https://bible.example.org/api/v1'
		);
	});

	it('keeps a path prefix of the base URL (a server installed under a sub-path)', () => {
		expect(effectiveApiRoot('codehost', live('https://example.com/gitlab'))).toBe(
			'https://example.com/gitlab/api/v4'
		);
	});

	it('CH-ROOT-1, EN-BASE-1, BI-BASE-1: does not double an API root already typed', () => {
		expect(effectiveApiRoot('codehost', live('https://gitlab.example.com/api/v4'))).toBe(
			'https://gitlab.example.com/api/v4'
		);
		expect(effectiveApiRoot('codehost', live('https://gitlab.example.com/api/v4/'))).toBe(
			'https://gitlab.example.com/api/v4'
		);
		expect(effectiveApiRoot('energy', live('https://panel.example.com/api/v1/private'))).toBe(
			'https://panel.example.com/api/v1/private'
		);
		expect(effectiveApiRoot('bible', live('https://bible.example.org/api/v1'))).toBe(
			'https://bible.example.org/api/v1'
		);
	});

	it('a proxy URL replaces the server origin and keeps the server path', () => {
		expect(
			effectiveApiRoot('codehost', live('https://gitlab.example.com', 'http://localhost:8787/'))
		).toBe('http://localhost:8787/api/v4');
		expect(
			effectiveApiRoot(
				'codehost',
				live('https://example.com/gitlab/', 'https://proxy.example.net/codehost')
			)
		).toBe('https://proxy.example.net/codehost/gitlab/api/v4');
		expect(
			effectiveApiRoot(
				'energy',
				live('https://panel.example.com/api/v1/private', 'http://localhost:8787')
			)
		).toBe('http://localhost:8787/api/v1/private');
	});
});

describe('connectionError', () => {
	it('is null in demo mode whatever was typed', () => {
		expect(connectionError({ mode: 'demo', baseUrl: 'nonsense', proxyUrl: 'ftp://x' })).toBeNull();
	});

	it('checks the base URL (required) and the proxy URL (optional) in live mode', () => {
		expect(connectionError(live('https://gitlab.example.com'))).toBeNull();
		expect(connectionError(live(''))).toMatch(/Enter the server/);
		expect(connectionError(live('https://gitlab.example.com', 'ftp://proxy'))).toMatch(
			/Only http and https/
		);
		expect(connectionError(live('https://gitlab.example.com', 'http://localhost:8787'))).toBeNull();
	});
});
