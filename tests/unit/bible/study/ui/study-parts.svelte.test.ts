// What the chapter page loads when a study tool is first turned on (study-parts.svelte.ts): the
// tools' components and their data's loaders, in one module, so none of it is in the first load.
import { describe, expect, it } from 'vitest';

describe('the study tools the chapter loads on demand', () => {
	// The first import compiles every study component: seconds on a loaded machine.
	it(
		'are the Strong’s, commentary, Word panel, interlinear and originals’ search components and the loaders of their data',
		{
			timeout: 60_000
		},
		async () => {
			const parts = await import('$lib/bible/study/ui/study-parts.svelte');
			expect(Object.keys(parts).sort()).toEqual([
				'CommentaryPanel',
				'InterlinearVerse',
				'OriginalSearch',
				'OriginalVerseText',
				'StrongsPanel',
				'StrongsPopover',
				'StrongsVerseText',
				'WordPanel',
				'loadInterlinearChapter',
				'loadOriginalChapter',
				'loadStrongsChapter'
			]);
			for (const part of Object.values(parts)) expect(part).toBeTypeOf('function');
		}
	);
});
