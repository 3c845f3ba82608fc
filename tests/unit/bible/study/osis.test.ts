// The SWORD modules' markup turned into the study data's plain text (scripts/bible-study-osis.ts),
// on the shapes the Treasury of David uses: milestone paragraphs, titles, italics, references and
// verse lines.
import { describe, expect, it } from 'vitest';
import { commentaryText } from '../../../../scripts/bible-study-osis';

describe('a commentary entry as plain paragraphs', () => {
	it("reads the Treasury of David's markup: titles and milestone paragraphs start paragraphs", () => {
		const osis =
			'<div type="x-milestone" subType="x-preverse" sID="pv23"/><title type="x-s">Psalm 23 OVERVIEW</title> <div sID="gen2877" type="x-p"/> <div type="x-milestone" subType="x-preverse" eID="pv23"/><hi type="italic">It is David\'s</hi> Heavenly Pastoral; <hi type="italic">a surpassing ode.</hi> <div eID="gen2877" type="x-p"/><div sID="gen2878" type="x-p"/>See <reference osisRef="John.10.27">John 10:27</reference>. <hi type="italic">Samuel Smith.</hi><div eID="gen2878" type="x-p"/>';
		expect(commentaryText(osis).split('\n\n')).toEqual([
			'Psalm 23 OVERVIEW',
			"It is David's Heavenly Pastoral; a surpassing ode.",
			'See John 10:27. Samuel Smith.'
		]);
	});

	it('keeps each line of verse as its own line, and decodes entities', () => {
		const osis =
			'<lg><l>"In sacred silence of the mind</l><l>My heaven, and there my God I find."</l></lg>Dirt, &amp;c., thrown at me.';
		expect(commentaryText(osis).split('\n\n')).toEqual([
			'"In sacred silence of the mind',
			'My heaven, and there my God I find."',
			'Dirt, &c., thrown at me.'
		]);
	});
});
