import { describe, expect, it } from 'vitest';
import { checkFormat, formatOf, NewerData, newerMessage } from '$lib/ui/stored-format';

describe('formatOf', () => {
	it('reads a record without a version (what builds before versions wrote) as format 1', () => {
		expect(formatOf({ environments: [] })).toBe(1);
		expect(formatOf([{ id: 'bible-year' }])).toBe(1);
		expect(formatOf(undefined)).toBe(1);
		expect(formatOf({ format: 'json' })).toBe(1);
	});

	it('reads the version a record carries', () => {
		expect(formatOf({ format: 2 })).toBe(2);
		expect(formatOf({ format: 7, rest: 'anything' })).toBe(7);
	});
});

describe('checkFormat', () => {
	it('lets a record of this format or an earlier one through', () => {
		expect(() => checkFormat({ format: 2 }, 2, 'environments')).not.toThrow();
		expect(() => checkFormat({}, 2, 'environments')).not.toThrow();
	});

	it('refuses a record of a newer format, saying so in plain words', () => {
		let thrown: unknown;
		try {
			checkFormat({ format: 3 }, 2, 'reading plans');
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(NewerData);
		expect((thrown as NewerData).format).toBe(3);
		expect((thrown as NewerData).message).toBe(
			'Your reading plans were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(newerMessage('followed orders')).toMatch(/^Your followed orders were saved by a newer/);
	});
});
