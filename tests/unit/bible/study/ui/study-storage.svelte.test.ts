// Study data's lines in Storage: how a download or a delete ended is told once it has.
import { describe, expect, it, vi } from 'vitest';

vi.mock('$lib/bible/study/browser-source', () => ({
	keepStudyPart: vi.fn(async (_id: string, progress: (done: number, total: number) => void) => {
		progress(1, 1);
		return { bytes: 827_000, complete: true };
	}),
	dropStudyPart: vi.fn(async () => {})
}));

const { StudyStorage } = await import('$lib/bible/study/ui/study-storage.svelte');

describe('Study data storage lines', () => {
	it("tells a finished download and a delete, by the part's name", async () => {
		const storage = new StudyStorage();
		await storage.download('scofield');
		expect(storage.told).toBe('Scofield Reference Notes is downloaded for offline use.');
		expect(storage.lines.find((l) => l.id === 'scofield')).toMatchObject({
			record: { complete: true },
			progress: undefined
		});
		await storage.remove('scofield');
		expect(storage.told).toBe('Scofield Reference Notes is deleted from this device.');
		expect(storage.lines.find((l) => l.id === 'scofield')?.record).toBeUndefined();
	});
});
