import { describe, expect, it } from 'vitest';
import { knownPaths, strategyFor } from '../../../src/service-worker/shell-cache';

const ORIGIN = 'http://127.0.0.1:4173';
// Shaped like $service-worker's build, files and prerendered lists, plus the fallback page.
const MANIFEST = [
	'/_app/immutable/entry/app.BY2Vlo6H.js',
	'/_app/immutable/assets/0.CZtBf75c.css',
	'/_app/immutable/assets/John.CeIPARqB.json',
	'/favicon.svg',
	'/manifest.webmanifest',
	'/',
	'/explorer',
	'/200.html'
];
const known = knownPaths(MANIFEST);
const strategy = (path: string, set = known) => strategyFor(new URL(path, ORIGIN), set);

describe('strategyFor: only files of this build are ever cached', () => {
	it('serves hashed build files from the cache and stores them on first use, demo data included', () => {
		expect(strategy('/_app/immutable/entry/app.BY2Vlo6H.js')).toBe('cache-first');
		expect(strategy('/_app/immutable/assets/0.CZtBf75c.css')).toBe('cache-first');
		expect(strategy('/_app/immutable/assets/John.CeIPARqB.json')).toBe('cache-first');
	});

	it('never caches another path under /_app/immutable/, whoever answers it', () => {
		expect(strategy('/_app/immutable/chunks/planted.js')).toBe('network');
		expect(strategy('/_app/immutable/assets/John.OTHER.json')).toBe('network');
		expect(strategy('/_app/immutable/')).toBe('network');
	});

	it('never caches a build file asked for with a query string (another resource)', () => {
		expect(strategy('/_app/immutable/entry/app.BY2Vlo6H.js?v=2')).toBe('network');
		expect(strategy('/manifest.webmanifest?x')).toBe('network');
	});

	it('sends other build files to the network first, and leaves everything else alone', () => {
		expect(strategy('/manifest.webmanifest')).toBe('network-first');
		expect(strategy('/favicon.svg')).toBe('network-first');
		expect(strategy('/_app/version.json')).toBe('network');
		expect(strategy('/api/v4/projects')).toBe('network');
	});

	it('compares the build paths as URL pathnames, under a sub-path too', () => {
		const sub = knownPaths(['/sub/path/_app/immutable/assets/a b.js', '/sub/path/200.html']);
		expect(strategy('/sub/path/_app/immutable/assets/a%20b.js', sub)).toBe('cache-first');
		expect(strategy('/sub/path/_app/immutable/assets/a b.js', sub)).toBe('cache-first');
		expect(strategy('/_app/immutable/assets/a%20b.js', sub)).toBe('network');
	});
});
