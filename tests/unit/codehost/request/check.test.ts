/**
 * The one request check (request/check.ts): headers typed as text, header lines split before
 * their variables are filled, filled names checked, and the headers this app owns kept from
 * variables and files. The fixtures are the hostile inputs a review found the runner let through.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	checkHeaderLines,
	headerRecordProblems,
	OWNED_HEADERS,
	variableProblems,
	badHeaderLine,
	badHeaderMessage,
	headerValue,
	parseHeaderLines
} from '$lib/codehost/request/check';

describe('CH-SUDO-2: no variable, data row or file adds a Sudo header', () => {
	it('a CSV row value with a line break is refused, naming the variable; nothing of it is sent', () => {
		const checked = checkHeaderLines('X-Trace: {{trace}}', { trace: 'a\nSudo: alice' }, 'saved');
		expect(checked.headers).toEqual({});
		expect(checked.problems).toEqual([
			'The variable {{trace}} holds a line break, which would start another header. Remove it from the value.'
		]);
	});

	it('a value carried from an answer with CR LF is refused the same way', () => {
		const checked = checkHeaderLines(
			'X-Name: {{name}}\nAccept: application/json',
			{ name: 'Alice\r\nSudo: alice\r\nX-Forwarded-For: 10.0.0.1' },
			'saved'
		);
		expect(checked.headers).toEqual({ Accept: 'application/json' });
		expect(checked.problems).toHaveLength(1);
		expect(checked.problems[0]).toMatch(/\{\{name\}\} holds a line break/);
	});

	it('a header line made of two variables may not name Sudo, a token header, Cookie or Host', () => {
		for (const hn of ['Sudo', 'sudo', 'PRIVATE-TOKEN', 'Authorization', 'Cookie', 'Host']) {
			const checked = checkHeaderLines('{{hn}}: {{hv}}', { hn, hv: 'alice' }, 'saved');
			expect(checked.headers, hn).toEqual({});
			expect(checked.problems[0], hn).toMatch(/comes from \{\{hn\}\}/);
		}
	});

	it('a variable name that is no header name is refused with the value it made', () => {
		const checked = checkHeaderLines('{{hn}}: 1', { hn: 'X Bad' }, 'saved');
		expect(checked.headers).toEqual({});
		expect(checked.problems[0]).toBe(
			"The header name “X Bad” made by {{hn}} is not a header name: use letters, digits and - only, no spaces. Change the variable's value."
		);
	});

	it('a header made of variables that is an ordinary header goes out filled', () => {
		const checked = checkHeaderLines('{{hn}}: {{hv}}', { hn: 'X-Request-Id', hv: 'r-1' }, 'saved');
		expect(checked).toEqual({ headers: { 'X-Request-Id': 'r-1' }, problems: [] });
	});

	it('a header named __proto__ is kept as a header, not dropped', () => {
		const checked = checkHeaderLines('__proto__: x', {}, 'saved');
		expect(Object.entries(checked.headers)).toEqual([['__proto__', 'x']]);
	});

	it('a NUL in a value is refused', () => {
		const checked = checkHeaderLines('X-A: {{v}}', { v: 'a\0b' }, 'saved');
		expect(checked.headers).toEqual({});
		expect(checked.problems[0]).toMatch(/\{\{v\}\} holds a NUL character/);
	});

	it('a Sudo line typed on this page goes out; the same line in a saved or imported request does not', () => {
		expect(checkHeaderLines('Sudo: alice', {}, 'typed')).toEqual({
			headers: { Sudo: 'alice' },
			problems: []
		});
		const saved = checkHeaderLines('Sudo: alice', {}, 'saved');
		expect(saved.headers).toEqual({});
		expect(saved.problems[0]).toMatch(/^This saved request sets the Sudo header itself\./);
	});

	it('a Sudo value from a variable is refused even when typed on this page', () => {
		const checked = checkHeaderLines('Sudo: {{who}}', { who: 'alice' }, 'typed');
		expect(checked.headers).toEqual({});
		expect(checked.problems[0]).toMatch(/^The Sudo header uses a variable\./);
	});

	it('an unfilled variable in a saved header name is named; typed, the form says so itself', () => {
		expect(checkHeaderLines('{{hn}}: 1', {}, 'saved').problems[0]).toMatch(/\{\{hn\}\}/);
		expect(checkHeaderLines('{{hn}}: 1', {}, 'typed')).toEqual({ headers: {}, problems: [] });
	});

	it('variableProblems gives the form the same refusals', () => {
		expect(variableProblems('X-Trace: {{t}}', '', { t: 'a\nSudo: alice' })).toHaveLength(1);
		expect(variableProblems('{{hn}}: {{hv}}', '', { hn: 'Sudo', hv: 'x' })).toHaveLength(1);
	});

	// 500 random header sets: about a second idle, several on a loaded machine.
	it(
		'property: whatever the variables hold, what goes out has no line break or NUL and no owned header',
		{
			timeout: 60_000
		},
		() => {
			const value = fc.string({ unit: 'binary', maxLength: 40 });
			const owned = fc.constantFrom(...OWNED_HEADERS, 'Sudo', 'Private-Token');
			const name = fc.oneof(owned, value, fc.constant('X-Ok'));
			fc.assert(
				fc.property(name, value, value, (hn, hv, trace) => {
					const checked = checkHeaderLines(
						'{{hn}}: {{hv}}\nX-Trace: {{trace}}',
						{ hn, hv, trace },
						'saved'
					);
					for (const [n, v] of Object.entries(checked.headers)) {
						expect(n).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
						expect(v).not.toMatch(/[\r\n\0]/);
						expect(OWNED_HEADERS.has(n.toLowerCase())).toBe(false);
					}
					// Every line held back says why.
					const sent = Object.keys(checked.headers).length;
					if (sent < 2) expect(checked.problems.length + sent).toBeGreaterThan(0);
					expect(() => new Headers(checked.headers)).not.toThrow();
				}),
				{ numRuns: 500 }
			);
		}
	);
});

describe('headerRecordProblems: headers already filled (Run again, a recorded request)', () => {
	it('refuses a name that is no header name and a value with a line break', () => {
		expect(headerRecordProblems({ 'X A': '1', 'X-B': 'a\r\nSudo: x', 'X-C': 'fine' })).toEqual([
			'“X A” is not a header name: use letters, digits and - only.',
			'The X-B header holds a line break or a NUL character. Remove it from the value.'
		]);
		expect(headerRecordProblems({ Accept: 'application/json' })).toEqual([]);
	});
});

describe('request headers typed as text', () => {
	it('blank and whitespace-only lines are fine; spaces around the name are allowed', () => {
		expect(badHeaderLine('')).toBeUndefined();
		expect(badHeaderLine('X-A: 1\n   \n\t\n  X-B : 2')).toBeUndefined();
	});

	it('the first line that is not Name: value is reported', () => {
		expect(badHeaderLine('X-A: 1\nToken\nX-B')).toBe('Token');
		expect(badHeaderLine(': value')).toBe(': value');
		expect(badHeaderLine('  : value')).toBe('  : value');
	});

	it('a name with a space or another character a header name cannot have is reported', () => {
		expect(badHeaderLine('Bad Name: x')).toBe('Bad Name: x');
		expect(badHeaderLine('X(A): x')).toBe('X(A): x');
		expect(badHeaderLine("X-Ok_1.~!#$%&'*+^`|: x")).toBeUndefined();
	});

	it('the message quotes the line trimmed', () => {
		expect(badHeaderMessage('  oops  ')).toBe(
			'Request headers: “oops” is not a header. Write one header per line as Name: value, or remove the line.'
		);
	});

	it('parseHeaderLines: names and values trimmed, a value may hold colons, lines without a name ignored', () => {
		expect(
			parseHeaderLines(' X-A :  1 \nX-Url: https://x:8080\n: orphan\nnocolon\nX-Empty:')
		).toEqual({ 'X-A': '1', 'X-Url': 'https://x:8080', 'X-Empty': '' });
	});

	it('headerValue finds a header by its lower-case name, in any case; undefined when absent', () => {
		const headers = { 'Content-Type': 'application/json', 'X-A': '1' };
		expect(headerValue(headers, 'content-type')).toBe('application/json');
		expect(headerValue(headers, 'x-a')).toBe('1');
		expect(headerValue(headers, 'accept')).toBeUndefined();
		expect(headerValue({}, 'content-type')).toBeUndefined();
	});
});
