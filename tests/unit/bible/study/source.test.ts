// A study data source reads each file once; a failed read is tried again next time.
import { describe, expect, it } from 'vitest';
import { memoized } from '$lib/bible/study/source';

describe('a study data source', () => {
	it('reads each file once, however often and however soon it is asked for', async () => {
		const reads: string[] = [];
		const source = memoized(
			async (file) => {
				reads.push(file);
				return { file };
			},
			(file) => file.startsWith('kjv/')
		);
		const [a, b] = await Promise.all([source.read('kjv/John.json'), source.read('kjv/John.json')]);
		expect(a).toEqual({ file: 'kjv/John.json' });
		expect(b).toBe(a);
		await source.read('kjv/Jude.json');
		expect(reads).toEqual(['kjv/John.json', 'kjv/Jude.json']);
		expect(source.has('kjv/John.json')).toBe(true);
		expect(source.has('mhcc/John.json')).toBe(false);
	});

	it('forgets a failed read, so the next one tries again', async () => {
		let calls = 0;
		const source = memoized(
			async () => {
				calls++;
				if (calls === 1) throw new Error('offline');
				return 'read';
			},
			() => true
		);
		await expect(source.read('strongs/G25.json')).rejects.toThrow('offline');
		await expect(source.read('strongs/G25.json')).resolves.toBe('read');
		await expect(source.read('strongs/G25.json')).resolves.toBe('read');
		expect(calls).toBe(2);
	});
});
