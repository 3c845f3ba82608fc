import { describe, expect, it } from 'vitest';
import { CODEHOST_RULES, nullBooleans, nullParams } from '$lib/codehost/contract/rules';

const IDS =
	`ROOT-1 VER-1 ID-1 ID-2 BOOL-1 BOOL-2 EP-1 EP-2 EP-3 EP-4 EP-5 EP-6 EP-7 EP-8 EP-9 EP-10 EP-11 EP-12 EP-13 EP-14 EP-15
PATH-1 PATH-2 PATH-3 PATH-4 PAY-1 PAY-2 PAY-3 PAY-4 PAY-5 PAY-6 PAY-7 CT-1 CT-2 OFF-1 OFF-2 OFF-3 OFF-4 OFF-5 OFF-6 OFF-7
KEY-1 KEY-2 KEY-3 KEY-4 KEY-5 KEY-6 REDIR-1 AUTH-0 AUTH-1 AUTH-2 AUTH-3 AUTH-4 AUTH-5 AUTH-6 SUDO-1 SUDO-2 SUDO-3 SUDO-4
SUDO-5 SUDO-6 ST-1 ST-2 ERR-1 ERR-2 ERR-3 ERR-4 SPAM-1 SPAM-2 SPAM-3 LIM-1`
		.split(/\s+/)
		.map((id) => `CH-${id}`);

describe('the rules the explorer shows', () => {
	it('every CH-* rule of the contract is listed with what the explorer does (server-side ones shown)', () => {
		expect(CODEHOST_RULES.map((r) => r.id)).toEqual(IDS);
		for (const r of CODEHOST_RULES) expect(r.explorer.length, r.id).toBeGreaterThan(3);
	});

	it('CH-BOOL-1: null booleans in a response are found, to be shown as false', () => {
		expect(
			nullBooleans([{ archived: null, description: null, nested: { confidential: null } }])
		).toEqual(['0.archived', '0.nested.confidential']);
	});

	it('CH-BOOL-2: null request arguments are found for the lint', () => {
		expect(nullParams({ a: true, b: null, c: { d: null } })).toEqual(['b', 'c.d']);
	});
});
