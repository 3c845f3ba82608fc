// The build's side of the study data (scripts/bible-study-plugin.ts): every file a study tool
// reads is there, and none is inlined into the code as a data: URL (the page's CSP has no
// connect-src data:), whatever the app's own inline rule says of other assets.
import type { UserConfig } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PARTS } from '$lib/bible/study/offline';
import { bibleStudyPlugin } from '../../../../scripts/bible-study-plugin';
import { studyFiles } from './memory-source';

type InlineLimit = (file: string, content: Buffer) => boolean | undefined;

function inlineRule(own: UserConfig['build']) {
	const hook = bibleStudyPlugin().config as (config: UserConfig) => UserConfig;
	return hook({ build: own }).build!.assetsInlineLimit as InlineLimit;
}

// Reading and splitting the whole data takes seconds on a busy machine: once, before the tests.
beforeAll(() => void studyFiles(), 60_000);

describe('bible study plugin', () => {
	it('never inlines a study file, however small, and leaves other assets to the app', () => {
		const tiny = Buffer.from('{}');
		const appRule = inlineRule({
			assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined)
		});
		expect(appRule('/app/generated/bible-study/topics/X.json', tiny)).toBe(false);
		expect(appRule('/app/src/icon.svg', tiny)).toBe(false);
		expect(appRule('/app/src/font.woff2', tiny)).toBeUndefined();
		expect(inlineRule({ assetsInlineLimit: 10 })('/app/src/a.png', tiny)).toBe(true);
		expect(inlineRule(undefined)('/app/src/a.png', tiny)).toBeUndefined();
	});

	it('splits the data into 66 KJV books, the dictionaries, the commentaries and the topics', () => {
		const files = [...studyFiles().keys()];
		expect(files.filter((f) => /^kjv\/(?!index)/.test(f))).toHaveLength(66);
		expect(files.filter((f) => f.startsWith('strongs/G-'))).toHaveLength(12);
		expect(files.filter((f) => f.startsWith('strongs/H-'))).toHaveLength(18);
		expect(files.filter((f) => f.startsWith('commentary/mhcc/'))).toHaveLength(66);
		// The Treasury of David's Psalms (11.9 MB) is split by psalm.
		expect(files.filter((f) => f.startsWith('commentary/tdavid/'))).toHaveLength(150);
		expect(files).toContain('commentary/tdavid/Ps/119.json');
		expect(files.filter((f) => f.startsWith('topics/'))).toContain('topics/names.json');
		// Every file belongs to a part that can be downloaded for offline use.
		expect(files.filter((f) => !STUDY_PARTS.some((p) => p.has(f)))).toEqual([]);
	});
});
