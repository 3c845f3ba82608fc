// The committed extraction of `npm run bible-original-data` (data/bible-study/original-*.json.br),
// read once, and split as the build splits it, held in memory: the lookups run on the real data.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import type { OriginalFile } from '$lib/bible/original/format';
import { splitOriginalData } from '$lib/bible/original/split';
import { memoized, type StudySource } from '$lib/bible/study/source';

const cache = new Map<string, OriginalFile>();

export function originalFile(name: 'sblgnt' | 'wlc'): OriginalFile {
	let file = cache.get(name);
	if (!file) {
		const url = new URL(`../../../../data/bible-study/original-${name}.json.br`, import.meta.url);
		file = JSON.parse(brotliDecompressSync(readFileSync(url)).toString('utf8')) as OriginalFile;
		cache.set(name, file);
	}
	return file;
}

let files: Map<string, unknown> | undefined;

export function originalFiles(): Map<string, unknown> {
	files ??= new Map([
		...splitOriginalData(originalFile('sblgnt')),
		...splitOriginalData(originalFile('wlc'))
	]);
	return files;
}

/** A source over the split files; `reads` lists each file read. */
export function originalSource(reads: string[] = []): StudySource {
	const all = originalFiles();
	return memoized(
		async (file) => {
			reads.push(file);
			if (!all.has(file)) throw new Error(`no file ${file}`);
			return structuredClone(all.get(file));
		},
		(file) => all.has(file)
	);
}
