import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { median, startStaticServer, type Benchmark } from './harness';

/** The routes of issues 14 and 29, each measured as a phone user first meets it, in Demo mode. */
export const LIGHTHOUSE_ROUTES = [
	'/',
	'/explorer',
	'/energy',
	'/bible',
	'/settings',
	'/bible/KJV/John/3',
	'/bible/plans',
	'/bible/topics',
	'/bible/notes',
	'/bible/KJV/John'
] as const;

interface Run {
	performance: number;
	accessibility: number;
	lcpMs: number;
	cls: number;
	tbtMs: number;
	bytes: number;
	/** Lighthouse's measure of the host's speed, so figures from different machines compare. */
	benchmarkIndex: number;
	/** The page's own protocol ("h2"). */
	protocol: string;
}

interface Scratch {
	chrome?: chromeLauncher.LaunchedChrome;
	site?: { url: string; stop: () => void };
	runs?: Run[];
	/** The audit run first and not counted (see `run`). */
	warmUp?: Run;
}

/**
 * The built site served as a static host serves it: HTTPS over HTTP/2, with a certificate made for
 * this run that only the Chrome measuring it accepts. Over plain HTTP/1.1 a phone fetches at most
 * six files at a time from a host, so a page's fifteen modules waited in line: Lighthouse's
 * simulated LCP of a chapter was 2.4 s over HTTP/1.1 and 1.5 s over HTTP/2, for the same build.
 */
