/** Starts the import worker (import.worker.ts): a module worker, bundled by Vite as its own file. */
export function startImportWorker(): Worker {
	return new Worker(new URL('./import.worker.ts', import.meta.url), {
		type: 'module',
		name: 'import'
	});
}
