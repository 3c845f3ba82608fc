import { describe, expect, it } from 'vitest';
import { toJsonReport, toJUnitXml, xmlText } from '$lib/codehost/runner/report';
import type { RunReport } from '$lib/codehost/runner/run';

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
		expect(xml).toContain('<!-- Stopped at the first failure: GET /a?b=&lt;c&gt;&amp;d -->');
		// No raw special character is left outside the markup.
		const text = xml.replace(/<[^>]*>/g, '');
		expect(text).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
		expect(xml.includes(String.fromCharCode(7))).toBe(false);
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
