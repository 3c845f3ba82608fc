import { describe, expect, it } from 'vitest';
import { ChecksRefused, readChecks } from '$lib/codehost/runner/checks';

const refused = (value: { assertions?: unknown; extractions?: unknown }): string => {
	try {
		readChecks(value, 'Request 2');
	} catch (error) {
		if (error instanceof ChecksRefused && error.name === 'ChecksRefused') return error.message;
		throw error;
	}
	throw new Error('accepted');
};

describe('a saved request’s checks, read from a file or storage', () => {
	it('reads every assertion kind and the variables set from the answer', () => {
		const checks = {
			assertions: [
				{ kind: 'status', equals: 200 },
				{ kind: 'json-exists', path: '$[0].id' },
				{ kind: 'json-equals', path: '$.name', value: 'x' },
				{ kind: 'json-matches', path: "$['web url']", pattern: '^https:' },
				{ kind: 'header', name: 'X-Total' },
				{ kind: 'time-under', ms: 500 }
			],
			extractions: [{ name: 'mr_iid', path: '$[0].iid' }]
		};
		expect(readChecks(checks, 'Request 1')).toEqual(checks);
		expect(readChecks({}, 'Request 1')).toEqual({ assertions: [], extractions: [] });
	});

	it('drops anything but the known fields', () => {
		const read = readChecks(
			{ assertions: [{ kind: 'status', equals: 201, run: 'alert(1)' }] },
			'R'
		);
		expect(read.assertions).toEqual([{ kind: 'status', equals: 201 }]);
	});

	it('refuses what is not a check, naming the request and the entry', () => {
		expect(refused({ assertions: [{ kind: 'script', code: 'alert(1)' }] })).toBe(
			'Request 2: assertion 1 is not an assertion this app knows'
		);
		expect(refused({ assertions: [{ kind: 'status', equals: '200' }] })).toBe(
			'Request 2: assertion 1 status is not a whole number from 100 to 599'
		);
		expect(refused({ assertions: [{ kind: 'json-exists', path: '$..id' }] })).toMatch(
			/^Request 2: assertion 1 path: /
		);
		expect(refused({ assertions: [{ kind: 'json-matches', path: '$', pattern: '(' }] })).toBe(
			'Request 2: assertion 1 pattern is not a valid regular expression'
		);
		expect(refused({ assertions: [{ kind: 'header', name: 'X-A\r\nSet-Cookie: a' }] })).toBe(
			'Request 2: assertion 1 header is not a header name'
		);
		expect(refused({ extractions: [{ name: '{{x}}', path: '$' }] })).toBe(
			'Request 2: variable 1 name is not a variable name'
		);
		expect(refused({ assertions: 'status' })).toBe('Request 2: assertions is not a list');
		expect(
			refused({ assertions: Array.from({ length: 51 }, () => ({ kind: 'status', equals: 200 })) })
		).toMatch(/more than 50/);
	});

	it('a status is a whole number from 100 to 599, a time limit from 1 ms to an hour', () => {
		const status = (equals: unknown) => ({ assertions: [{ kind: 'status', equals }] });
		const time = (ms: unknown) => ({ assertions: [{ kind: 'time-under', ms }] });
		expect(readChecks(status(100), 'R').assertions).toEqual([{ kind: 'status', equals: 100 }]);
		expect(readChecks(status(599), 'R').assertions).toEqual([{ kind: 'status', equals: 599 }]);
		for (const bad of [99, 600, 200.5, '200'])
			expect(refused(status(bad))).toBe(
				'Request 2: assertion 1 status is not a whole number from 100 to 599'
			);
		expect(readChecks(time(1), 'R').assertions).toEqual([{ kind: 'time-under', ms: 1 }]);
		expect(readChecks(time(3_600_000), 'R').assertions).toEqual([
			{ kind: 'time-under', ms: 3_600_000 }
		]);
		for (const bad of [0, 3_600_001, 1.5])
			expect(refused(time(bad))).toBe(
				'Request 2: assertion 1 time is not a whole number from 1 to 3600000'
			);
	});

	it('a header name is kept without the spaces around it', () => {
		expect(
			readChecks({ assertions: [{ kind: 'header', name: '  X-Total ' }] }, 'R').assertions
		).toEqual([{ kind: 'header', name: 'X-Total' }]);
	});

	it('a pattern is read as a Unicode regular expression, as the run matches it', () => {
		// \- is an escape only outside Unicode mode.
		expect(refused({ assertions: [{ kind: 'json-matches', path: '$', pattern: '\\-' }] })).toBe(
			'Request 2: assertion 1 pattern is not a valid regular expression'
		);
		expect(refused({ assertions: [{ kind: 'json-matches', path: '$..a', pattern: 'x' }] })).toMatch(
			/^Request 2: assertion 1 path: /
		);
	});

	it('a pattern the safe matcher cannot take is refused when it is added or imported, saying why', () => {
		const pattern = (p: string) => ({
			assertions: [{ kind: 'json-matches', path: '$', pattern: p }]
		});
		expect(refused(pattern('(\\w+) \\1'))).toMatch(
			/^Request 2: assertion 1 pattern repeats what a group matched \(a backreference .*Write the text it should match instead$/
		);
		expect(refused(pattern('^(?!draft)'))).toMatch(
			/^Request 2: assertion 1 pattern looks ahead or behind .*Match the text around it instead$/
		);
		expect(refused(pattern('(?<=v)\\d'))).toMatch(/^Request 2: assertion 1 pattern looks ahead/);
		// The security review's pattern freezes a backtracking engine; this app matches it safely.
		expect(readChecks(pattern('^(\\w+\\s?)*$'), 'R').assertions).toEqual(
			pattern('^(\\w+\\s?)*$').assertions
		);
	});

	it('a variable set from the answer needs a path this app reads, and the list at most 50 entries', () => {
		expect(refused({ extractions: [{ name: 'id', path: 'id' }] })).toBe(
			'Request 2: variable 1 path: A JSON path starts with $, for example $[0].id'
		);
		expect(refused({ extractions: 'id' })).toBe(
			'Request 2: variables set from the answer is not a list'
		);
		const fifty = Array.from({ length: 50 }, () => ({ kind: 'status', equals: 200 }));
		expect(readChecks({ assertions: fifty }, 'R').assertions).toHaveLength(50);
		expect(refused({ assertions: [...fifty, fifty[0]] })).toBe(
			'Request 2: assertions has more than 50 entries'
		);
	});

	it('refuses an entry that is not an object, a value that is not text, and text over 2,000 characters', () => {
		expect(refused({ assertions: ['status'] })).toBe('Request 2: assertion 1 is not an object');
		expect(refused({ extractions: [null] })).toBe('Request 2: variable 1 is not an object');
		expect(refused({ assertions: [{ kind: 'json-equals', path: '$', value: 5 }] })).toBe(
			'Request 2: assertion 1 value is not text'
		);
		expect(
			refused({ assertions: [{ kind: 'json-equals', path: '$', value: 'x'.repeat(2001) }] })
		).toBe('Request 2: assertion 1 value is longer than 2000 characters');
		expect(
			readChecks({ assertions: [{ kind: 'json-equals', path: '$', value: 'x'.repeat(2000) }] }, 'R')
				.assertions
		).toHaveLength(1);
	});
});