async function startHttpsSite(port: number): Promise<{ url: string; stop: () => void }> {
	const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
	const key = join(dir, 'key.pem');
	const cert = join(dir, 'cert.pem');
	const request = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'];
	try {
		execFileSync('openssl', [...request, '-keyout', key, '-out', cert, '-subj', '/CN=localhost'], {
			stdio: 'ignore'
		});
	} catch (error) {
		rmSync(dir, { recursive: true, force: true });
		throw new Error(
			'The Lighthouse benchmark serves the site over HTTPS with a certificate made by openssl, which did not run: install it (apt-get install -y openssl).',
			{ cause: error }
		);
	}
	let server: ChildProcess;
	try {
		server = await startStaticServer(port, { key, cert });
	} catch (error) {
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	return {
		url: `https://127.0.0.1:${port}`,
		stop: () => {
			server.kill();
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

/**
 * Lighthouse 12's default (mobile) settings: simulated slow 4G (150 ms, 1.6 Mbps), 4× CPU slowdown,
 * a Moto G-sized screen, storage cleared before each run (a first visit, so Demo mode). The site is
 * served by scripts/serve.js with its precompressed files, as a static host serves it.
 */
async function audit(chrome: chromeLauncher.LaunchedChrome, url: string): Promise<Run> {
	const result = await lighthouse(url, {
		port: chrome.port,
		output: 'json',
		logLevel: 'error',
		onlyCategories: ['performance', 'accessibility']
	});
	if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
	const { categories, audits, runtimeError, environment } = result.lhr;
	if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.message}`);
	const value = (id: string) => audits[id]?.numericValue ?? NaN;
	const requests = audits['network-requests']?.details;
	const first =
		requests?.type === 'table'
			? (requests.items[0] as { protocol?: string } | undefined)
			: undefined;
	return {
		// Lighthouse keeps a category's score to two decimals itself (clampTo2Decimals in its
		// scoring.js), so the score in percent is a whole number: Math.round only takes away the
		// error of multiplying (0.57 × 100 is 56.99999999999999), it rounds nothing of the score.
		performance: Math.round((categories.performance?.score ?? 0) * 100),
		accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
		lcpMs: value('largest-contentful-paint'),
		cls: value('cumulative-layout-shift'),
		tbtMs: value('total-blocking-time'),
		bytes: value('total-byte-weight'),
		benchmarkIndex: environment.benchmarkIndex,
		protocol: first?.protocol ?? '?'
	};
}

const BUDGET = { performance: 98, lcpMs: 2000, tbtMs: 100, cls: 0.01, accessibility: 100 };

function summary(runs: Run[]) {
	const of = (key: Exclude<keyof Run, 'protocol'>) => median(runs.map((r) => r[key]));
	return {
		performance: of('performance'),
		accessibility: of('accessibility'),
		lcpMs: of('lcpMs'),
		cls: of('cls'),
		tbtMs: of('tbtMs'),
		bytes: of('bytes'),
		benchmarkIndex: of('benchmarkIndex'),
		protocols: [...new Set(runs.map((r) => r.protocol))].join(', ')
	};
}

const warmUpNote = (r: Run | undefined) =>
	r ? `; warm-up audit, not counted: ${r.performance} (TBT ${Math.round(r.tbtMs)} ms)` : '';

function lighthouseBench(route: string): Benchmark {
	return {
		name: `Lighthouse mobile, Demo: ${route}`,
		unit: 'performance score',
		budget: `performance ≥ ${BUDGET.performance}, LCP ≤ ${BUDGET.lcpMs / 1000} s, TBT ≤ ${BUDGET.tbtMs} ms, CLS ≤ ${BUDGET.cls}, accessibility ${BUDGET.accessibility} (medians of 3)`,
		clock:
			'Lighthouse’s own, simulated: navigation start of a first visit → largest contentful paint (LCP); TBT sums the main-thread tasks’ time over 50 ms from first contentful paint to interactive; the scores are Lighthouse’s',
		samples: 3,
		withinBudget: (_median, { scratch }) => {
			const s = summary((scratch as Scratch).runs ?? []);
			return (
				s.performance >= BUDGET.performance &&
				s.lcpMs <= BUDGET.lcpMs &&
				s.tbtMs <= BUDGET.tbtMs &&
				s.cls <= BUDGET.cls &&
				s.accessibility >= BUDGET.accessibility
			);
		},
		async run({ appUrl, scratch }) {
			const state = scratch as Scratch;
			state.site ??= await startHttpsSite(Number(new URL(appUrl).port) + 1);
			if (!state.chrome) {
				state.chrome = await chromeLauncher.launch({
					chromePath: CHROMIUM_PATH,
					// The run's own certificate, which no authority signed.
					chromeFlags: [...CHROMIUM_ARGS, '--ignore-certificate-errors']
				});
				// One audit first, not counted: Chrome just launched and the server just started go on
				// starting up during it (a phone's browser is already running). It was the slowest of a
				// route's runs in 6 of 8 routes (TBT 461–949 ms against 29–246 ms), in any order.
				// Lighthouse still clears the cache and storage before each counted run.
				state.warmUp = await audit(state.chrome, state.site.url + route);
			}
			const run = await audit(state.chrome, state.site.url + route);
			(state.runs ??= []).push(run);
			return run.performance;
		},
		async after({ scratch }) {
			(scratch as Scratch).chrome?.kill();
			(scratch as Scratch).site?.stop();
		},
		notes: ({ scratch }) => {
			const s = summary((scratch as Scratch).runs ?? []);
			return `served over ${s.protocols} (HTTPS); LCP ${(s.lcpMs / 1000).toFixed(2)} s, CLS ${s.cls.toFixed(3)}, TBT ${Math.round(s.tbtMs)} ms, ${Math.round(s.bytes / 1024)} KB transferred, accessibility ${s.accessibility}, benchmarkIndex ${Math.round(s.benchmarkIndex)}; runs: ${((scratch as Scratch).runs ?? []).map((r) => `${r.performance} (TBT ${Math.round(r.tbtMs)} ms)`).join(', ')}${warmUpNote((scratch as Scratch).warmUp)}`;
		}
	};
}

export const lighthouseRoutes: Benchmark[] = LIGHTHOUSE_ROUTES.map(lighthouseBench);
