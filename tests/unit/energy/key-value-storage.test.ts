import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage } from '$lib/energy/key-value-storage';

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
