// The unit-test config narrowed to one folder's tests (tests/unit/$STRYKER_FOLDER), for Stryker.
// Stryker's own `testFiles` option is not used: with it, StrykerJS 9.6 activates static mutants
// (module-level values) after the module has loaded, and reports them as survivors.
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vite.config';

const folder = process.env.STRYKER_FOLDER;
if (!folder) throw new Error('STRYKER_FOLDER is not set (run npm run test:mutation)');

// The two files that run the generated code with the real clients (curl, Node with
// @gitbeaker/rest, python-gitlab) take about 0.4 s a test in subprocesses, and perTest coverage
// makes every mutant on the explorer's send path run most of their 89 tests: a codehost run
// would take over three hours. The score without them is a floor; the text-level codegen tests
// still run. They stay in `npm test`.
const SLOW_REAL_CLIENT_RUNS = [
	'tests/unit/codehost/codegen/codegen-run.test.ts',
	'tests/unit/codehost/codegen/codegen-offsite-run.test.ts'
];

export default defineConfig({
	...base,
	test: {
		...base.test,
		include: [`tests/unit/${folder}/**/*.test.ts`],
		exclude: [...(base.test?.exclude ?? configDefaults.exclude), ...SLOW_REAL_CLIENT_RUNS]
	}
});
