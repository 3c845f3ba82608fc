import type { DemoBookFile, DemoIndex } from './demo-data';

/** Bytes of a book file received so far, of `total` (its uncompressed size). */
export interface LoadProgress {
	loaded: number;
	total: number;
}

export interface ReadBookOptions {
	/** Bytes received so far (uncompressed). */
	onProgress?: (loaded: number) => void;
	/** Give up when no byte has arrived for this long (the file is data, not a request). */
	stallMs?: number;
}

/** Where the demo Bible's index and book files come from: assets in the browser, packages in Node. */
export interface DemoBibleData {
	index: DemoIndex;
	readBook(file: string, options?: ReadBookOptions): Promise<DemoBookFile>;
}
