import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderListBody, pageOfLink } from '$lib/energy/api';
import { browserStorage } from '$lib/energy/key-value-storage';

describe('order/list request and page links', () => {
	it('EN-LIST-1: only the asked parts are sent; the sort defaults to newest first', () => {
		expect(orderListBody({})).toStrictEqual({ sort: 'created_at|desc' });
		expect(orderListBody({ page: 3, perPage: 50, sort: 'asc' })).toEqual({
			sort: 'created_at|asc',
			page: 3,
			per_page: 50
		});
	});

	it('EN-LIST-2: a link gives its page number; no link, no page or a page that is not a whole number above 0 gives none', () => {
		expect(pageOfLink('/api/v1/private/order/list?page=2')).toBe(2);
		expect(pageOfLink(null)).toBeNull();
		expect(pageOfLink('')).toBeNull();
		expect(pageOfLink('/api/v1/private/order/list')).toBeNull();
		expect(pageOfLink('/order/list?page=0')).toBeNull();
		expect(pageOfLink('/order/list?page=-1')).toBeNull();
		expect(pageOfLink('/order/list?page=1.5')).toBeNull();
		expect(pageOfLink('/order/list?page=two')).toBeNull();
		expect(pageOfLink('http://[bad')).toBeNull();
	});
});

describe('the storage the energy dashboard keeps its pending purchases in', () => {
	afterEach(() => vi.unstubAllGlobals());

	it("is the browser's localStorage when there is one", () => {
		const local = { getItem: () => 'kept', setItem: () => {}, removeItem: () => {} };
		vi.stubGlobal('localStorage', local);
		expect(browserStorage()).toBe(local);
	});

	it('is storage for this page where there is none, or where reading it is refused', () => {
		vi.stubGlobal('localStorage', undefined);
		const page = browserStorage();
		page.setItem('a', '1');
		expect(page.getItem('a')).toBe('1');
		page.removeItem('a');
		expect(page.getItem('a')).toBeNull();
		Object.defineProperty(globalThis, 'localStorage', {
			configurable: true,
			get() {
				throw new DOMException('blocked', 'SecurityError');
			}
		});
		try {
			const refused = browserStorage();
			refused.setItem('b', '2');
			expect(refused.getItem('b')).toBe('2');
		} finally {
			Reflect.deleteProperty(globalThis, 'localStorage');
		}
	});
});
