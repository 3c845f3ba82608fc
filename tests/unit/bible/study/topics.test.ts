// The study lookups over the split data, as the browser reads it (see strongs.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { memorySource, studyFiles } from './memory-source';
import { parsePassageRef, passageVerses, readTopic, searchTopics } from '$lib/bible/study/topics';

// Reading and splitting the whole data takes a few seconds on a busy machine: once, before the tests.
beforeAll(() => void studyFiles(), 60_000);

describe('Topics', () => {
	it('"faith" finds FAITH first, then the topics that contain the word', async () => {
		const reads: string[] = [];
		const { names, total } = await searchTopics(memorySource(reads), 'faith');
		expect(reads).toEqual(['topics/names.json']);
		expect(names[0]).toBe('FAITH');
		expect(names.every((n) => n.includes('FAITH'))).toBe(true);
		expect(total).toBeGreaterThanOrEqual(names.length);
		expect((await searchTopics(memorySource(), '   ')).names).toEqual([]);
		expect((await searchTopics(memorySource(), 'zzzzqq')).total).toBe(0);
	});

	it('a topic reads its letter only, and its references become verses of the KJV', async () => {
		const reads: string[] = [];
		const source = memorySource(reads);
		const faith = (await readTopic(source, 'FAITH'))!;
		expect(reads).toEqual(['topics/F.json']);
		expect(faith.entries[0]!.label).toBe('General scriptures concerning');
		const eph = faith.entries[0]!.refs.find((r) => r.osis === 'Eph.2.8')!;
		const verses = await passageVerses(source, eph);
		expect(verses).toEqual([
			{
				verse: { bookRef: 'Eph', chapter: 2, verse: 8 },
				text: 'For by grace are ye saved through faith; and that not of yourselves: [it is] the gift of God:'
			}
		]);
		expect(await readTopic(source, 'NO SUCH TOPIC')).toBeUndefined();
	});

	it('reads verse, range and chapter references', () => {
		expect(parsePassageRef('Ps.5.11')).toEqual({
			osis: 'Ps.5.11',
			bookRef: 'Ps',
			chapter: 5,
			from: 11,
			to: 11
		});
		expect(parsePassageRef('Exod.6.16-Exod.6.20')).toMatchObject({ chapter: 6, from: 16, to: 20 });
		expect(parsePassageRef('1Chr.6.50-1Chr.6.53')).toMatchObject({
			bookRef: '1Chr',
			from: 50,
			to: 53
		});
		expect(parsePassageRef('Num.17')).toEqual({ osis: 'Num.17', bookRef: 'Num', chapter: 17 });
		expect(parsePassageRef('nonsense')).toBeUndefined();
	});

	it('a whole-chapter reference gives the chapter, up to the limit', async () => {
		const verses = await passageVerses(memorySource(), parsePassageRef('Num.17')!);
		expect(verses).toHaveLength(13);
		const capped = await passageVerses(memorySource(), parsePassageRef('Ps.119')!, 40);
		expect(capped).toHaveLength(40);
	});
});
