import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { median, type Benchmark } from './harness';

/** The routes of issues 14 and 29, each measured as a phone user first meets it, in Demo mode. */
export const LIGHTHOUSE_ROUTES = [
	'/',
	'/explorer',
	'/energy',
	'/bible',
	'/settings',
	'/bible/KJV/John/3',
	'/bible/plans',
	'/bible/topics'
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
}

interface Scratch {
	chrome?: chromeLauncher.LaunchedChrome;
	runs?: Run[];
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
	return {
		performance: Math.round((categories.performance?.score ?? 0) * 100),
		accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
		lcpMs: value('largest-contentful-paint'),
		cls: value('cumulative-layout-shift'),
		tbtMs: value('total-blocking-time'),
		bytes: value('total-byte-weight'),
		benchmarkIndex: environment.benchmarkIndex
	};
}

const BUDGET = { performance: 98, lcpMs: 2000, tbtMs: 100, cls: 0.01, accessibility: 100 };

function summary(runs: Run[]) {
	const of = (key: keyof Run) => median(runs.map((r) => r[key]));
	return {
		performance: of('performance'),
		accessibility: of('accessibility'),
		lcpMs: of('lcpMs'),
		cls: of('cls'),
		tbtMs: of('tbtMs'),
		bytes: of('bytes'),
		benchmarkIndex: of('benchmarkIndex')
	};
}

function lighthouseBench(route: string): Benchmark {
	return {
		name: `Lighthouse mobile, Demo: ${route}`,
		unit: 'performance score',
		budget: `performance ≥ ${BUDGET.performance}, LCP ≤ ${BUDGET.lcpMs / 1000} s, TBT ≤ ${BUDGET.tbtMs} ms, CLS ≤ ${BUDGET.cls}, accessibility ${BUDGET.accessibility} (medians of 3)`,
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
			state.chrome ??= await chromeLauncher.launch({
				chromePath: CHROMIUM_PATH,
				chromeFlags: CHROMIUM_ARGS
			});
			const run = await audit(state.chrome, appUrl + route);
			(state.runs ??= []).push(run);
			return run.performance;
		},
		async after({ scratch }) {
			(scratch as Scratch).chrome?.kill();
		},
		notes: ({ scratch }) => {
			const s = summary((scratch as Scratch).runs ?? []);
			return `LCP ${(s.lcpMs / 1000).toFixed(2)} s, CLS ${s.cls.toFixed(3)}, TBT ${Math.round(s.tbtMs)} ms, ${Math.round(s.bytes / 1024)} KB transferred, accessibility ${s.accessibility}, benchmarkIndex ${Math.round(s.benchmarkIndex)}; runs: ${((scratch as Scratch).runs ?? []).map((r) => `${r.performance} (TBT ${Math.round(r.tbtMs)} ms)`).join(', ')}`;
		}
	};
}

export const lighthouseRoutes: Benchmark[] = LIGHTHOUSE_ROUTES.map(lighthouseBench);
