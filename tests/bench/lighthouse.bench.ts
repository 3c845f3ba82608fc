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
	/** The page's own protocol ("h2", "http/1.1"). */
	protocol: string;
}

interface Site {
	url: string;
	stop: () => void;
}

/**
 * A host the site is measured on. The site's port is BENCH_PORT (run.ts); each host takes its own
 * port beside it, so the HTTP/2 copy is on BENCH_PORT + 1 and the HTTP/1.1 one on BENCH_PORT + 2.
 */
interface Host {
	/** In the benchmark's name. */
	label: string;
	/** In the notes: what the host does. */
	describe: string;
	portOffset: number;
	start: (port: number) => Promise<Site>;
	/** The protocol Chrome must have used for the page, or the row says the host was not measured. */
	protocol: string;
}

interface Scratch {
	chrome?: chromeLauncher.LaunchedChrome;
	site?: Site;
	runs?: Run[];
}

/**
 * The built site over HTTPS and HTTP/2, with Brotli, as the better static hosts serve it: a
 * certificate made for this run that only the Chrome measuring it accepts.
 */
async function startHttpsSite(port: number): Promise<Site> {
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
		server = await startStaticServer(port, { tls: { key, cert } });
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
 * The built site as the plainest static host serves it: HTTP/1.1 without TLS, gzip only (no
 * Brotli), no preload push; the same types and caching headers (immutable files cached for a year,
 * pages revalidated). Over HTTP/1.1 Chrome fetches at most six files at a time from a host, so every
 * file a page needs before it paints beyond six waits for one of them.
 */
async function startPlainSite(port: number): Promise<Site> {
	const server = await startStaticServer(port, { encodings: 'gzip' });
	const url = `http://127.0.0.1:${port}`;
	// The host is what it says, or the figures would be of another one.
	const page = await fetch(`${url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
	await page.arrayBuffer();
	if (page.headers.get('content-encoding') !== 'gzip') {
		server.kill();
		throw new Error(
			`The HTTP/1.1 host sent its page as ${page.headers.get('content-encoding') ?? 'uncompressed'}, not gzip`
		);
	}
	return { url, stop: () => server.kill() };
}

export const LIGHTHOUSE_HOSTS: readonly Host[] = [
	{
		label: 'HTTP/2',
		describe: 'served over HTTPS and HTTP/2 with Brotli',
		portOffset: 1,
		start: startHttpsSite,
		protocol: 'h2'
	},
	{
		label: 'HTTP/1.1 gzip',
		describe: 'served over plain HTTP/1.1 with gzip (no Brotli, no HTTP/2)',
		portOffset: 2,
		start: startPlainSite,
		protocol: 'http/1.1'
	}
];

/**
 * Lighthouse 12's default (mobile) settings: simulated slow 4G (150 ms, 1.6 Mbps), 4× CPU slowdown,
 * a Moto G-sized screen, storage cleared before each run (a first visit, so Demo mode). The site is
 * served by scripts/serve.js with its precompressed files, as a static host serves it (`Host`).
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

const runNote = (r: Run) =>
	`${r.performance} (LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(r.tbtMs)} ms, benchmarkIndex ${Math.round(r.benchmarkIndex)})`;

function lighthouseBench(route: string, host: Host): Benchmark {
	return {
		name: `Lighthouse mobile, Demo, ${host.label}: ${route}`,
		unit: 'performance score',
		budget: `performance ≥ ${BUDGET.performance}, LCP ≤ ${BUDGET.lcpMs / 1000} s, TBT ≤ ${BUDGET.tbtMs} ms, CLS ≤ ${BUDGET.cls}, accessibility ${BUDGET.accessibility} (medians of 3, the first audit of a just-started Chrome and host included)`,
		clock:
			'Lighthouse’s own, simulated: navigation start of a first visit (cache and storage cleared; the first of the 3 audits in a Chrome and a host just started, counted) → largest contentful paint (LCP); TBT sums the main-thread tasks’ time over 50 ms from first contentful paint to interactive; the scores are Lighthouse’s',
		samples: 3,
		withinBudget: (_median, { scratch }) => {
			const runs = (scratch as Scratch).runs ?? [];
			const s = summary(runs);
			return (
				runs.every((r) => r.protocol === host.protocol) &&
				s.performance >= BUDGET.performance &&
				s.lcpMs <= BUDGET.lcpMs &&
				s.tbtMs <= BUDGET.tbtMs &&
				s.cls <= BUDGET.cls &&
				s.accessibility >= BUDGET.accessibility
			);
		},
		async run({ appUrl, scratch }) {
			const state = scratch as Scratch;
			// A host and a Chrome of the benchmark's own, started for it: its first audit is a cold
			// start, as a phone's first visit may be, and it is counted like the others. (Until
			// 2026-12 a warm-up audit was run first and not counted: it was the slowest in 6 of 8
			// routes.) Lighthouse clears the cache and storage before each audit.
			state.site ??= await host.start(Number(new URL(appUrl).port) + host.portOffset);
			state.chrome ??= await chromeLauncher.launch({
				chromePath: CHROMIUM_PATH,
				// The HTTPS host's certificate, made for the run, which no authority signed.
				chromeFlags: [...CHROMIUM_ARGS, '--ignore-certificate-errors']
			});
			const run = await audit(state.chrome, state.site.url + route);
			(state.runs ??= []).push(run);
			return run.performance;
		},
		async after({ scratch }) {
			(scratch as Scratch).chrome?.kill();
			(scratch as Scratch).site?.stop();
		},
		notes: ({ scratch }) => {
			const runs = (scratch as Scratch).runs ?? [];
			const s = summary(runs);
			const first = runs[0];
			return `${host.describe}, Chrome saw ${s.protocols}; medians LCP ${(s.lcpMs / 1000).toFixed(2)} s, CLS ${s.cls.toFixed(3)}, TBT ${Math.round(s.tbtMs)} ms, ${Math.round(s.bytes / 1024)} KB transferred, accessibility ${s.accessibility}, benchmarkIndex ${Math.round(s.benchmarkIndex)}; first audit (cold start): ${first ? runNote(first) : 'none'}; the 3 audits: ${runs.map(runNote).join(', ')}`;
		}
	};
}

/** Every route on every host: the HTTP/2 rows, then the HTTP/1.1 ones. */
export const lighthouseRoutes: Benchmark[] = LIGHTHOUSE_HOSTS.flatMap((host) =>
	LIGHTHOUSE_ROUTES.map((route) => lighthouseBench(route, host))
);
