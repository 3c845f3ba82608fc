// The unit-test config narrowed to one folder's tests (tests/unit/$STRYKER_FOLDER), for Stryker.
// Stryker's own `testFiles` option is not used: with it, StrykerJS 9.6 activates static mutants
// (module-level values) after the module has loaded, and reports them as survivors.
import { defineConfig } from 'vitest/config';
import base from './vite.config';

const folder = process.env.STRYKER_FOLDER;
if (!folder) throw new Error('STRYKER_FOLDER is not set (run npm run test:mutation)');

export default defineConfig({
	...base,
	test: { ...base.test, include: [`tests/unit/${folder}/**/*.test.ts`] }
});
