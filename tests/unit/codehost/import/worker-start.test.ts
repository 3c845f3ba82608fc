// How the page starts the import worker (what the worker answers is import.worker's).
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.resetModules();
});

describe('the import worker', () => {
	it('is started as a module worker named "import", from its own file', async () => {
		const started: { url: URL; options: WorkerOptions }[] = [];
		vi.stubGlobal(
			'Worker',
			class {
				constructor(url: URL, options: WorkerOptions) {
					started.push({ url, options });
				}
			}
		);
		const { startImportWorker } = await import('$lib/codehost/import/worker-start');
		startImportWorker();
		expect(started).toHaveLength(1);
		expect(String(started[0]!.url)).toMatch(/\/import\.worker\.ts$/);
		expect(started[0]!.options).toEqual({ type: 'module', name: 'import' });
	});
});
