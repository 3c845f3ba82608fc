import { describe, expect, it } from 'vitest';
import {
	hasCredentialHeader,
	hasCredentialParam,
	withoutCredentialParams
} from '$lib/http/credentials';
import { decodedParamName, redactBody } from '$lib/http/redact';

describe('decodedParamName', () => {
	it('reads the name before "=", or the whole part when there is no value', () => {
		expect(decodedParamName('Private_Token=abc')).toBe('private_token');
		expect(decodedParamName('private_token')).toBe('private_token');
		expect(hasCredentialParam('https://a.test/x?private_token')).toBe(true);
	});

	it('decodes "+" as a space and percent escapes', () => {
		expect(decodedParamName('my+name=1')).toBe('my name');
		expect(decodedParamName('private%5Ftoken=1')).toBe('private_token');
	});

	it('keeps a name with a broken escape as written, lower-cased', () => {
		expect(decodedParamName('Private_Token%ZZ=1')).toBe('private_token%zz');
	});
});

describe('credential parameters live only in the query', () => {
	it('leaves a URL without "?" alone, even when its path looks like a parameter', () => {
		const url = 'https://a.test/files/a&private_token=x';
		expect(hasCredentialParam(url)).toBe(false);
		expect(withoutCredentialParams(url)).toBe(url);
	});
});

describe('hasCredentialHeader', () => {
	it('is false for headers that carry no credential', () => {
		expect(hasCredentialHeader(new Headers({ accept: 'application/json', 'x-trace': '1' }))).toBe(
			false
		);
		expect(hasCredentialHeader(new Headers({ accept: 'x', 'PRIVATE-TOKEN': 't' }))).toBe(true);
	});
});

describe('redactBody', () => {
	it('treats only a whole name=value body as a form, not prose that contains one', () => {
		expect(redactBody('password=hunter2&user=me')).toBe('password=[redacted]&user=me');
		expect(redactBody('see password=hunter2 below')).toBe('see password=hunter2 below');
		expect(redactBody('password=a b')).toBe('password=a b');
	});
});
