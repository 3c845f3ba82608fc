/** A run's report as JUnit XML (for CI dashboards) and as JSON. No Svelte here. */
import { summary, type RunReport } from './run';

/** Characters XML 1.0 cannot carry at all, even escaped (C0 controls, lone surrogates, U+FFFE…). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text for XML 1.0 element content: the special characters escaped, the characters XML cannot
 * carry dropped, and CR written as a reference, which a reader would otherwise read as LF.
 */
export function xmlText(text: string): string {
	return text
		.replace(NOT_XML, '')
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;')
		.replaceAll("'", '&apos;')
		.replaceAll('\r', '&#13;');
}

/** Text for an attribute value: also tab and LF as references, which a reader turns to spaces. */
export function xmlAttribute(text: string): string {
	return xmlText(text).replaceAll('\t', '&#9;').replaceAll('\n', '&#10;');
}

/**
 * Text for an XML comment, as it is (a comment reads no references): the characters XML cannot
 * carry dropped, and no `--` inside, nor a `-` at the end, which would end or break the comment.
 */
export function xmlComment(text: string): string {
	return `<!-- ${text.replace(NOT_XML, '').replace(/-(?=-|$)/g, '- ')} -->`;
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

/**
 * One test suite per data row, one test case per request: a failed assertion or a send error is
 * a `<failure>` naming each failed assertion. Requests a stopped or cancelled run never sent are
 * `<skipped>`.
 */
export function toJUnitXml(report: RunReport, suiteName = 'API Workbench run'): string {
	const rows = new Map<number, RunReport['results']>();
	for (const result of report.results)
		rows.set(result.row, [...(rows.get(result.row) ?? []), result]);
	const notRun = report.total - report.results.length;
	const lines = [
		'<?xml version="1.0" encoding="UTF-8"?>',
		`<testsuites name="${xmlAttribute(suiteName)}" tests="${report.total}" failures="${report.failed}" skipped="${notRun}" time="${seconds(report.durationMs)}" timestamp="${xmlAttribute(report.startedAt)}">`
	];
	for (const [row, results] of rows) {
		const failures = results.filter((r) => !r.passed).length;
		const time = results.reduce((sum, r) => sum + (r.timeMs ?? 0), 0);
		const name = rows.size > 1 || row > 0 ? `${suiteName} (row ${row + 1})` : suiteName;
		lines.push(
			`\t<testsuite name="${xmlAttribute(name)}" tests="${results.length}" failures="${failures}" time="${seconds(time)}">`
		);
		for (const r of results) {
			const head = `\t\t<testcase classname="${xmlAttribute(name)}" name="${xmlAttribute(r.name)}" time="${seconds(r.timeMs)}"`;
			if (r.passed) {
				lines.push(`${head}/>`);
				continue;
			}
			const failed = r.assertions.filter((a) => !a.passed);
			const message = r.error ?? failed.map((a) => `${a.label}: ${a.message}`).join('; ');
			const detail = [
				...(r.error ? [r.error] : []),
				...r.assertions.map(
					(a) => `${a.passed ? 'passed' : 'FAILED'} ${a.label}${a.passed ? '' : ` (${a.message})`}`
				)
			].join('\n');
			lines.push(
				head + '>',
				`\t\t\t<failure message="${xmlAttribute(message)}" type="${r.error ? 'error' : 'assertion'}">${xmlText(detail)}</failure>`,
				'\t\t</testcase>'
			);
		}
		lines.push('\t</testsuite>');
	}
	if (report.reason) lines.push(`\t${xmlComment(report.reason)}`);
	lines.push('</testsuites>', '');
	return lines.join('\n');
}

/** The report as JSON: the summary line, the outcome and every assertion's result. */
export function toJsonReport(report: RunReport): string {
	return `${JSON.stringify(
		{
			summary: summary(report),
			outcome: report.outcome,
			reason: report.reason,
			startedAt: report.startedAt,
			durationMs: report.durationMs,
			total: report.total,
			passed: report.passed,
			failed: report.failed,
			results: report.results.map((r) => ({
				request: r.name,
				row: r.row + 1,
				passed: r.passed,
				status: r.status,
				timeMs: r.timeMs,
				error: r.error,
				assertions: r.assertions.map((a) => ({
					assertion: a.label,
					passed: a.passed,
					message: a.message || undefined
				}))
			}))
		},
		null,
		2
	)}\n`;
}
