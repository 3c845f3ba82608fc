// Mutation testing (StrykerJS 9, Vitest runner). Not part of `npm test` or CI: run it with
// `npm run test:mutation -- <folder>` (scripts/mutation.js), one folder of src/lib at a time.
// The folder comes from STRYKER_FOLDER; its own tests (tests/unit/<folder>) must kill its mutants.

const FOLDERS = ['http', 'codehost', 'energy', 'bible'];
const folder = process.env.STRYKER_FOLDER ?? '';
if (!FOLDERS.includes(folder)) {
	throw new Error(`STRYKER_FOLDER must be one of ${FOLDERS.join(', ')} (got "${folder}")`);
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	testRunner: 'vitest',
	// Only the folder's own tests run (vitest.mutation.config.ts): they alone must kill its mutants.
	vitest: { configFile: 'vitest.mutation.config.ts', related: false },
	coverageAnalysis: 'perTest',
	// Service modules only: not components (*.svelte) nor runes state classes (*.svelte.ts), and
	// not the code host's catalogues of words (the seed's endpoint and rule tables as data).
	mutate: [
		`src/lib/${folder}/**/*.ts`,
		'!src/lib/**/*.svelte.ts',
		'!src/lib/codehost/contract/endpoints.ts',
		'!src/lib/codehost/contract/rules.ts'
	],
	// Two shared cores: one test runner at a time.
	concurrency: 1,
	timeoutMS: 10000,
	incremental: true,
	incrementalFile: `reports/mutation/${folder}-incremental.json`,
	reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
	htmlReporter: { fileName: `reports/mutation/${folder}.html` },
	jsonReporter: { fileName: `reports/mutation/${folder}.json` },
	clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
	tempDirName: '.stryker-tmp',
	cleanTempDir: 'always',
	ignorePatterns: [
		'build',
		'build-subpath',
		'.svelte-kit',
		'test-results',
		'playwright-report',
		'tests/e2e',
		'tests/bench'
	],
	thresholds: { high: 90, low: 80, break: null }
};
