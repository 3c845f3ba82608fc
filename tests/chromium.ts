import { existsSync } from 'node:fs';

/** Debian's Chromium, the whole browser: the benchmarks and Lighthouse measure it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium headless shell (`chromium-headless-shell`) for the end-to-end tests: the same
 * Blink and V8 without the parts a window needs. It runs the suite in about half the CPU time of
 * the whole browser in headless mode. The whole browser is used where the shell is not installed.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const E2E_CHROMIUM_PATH =
	process.env.E2E_CHROMIUM_PATH ??
	(existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** Started so that it makes no calls of its own on this closed network. */
const QUIET = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
];

/** For the whole browser, which chrome-launcher (Lighthouse) does not start headless by itself. */
export const CHROMIUM_ARGS = ['--headless=new', ...QUIET];

/** The headless shell is headless by nature. */
export const E2E_CHROMIUM_ARGS = E2E_CHROMIUM_PATH === CHROMIUM_PATH ? CHROMIUM_ARGS : QUIET;
