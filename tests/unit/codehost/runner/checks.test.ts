import { describe, expect, it } from 'vitest';
import { ChecksRefused, readChecks } from '$lib/codehost/runner/checks';

const refused = (value: { assertions?: unknown; extractions?: unknown }): string => {
	try {
		readChecks(value, 'Request 2');
	} catch (error) {
		if (error instanceof ChecksRefused) return error.message;
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
