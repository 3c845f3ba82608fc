// A comment's paragraphs as the reader shows them: the lines the commentary uses as headings
// ("Chapter Outline", "Verses 1-8", "Psalm 23 OVERVIEW") become headings, the chapter's own title
// ("Chapter 3", said already by the panel's heading) is left out, and the rest stay paragraphs.

export type CommentBlock = { kind: 'heading' | 'paragraph'; text: string };

const TITLE = /^Chapter \d+$/i;
const HEADING = /^(Chapter Outline|Verses? \d+(\s*[-–]\s*\d+)?|.{1,60}\bOVERVIEW)$/i;

export function commentBlocks(paragraphs: readonly string[]): CommentBlock[] {
	return paragraphs
		.map((p) => p.trim())
		.filter((p) => p && !TITLE.test(p))
		.map((text) => ({ kind: HEADING.test(text) ? 'heading' : 'paragraph', text }));
}
