import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';
import { FAKES_PORT_BASE } from '../../playwright.config';

export const FAKE_URLS = {
	codehost: `http://127.0.0.1:${FAKES_PORT_BASE}`,
	energy: `http://127.0.0.1:${FAKES_PORT_BASE + 1}`,
	bible: `http://127.0.0.1:${FAKES_PORT_BASE + 2}`
} as const;

export const test = base.extend<{ axe: () => AxeBuilder }>({
	axe: async ({ page }, use) => {
		await use(() => new AxeBuilder({ page }));
	}
});

export { expect };
