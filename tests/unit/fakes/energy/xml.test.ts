import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toXml } from '$lib/fakes/energy/xml';
import { carried, hostileText, parseXml } from '../../well-formed-xml';

describe("the demo energy service's XML answer (EN-FMT-1)", () => {
	it('EN-FMT-1: any text in any value makes well-formed XML that reads back as that text', () => {
		fc.assert(
			fc.property(hostileText, fc.array(hostileText, { maxLength: 3 }), (message, txids) => {
				const { elements } = parseXml(
					toXml({ status: 'ok', message, data: { txids, amount: 5, note: null } })
				);
				const text = (name: string) => elements.filter((e) => e.name === name).map((e) => e.text);
				expect(elements[0]!.name).toBe('response');
				expect(text('message')).toEqual([carried(message)]);
				expect(text('item')).toEqual(txids.map(carried));
				expect(text('amount')).toEqual(['5']);
				expect(text('note')).toEqual(['']);
			}),
			{ numRuns: 300 }
		);
	});
});
