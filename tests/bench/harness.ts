import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { chromium, type Browser, type Locator } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/** One benchmark: `run` returns one sample; the harness takes the median over `samples`. */
export interface Benchmark {
	name: string;
	unit: string;
	/** Human-readable budget, e.g. "≤ 60 KB". */
	budget: string;
	/**
	 * Where the clock starts and where it stops ("the click on Send, in the page → the first row
	 * painted"), or what is counted for a budget that is not a time. Written beside the figure.
	 */
	clock: string;
	samples: number;
	withinBudget: (median: number, context: BenchContext) => boolean;
	run: (context: BenchContext) => Promise<number>;
	/** Extra facts for the notes column, filled during runs. */
	notes?: (context: BenchContext) => string;
	/** Runs once after the samples (e.g. to stop a server the benchmark started). */
	after?: (context: BenchContext) => Promise<void>;
}

export interface BenchContext {
	browser: Browser;
	appUrl: string;
	/** Scratch space shared between a benchmark's samples (e.g. a baseline measured in the same run). */
	scratch: Record<string, unknown>;
}

export interface BenchResult {
	name: string;
	budget: string;
	clock: string;
	unit: string;
	median: number;
	min: number;
	max: number;
	ok: boolean;
	notes: string;
}

/**
 * Waits for `status` to say `expected`; past `timeout` ms, fails saying what it said instead (a
 * changed sentence then reads as one, not as a bare time out).
 */
export async function statusSays(
	status: Locator,
	expected: string | RegExp,
	timeout: number
): Promise<void> {
	try {
		await status.filter({ hasText: expected }).waitFor({ timeout });
	} catch (e) {
		const said = await status.allTextContents().catch(() => []);
		throw new Error(
			`waited ${timeout} ms for a status saying ${String(expected)}; it said ${said.map((t) => JSON.stringify(t)).join(', ') || 'nothing'} (${(e as Error).message.split('\n')[0]})`
		);
	}
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function machine(): string {
	const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
	return `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/**
 * scripts/serve.js on `port`. `tls`: a key and certificate (files) to serve HTTPS over HTTP/2 with;
 * `encodings`: the precompressed files it may send (its `--encodings`, by default Brotli and gzip).
 */
export async function startStaticServer(
	port: number,
	{ tls, encodings }: { tls?: { key: string; cert: string }; encodings?: string } = {}
): Promise<ChildProcess> {
	// BENCH_SITE_DIR: another build (e.g. a copy from before a change), to compare in one session.
	const dir = process.env.BENCH_SITE_DIR ?? 'build';
	const child = spawn(
		process.execPath,
		[
			'scripts/serve.js',
			'--port',
			String(port),
			'--dir',
			dir,
			...(tls ? ['--tls-key', tls.key, '--tls-cert', tls.cert] : []),
			...(encodings ? ['--encodings', encodings] : [])
		],
		{
			stdio: ['ignore', 'pipe', 'inherit']
		}
	);
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('Serving')) resolve();
		});
		child.on('exit', (code) => reject(new Error(`static server exited with ${code}`)));
	});
	return child;
}

export async function launchBrowser(): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM_PATH,
		args: CHROMIUM_ARGS
	});
}

/**
 * The longest one sample, or a benchmark's `after`, may take (the first Bible sample downloads the
 * KJV under load): past it the benchmark fails, so a wait that never ends cannot hold the run.
 */
export const STEP_TIMEOUT_MS = 10 * 60_000;

/** `work`, or a failure naming `what` once it has taken longer than `ms`. */
export async function inTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
	});
	try {
		return await Promise.race([work, late]);
	} finally {
		clearTimeout(timer);
	}
}

export async function runBenchmark(
	bench: Benchmark,
	context: BenchContext,
	stepTimeoutMs = STEP_TIMEOUT_MS
): Promise<BenchResult> {
	const values: number[] = [];
	try {
		for (let i = 0; i < bench.samples; i++)
			values.push(
				await inTime(
					bench.run(context),
					stepTimeoutMs,
					`sample ${i + 1} of ${bench.samples} of “${bench.name}”`
				)
			);
	} finally {
		if (bench.after)
			await inTime(bench.after(context), stepTimeoutMs, `the end (after) of “${bench.name}”`);
	}
	const m = median(values);
	return {
		name: bench.name,
		budget: bench.budget,
		clock: bench.clock,
		unit: bench.unit,
		median: m,
		min: Math.min(...values),
		max: Math.max(...values),
		ok: bench.withinBudget(m, context),
		notes: bench.notes?.(context) ?? ''
	};
}

/** For display only: budgets are judged on the exact figures (`withinBudget` gets the median). */
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

const HEADER =
	'| Benchmark | Budget | Clock (starts → stops) | Median | Min | Max | Verdict | Machine | Notes |';

/** A table row's cells (a cell never holds " | ": notes and budgets are plain text). */
const cells = (line: string) => line.slice(2, -2).split(' | ');

/**
 * Rewrites BENCHMARKS.md, keeping rows of benchmarks not run this time and, as written, every
 * section after the table (from its first `## ` heading, e.g. the mutation scores). `known`: every
 * benchmark there is; a kept row gets its benchmark's clock as the code states it now, and a row
 * of a benchmark that no longer exists (renamed, removed) is dropped.
 */
export function writeReport(
	results: BenchResult[],
	known: readonly Benchmark[],
	file = 'BENCHMARKS.md'
): void {
	const clocks = new Map(known.map((b) => [b.name, b.clock]));
	const rows = new Map<string, string>();
	let sections = '';
	if (existsSync(file)) {
		const old = readFileSync(file, 'utf8');
		const at = old.search(/^## /m);
		const table = at === -1 ? old : old.slice(0, at);
		if (at !== -1) sections = old.slice(at);
		for (const line of table.split('\n')) {
			if (!line.startsWith('| ') || line.startsWith('| Benchmark |') || line.startsWith('|---'))
				continue;
			const row = cells(line);
			const clock = clocks.get(row[0]!);
			if (clock === undefined) continue;
			// Rows written before the clock column have 8 cells: the clock goes after the budget.
			if (row.length === 8) row.splice(2, 0, clock);
			else row[2] = clock;
			rows.set(row[0]!, `| ${row.join(' | ')} |`);
		}
	}
	const when = new Date().toISOString().slice(0, 10);
	for (const r of results) {
		rows.set(
			r.name,
			`| ${r.name} | ${r.budget} | ${r.clock} | ${fmt(r.median)} ${r.unit} | ${fmt(r.min)} | ${fmt(r.max)} | ${r.ok ? 'within budget' : '**over budget**'} | ${machine()}, ${when} | ${r.notes} |`
		);
	}
	const text = [
		'# Benchmarks',
		'',
		'Written by `npm run bench` (runs in Debian’s Chromium against the built site). Each row is the median of',
		'its samples in one run; machines here are shared and noisy, so budgets that can be are ratios within one run.',
		'A budget is judged on the exact figure; the table rounds only to show it. "Clock" says where each',
		'measurement starts and stops (a click or a keypress: its event time in the page; "painted": the frame',
		'after the element is in the page, or Chromium’s own paint timing where the row says so).',
		'',
		HEADER,
		'|---|---|---|---|---|---|---|---|---|',
		...rows.values(),
		''
	].join('\n');
	writeFileSync(file, sections ? `${text}\n${sections}` : text);
}
