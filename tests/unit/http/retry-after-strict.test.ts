import { expect, it } from 'vitest';
import { parseRetryAfter } from '$lib/http/retry-after';

it('answers undefined for values that are neither delta-seconds nor an HTTP date', () => {
	const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
	for (const value of ['1.5', '-5', 'foo 1']) {
		expect(parseRetryAfter(value, now), value).toBeUndefined();
	}
});

// RFC 9110 §5.6.7: the three forms of an HTTP date, all for 21 Oct 2015 07:28:30 GMT.
const FORMS = [
	'Wed, 21 Oct 2015 07:28:30 GMT', // IMF-fixdate
	'Wednesday, 21-Oct-15 07:28:30 GMT', // RFC 850
	'Wed Oct 21 07:28:30 2015' // asctime
];

it('reads each of the three HTTP-date forms to the second', () => {
	const now = Date.parse('2015-10-21T07:28:00Z');
	for (const value of FORMS) expect(parseRetryAfter(value, now), value).toBe(30_000);
	// asctime pads a one-digit day with a space.
	expect(parseRetryAfter('Thu Oct  1 07:28:30 2015', Date.parse('2015-10-01T07:28:00Z'))).toBe(
		30_000
	);
});

it('refuses an HTTP date with a digit missing or turned into a letter, or a name in lower case', () => {
	const now = Date.parse('2015-10-21T07:28:00Z');
	for (const form of FORMS) {
		const near: string[] = [];
		for (let i = 0; i < form.length; i++) {
			if (/\d/.test(form[i]!)) {
				near.push(form.slice(0, i) + form.slice(i + 1)); // a digit missing
				near.push(form.slice(0, i) + 'x' + form.slice(i + 1)); // a letter for a digit
			}
			if (/[A-Z]/.test(form[i]!) && form.slice(i, i + 3) !== 'GMT')
				near.push(form.slice(0, i) + form[i]!.toLowerCase() + form.slice(i + 1));
		}
		near.push(`${form} extra`, ` x${form}`);
		for (const value of near) expect(parseRetryAfter(value, now), value).toBeUndefined();
	}
});
