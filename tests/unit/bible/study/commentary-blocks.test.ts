import { describe, expect, it } from 'vitest';
import { commentBlocks } from '$lib/bible/study/commentary-blocks';

describe('commentBlocks', () => {
	it("makes the commentary's own headings headings and leaves out the chapter's title", () => {
		expect(
			commentBlocks([
				'Chapter 3',
				'Chapter Outline',
				"Christ's discourse with Nicodemus.(1-21)",
				'Verses 1-8',
				'Nicodemus was afraid, or ashamed to be seen with Christ.'
			])
		).toEqual([
			{ kind: 'heading', text: 'Chapter Outline' },
			{ kind: 'paragraph', text: "Christ's discourse with Nicodemus.(1-21)" },
			{ kind: 'heading', text: 'Verses 1-8' },
			{ kind: 'paragraph', text: 'Nicodemus was afraid, or ashamed to be seen with Christ.' }
		]);
	});

	it("keeps the Treasury of David's overview as a heading and a note's words as text", () => {
		expect(commentBlocks(['Psalm 23 OVERVIEW', 'born again', ''])).toEqual([
			{ kind: 'heading', text: 'Psalm 23 OVERVIEW' },
			{ kind: 'paragraph', text: 'born again' }
		]);
	});
});
