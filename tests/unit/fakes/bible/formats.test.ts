import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toXml } from '$lib/fakes/bible/formats';
import { carried, hostileText, parseXml } from '../../well-formed-xml';

describe("the demo Bible service's XML answer (BI-FMT-1)", () => {
	it('BI-FMT-1: any text in any value makes well-formed XML that reads back as that text', () => {
		fc.assert(
			fc.property(hostileText, fc.array(hostileText, { maxLength: 3 }), (message, verses) => {
				const { elements } = parseXml(
					toXml({ success: true, message, data: { verses, chapter: 3, next: null } })
				);
				const text = (name: string) => elements.filter((e) => e.name === name).map((e) => e.text);
				expect(elements[0]!.name).toBe('response');
				expect(text('message')).toEqual([carried(message)]);
				expect(text('item')).toEqual(verses.map(carried));
				expect(text('chapter')).toEqual(['3']);
			}),
			{ numRuns: 300 }
		);
	});
});
