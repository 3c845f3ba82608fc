// The study tools' code loaded ahead (study-code.ts), so a chapter first opened offline still
// draws its tools: both modules are asked for, and a failure is the caller's to see.
import { afterEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ parts: vi.fn(), source: vi.fn() }));
vi.mock('$lib/bible/study/ui/study-parts.svelte', () => {
	loaded.parts();
	return {};
});
vi.mock('$lib/bible/study/browser-source', () => {
	loaded.source();
	return {};
});

afterEach(() => vi.resetModules());

describe('loading the study tools’ code ahead', () => {
	it('loads the tools’ components and the study data’s source', async () => {
		const { loadStudyCode } = await import('$lib/bible/study/ui/study-code');
		await expect(loadStudyCode()).resolves.toBeUndefined();
		expect(loaded.parts).toHaveBeenCalledTimes(1);
		expect(loaded.source).toHaveBeenCalledTimes(1);
	});
});
