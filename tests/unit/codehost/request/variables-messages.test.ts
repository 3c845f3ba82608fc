/**
 * What the person reads about variables (the messages, word for word), which names are variable
 * names, and which header lines and JSON values the variable rules look at.
 */
import { describe, expect, it } from 'vitest';
import { variableProblems } from '$lib/codehost/request/check';
import { resolveParams, unresolvedMessage, VARIABLE_NAME } from '$lib/codehost/request/variables';

describe('unresolvedMessage', () => {
	it('names one variable in the singular', () => {
		expect(unresolvedMessage(['project'])).toBe(
			'Give the variable {{project}} a value in the environment; unfilled, the braces would be sent as they are.'
		);
	});

	it('names several variables in the plural, comma-separated', () => {
		expect(unresolvedMessage(['project', 'iid'])).toBe(
			'Give the variables {{project}}, {{iid}} a value in the environment; unfilled, the braces would be sent as they are.'
		);
	});
});

describe('variableProblems', () => {
	it('names the credential header as typed, without the spaces around it', () => {
		expect(variableProblems('  PRIVATE-TOKEN : {{t}}', '', { t: 'x' })).toEqual([
			'The PRIVATE-TOKEN header uses a variable. Variables are saved with the environment; put the token in the Token field (it is kept only as you chose), not in a variable.'
		]);
	});

	it('a credential header without a variable is no variable problem', () => {
		expect(variableProblems('PRIVATE-TOKEN: glpat-abc\nSudo: alice', '', {})).toEqual([]);
	});

	it('gives the exact line-break and query messages', () => {
		expect(variableProblems('X-Who: {{who}}', '', { who: 'a\nb' })).toEqual([
			'The variable {{who}} holds a line break, which would start another header. Remove it from the value.'
		]);
		expect(variableProblems('', 'a=1&Sudo={{who}}', { who: 'alice' })).toEqual([
			'The sudo parameter uses a variable. Variables are saved with the environment; put the token in the Token field instead.'
		]);
	});

	it('a line that is not "Name: value" is left to the header check', () => {
		expect(variableProblems('{{who}}', '', { who: 'a\r\nX-Evil: 1' })).toEqual([]);
		expect(variableProblems(': {{who}}', '', { who: 'a\r\nX-Evil: 1' })).toEqual([]);
	});
});

describe('resolveParams', () => {
	it('numbers, booleans and null pass through; keys with variables are filled', () => {
		expect(
			resolveParams(
				{ weight: 3, confidential: false, due: null, 'x_{{k}}': '{{v}}', nested: { '{{k}}': [1] } },
				{ k: 'key', v: 'value' }
			)
		).toEqual({ weight: 3, confidential: false, due: null, x_key: 'value', nested: { key: [1] } });
	});
});

describe('VARIABLE_NAME', () => {
	it('is a letter or "_" then word characters, dots and dashes, all of the name', () => {
		for (const ok of ['project', '_id', 'a.b-c_1']) expect(VARIABLE_NAME.test(ok)).toBe(true);
		for (const bad of ['1project', '-a', 'a b', 'a!', 'pro{ject}'])
			expect(VARIABLE_NAME.test(bad)).toBe(false);
	});
});
