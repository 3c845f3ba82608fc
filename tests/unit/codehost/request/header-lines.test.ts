import { describe, expect, it } from 'vitest';
import {
	badHeaderLine,
	badHeaderMessage,
	headerValue,
	parseHeaderLines
} from '$lib/codehost/request/header-lines';

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
