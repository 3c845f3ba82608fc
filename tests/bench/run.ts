// npm run bench [-- name-filter]: runs the benchmarks against the built site, writes BENCHMARKS.md.
import { bibleDownload, bibleStorage } from './bible-download.bench';
import { bibleOpenCached } from './bible-open.bench';
import { bibleOriginalInterlinear } from './bible-original-interlinear.bench';
import { bibleOriginalSearch } from './bible-original-search.bench';
import {
	bibleSearchBuild,
	bibleSearchCold,
	bibleSearchQuery,
	bibleSearchStorage
} from './bible-search.bench';
import { bigAnswers } from './big-answers.bench';
import { bibleStudyChapter, bibleStudyFindEvery } from './bible-study.bench';
import { collectionsBenchmarks } from './collections.bench';
import { deepLinkChapter } from './deep-link.bench';
import { energyRequestsPerOrder, energyRequestsWhileHidden } from './energy-polling.bench';
import { explorerKeyset } from './explorer-keyset.bench';
import { homeBundle } from './home-bundle.bench';
import { historyImport, notesImport } from './imports.bench';
import { lighthouseRoutes } from './lighthouse.bench';
import { offlineReload } from './offline-reload.bench';
import { yourDataBackup, yourDataRestore } from './your-data.bench';
import {
	launchBrowser,
	runBenchmark,
	startStaticServer,
	writeReport,
	type Benchmark,
	type BenchResult
} from './harness';

const ALL: Benchmark[] = [
	homeBundle,
	offlineReload,
	explorerKeyset,
	energyRequestsPerOrder,
	energyRequestsWhileHidden,
	bibleDownload,
	bibleOpenCached,
	bibleStorage,
	bibleSearchBuild,
	bibleSearchCold,
	bibleSearchQuery,
	bibleSearchStorage,
	bibleStudyFindEvery,
	bibleStudyChapter,
	bibleOriginalSearch,
	bibleOriginalInterlinear,
	deepLinkChapter,
	notesImport,
	historyImport,
	yourDataBackup,
	yourDataRestore,
	...bigAnswers,
	...collectionsBenchmarks,
	...lighthouseRoutes
];
const filter = process.argv[2]?.toLowerCase();
const selected = ALL.filter((b) => !filter || b.name.toLowerCase().includes(filter));

// Ports, for several runs on one machine: BENCH_PORT for the site (for Lighthouse, its HTTPS and
// HTTP/2 copy on the next port and its plain HTTP/1.1 gzip copy on the one after),
// BENCH_FAKES_PORT_BASE for the demo servers over loopback (three ports from it; the Bible's
// download benchmarks use six from BIBLE_BENCH_FAKES_PORT_BASE, by default 8961).
const port = Number(process.env.BENCH_PORT ?? 4491);
const server = await startStaticServer(port);
const browser = await launchBrowser();
const results: BenchResult[] = [];
const failed: string[] = [];
try {
	for (const bench of selected) {
		let result: BenchResult;
		try {
			result = await runBenchmark(bench, {
				browser,
				appUrl: `http://127.0.0.1:${port}`,
				scratch: {}
			});
		} catch (e) {
			// One broken benchmark does not lose the others' rows: its own row stays as it was.
			console.log(`FAIL ${bench.name}: ${e instanceof Error ? e.message : String(e)}`);
			failed.push(bench.name);
			continue;
		}
		console.log(
			`${result.ok ? 'ok  ' : 'OVER'} ${result.name}: median ${Number.isInteger(result.median) ? result.median : result.median.toFixed(2)} ${result.unit} (budget ${result.budget})`
		);
		results.push(result);
	}
} finally {
	await browser.close();
	server.kill();
}
writeReport(results, ALL);
if (failed.length)
	console.log(`${failed.length} failed, their rows not written: ${failed.join('; ')}`);
if (failed.length || results.some((r) => !r.ok)) process.exitCode = 1;
