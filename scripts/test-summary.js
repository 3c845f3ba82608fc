// Prints the counts of the unit and end-to-end runs as one closing line (reports/ survives Playwright's cleanup of test-results/).
import { existsSync, readFileSync } from 'node:fs';

/** @param {string} file */
function read(file) {
	return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const unit = read('reports/unit.json');
const e2e = read('reports/e2e.json');
const counts = { passed: 0, failed: 0, skipped: 0 };
if (unit) {
	counts.passed += unit.numPassedTests;
	counts.failed += unit.numFailedTests;
	counts.skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
	console.log(`unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
}
if (e2e) {
	const s = e2e.stats;
	counts.passed += s.expected + s.flaky;
	counts.failed += s.unexpected;
	counts.skipped += s.skipped;
	console.log(`e2e: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
}
console.log(
	`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`
);
if (counts.failed > 0 || counts.passed === 0) process.exitCode = 1;
