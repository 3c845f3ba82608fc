import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssertionResult } from '$lib/codehost/runner/assertions';
import { toJsonReport, toJUnitXml, xmlText } from '$lib/codehost/runner/report';
import type { RequestResult, RunReport } from '$lib/codehost/runner/run';
import { carried, hostileText, parseXml } from '../../well-formed-xml';

const assertionResult = fc
	.record({
		passed: fc.boolean(),
		label: hostileText,
		message: hostileText
	})
	.map((a): AssertionResult => ({ assertion: { kind: 'status', equals: 200 }, ...a }));

const requestResult = fc
	.record({
		name: hostileText,
		row: fc.nat({ max: 2 }),
		passed: fc.boolean(),
		assertions: fc.array(assertionResult, { maxLength: 3 }),
		error: fc.option(hostileText, { nil: undefined })
	})
	.map((r): RequestResult => ({ requestId: 'r', timeMs: 5, status: 200, ...r }));

const hostileReport = fc
	.record({
		results: fc.array(requestResult, { maxLength: 4 }),
		reason: fc.option(hostileText, { nil: undefined }),
		startedAt: hostileText,
		notRun: fc.nat({ max: 3 })
	})
	.map(({ results, notRun, ...rest }): RunReport => ({
		outcome: 'stopped',
		results,
		total: results.length + notRun,
		passed: results.filter((r) => r.passed).length,
		failed: results.filter((r) => !r.passed).length,
		durationMs: 12,
		...rest
	}));

const report: RunReport = {
	outcome: 'stopped',
	reason: 'Stopped at the first failure: GET /a?b=<c>&d',
	total: 3,
	passed: 1,
	failed: 1,
	startedAt: '2026-01-01T00:00:00.000Z',
	durationMs: 1500,
	results: [
		{
			requestId: '1',
			name: 'GET /projects',
			row: 0,
			passed: true,
			status: 200,
			timeMs: 120,
			assertions: [
				{
					assertion: { kind: 'status', equals: 200 },
					passed: true,
					label: 'Status equals 200',
					message: ''
				}
			]
		},
		{
			requestId: '2',
			name: 'GET /search?scope=<issues>&q="x"',
			row: 0,
			passed: false,
			status: 200,
			timeMs: 80,
			assertions: [
				{
					assertion: { kind: 'json-equals', path: '$.title', value: "Tom & Jerry's" },
					passed: false,
					label: "$.title equals Tom & Jerry's",
					message: 'Was "<b>\u0007"'
				}
			]
		}
	]
};

describe('run report export', () => {
	it('escapes XML text, dropping characters XML cannot hold', () => {
		expect(xmlText(`<a href="x">Tom & Jerry's</a>\u0000\u0007\u{1F600}`)).toBe(
			'&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;\u{1F600}'
		);
	});

	it('writes JUnit XML: a case per request, failures with their assertion, unsent ones counted', () => {
		const xml = toJUnitXml(report);
		expect(xml).toMatch(
			/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="API Workbench run" tests="3" failures="1" skipped="1" time="1.500"/
		);
		expect(xml).toContain(
			'<testcase classname="API Workbench run" name="GET /projects" time="0.120"/>'
		);
		expect(xml).toContain('name="GET /search?scope=&lt;issues&gt;&amp;q=&quot;x&quot;"');
		expect(xml).toContain(
			'<failure message="$.title equals Tom &amp; Jerry&apos;s: Was &quot;&lt;b&gt;&quot;" type="assertion">FAILED $.title equals Tom &amp; Jerry&apos;s (Was &quot;&lt;b&gt;&quot;)</failure>'
		);
		// A comment reads no references: the reason is written in it as it is.
		expect(xml).toContain('<!-- Stopped at the first failure: GET /a?b=<c>&d -->');
		// No raw special character is left outside the markup.
		const text = xml.replace(/<!--.*?-->/gs, '').replace(/<[^>]*>/g, '');
		expect(text).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
		expect(xml.includes(String.fromCharCode(7))).toBe(false);
	});

	it('a request named ---, <, &, ", ]]>, with U+0001, a lone surrogate or U+FFFE still makes well-formed XML', () => {
		const names = [
			'---',
			'<',
			'&',
			'"',
			']]>',
			'a\u0001b',
			'half \uD800 pair',
			'not \uFFFE a char',
			'-->'
		];
		const xml = toJUnitXml({
			...report,
			reason: 'Stopped at the first failure: ---',
			results: names.map((name) => ({ ...report.results[1]!, name }))
		});
		const { elements, comments } = parseXml(xml);
		expect(elements.filter((e) => e.name === 'testcase').map((e) => e.attributes.name)).toEqual(
			names.map(carried)
		);
		expect(comments).toEqual([' Stopped at the first failure: - - -  ']);
	});

	it('any text in any field makes well-formed XML that reads back as that text (property)', () => {
		fc.assert(
			fc.property(hostileReport, hostileText, (run, suiteName) => {
				const { elements, comments } = parseXml(toJUnitXml(run, suiteName));
				const root = elements[0]!;
				expect(root.name).toBe('testsuites');
				expect(root.attributes.name).toBe(carried(suiteName));
				expect(root.attributes.timestamp).toBe(carried(run.startedAt));
				const cases = elements.filter((e) => e.name === 'testcase');
				const failures = elements.filter((e) => e.name === 'failure');
				const sent = [...run.results].sort((a, b) => a.row - b.row);
				// One suite per row, in the order rows first appear: compare as sets of names.
				expect(cases.map((c) => c.attributes.name).sort()).toEqual(
					sent.map((r) => carried(r.name)).sort()
				);
				const failed = sent.filter((r) => !r.passed);
				expect(failures).toHaveLength(failed.length);
				for (const f of failures) expect(f.attributes.type).toMatch(/^(error|assertion)$/);
				const messages = failed.map((r) =>
					carried(
						r.error ??
							r.assertions
								.filter((a) => !a.passed)
								.map((a) => `${a.label}: ${a.message}`)
								.join('; ')
					)
				);
				expect(failures.map((f) => f.attributes.message).sort()).toEqual(messages.sort());
				expect(comments).toHaveLength(run.reason ? 1 : 0);
			}),
			{ numRuns: 400 }
		);
	});

	it('writes JSON with the summary and each assertion', () => {
		const json = JSON.parse(toJsonReport(report));
		expect(json.summary).toBe('1 passed, 1 failed');
		expect(json.results[1]).toEqual({
			request: 'GET /search?scope=<issues>&q="x"',
			row: 1,
			passed: false,
			status: 200,
			timeMs: 80,
			assertions: [
				{ assertion: "$.title equals Tom & Jerry's", passed: false, message: 'Was "<b>\u0007"' }
			]
		});
	});
});
