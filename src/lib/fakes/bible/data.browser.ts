// In the browser the index is part of the demo code and each book is a content-hashed JSON asset
// (generated/demo-bible/, written at build time by scripts/demo-bible-plugin.ts), fetched the first
// time a request needs it: a chapter costs one book. As build files they are in the service worker's
// manifest, so each is cached on first use and works offline after.
import { hintFor } from '$lib/http/hints';
import { ApiProblem } from '$lib/http/problem';
import type { DemoBibleData, ReadBookOptions } from './data';
import type { DemoBookFile, DemoIndex } from './demo-data';
import { demoBookUrls, takePreloadedBook } from './names';

// The Greek and Hebrew texts' books: named here, in the demo's own code, not in the reader's.
const lateUrls = import.meta.glob<string>('/generated/demo-bible/{SBLGNT,WLC}/*.json', {
	eager: true,
	query: '?url',
	import: 'default'
});
const lateBookUrls = new Map(
	Object.entries(lateUrls).map(([path, url]) => [path.replace(/^.*\/demo-bible\//, ''), url])
);

const indexes = import.meta.glob<DemoIndex>('/generated/demo-bible/index.json', {
	eager: true,
	import: 'default'
});

export async function openDemoBible(): Promise<DemoBibleData> {
	const index = Object.values(indexes)[0];
	if (!index)
		throw new Error('The demo Bible index was not built (see scripts/demo-bible-plugin.ts).');
	return { index, readBook };
}

const DEFAULT_STALL_MS = 15_000;

function unavailable(message: string, cause?: unknown): ApiProblem {
	return new ApiProblem({
		kind: 'network',
		message,
		hint:
			typeof navigator !== 'undefined' && !navigator.onLine
				? hintFor({ kind: 'network' })
				: 'Check your connection, then try again.',
		cause,
		demoFailure: true
	});
}

async function readBook(file: string, options: ReadBookOptions = {}): Promise<DemoBookFile> {
	const url = demoBookUrls.get(file) ?? lateBookUrls.get(file);
	if (!url) throw unavailable(`The demo Bible has no file ${file}.`);
	const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
	const abort = new AbortController();
	let stalled = false;
	let timer: ReturnType<typeof setTimeout> | undefined;
	let body: ReadableStreamDefaultReader<Uint8Array> | undefined;
	const arm = () => {
		clearTimeout(timer);
		timer = setTimeout(() => {
			stalled = true;
			abort.abort();
			void body?.cancel().catch(() => {});
		}, stallMs);
	};
	arm();
	try {
		const response = await new Promise<Response>((resolve, reject) => {
			abort.signal.addEventListener('abort', () => reject(new Error('stalled')), { once: true });
			const preloaded = takePreloadedBook(file);
			(preloaded
				? preloaded.catch(() => fetch(url, { signal: abort.signal }))
				: fetch(url, { signal: abort.signal })
			).then(resolve, reject);
		});
		if (!response.ok)
			throw unavailable(
				`The demo Bible text could not be loaded (${response.status}). Reload the page: a new version of the app may have been published.`
			);
		const reader = (body = response.body!.getReader());
		const chunks: Uint8Array[] = [];
		let loaded = 0;
		for (;;) {
			const { done, value } = await reader.read();
			if (done || stalled) break;
			arm();
			chunks.push(value);
			loaded += value.length;
			options.onProgress?.(loaded);
		}
		const bytes = new Uint8Array(loaded);
		let at = 0;
		for (const chunk of chunks) {
			bytes.set(chunk, at);
			at += chunk.length;
		}
		if (stalled) throw new Error('stalled');
		return JSON.parse(new TextDecoder().decode(bytes)) as DemoBookFile;
	} catch (error) {
		if (error instanceof ApiProblem) throw error;
		if (stalled)
			throw new ApiProblem({
				kind: 'timeout',
				message: `The demo Bible stopped arriving: nothing came for ${Math.round(stallMs / 1000)} s.`,
				hint: 'The connection is slow or has dropped. Check it, then try again.',
				cause: error,
				demoFailure: true
			});
		throw unavailable(
			'The demo Bible text could not be loaded: the network did not answer.',
			error
		);
	} finally {
		clearTimeout(timer);
	}
}
