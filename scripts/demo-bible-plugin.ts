// Writes the demo Bible as the browser loads it, before Vite reads it: generated/demo-bible/ holds
// index.json (translations and their books) and one JSON file per book of each translation folder
// (KJV/John.json, …), and names.json (translation and book names, for the reader's first frame). src/lib/fakes/bible/data.browser.ts imports the index and the books' URLs with
// import.meta.glob, so Vite content-hashes each book as an asset of the build (and the service
// worker's manifest lists it). Rewritten only when the packages' text or the split changes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { demoNames } from '../src/lib/fakes/bible/demo-data';
import { buildDemoDataFromPackages } from '../src/lib/fakes/bible/node-sources';

export const DEMO_BIBLE_DIR = 'generated/demo-bible';

export async function writeDemoBible(root: string): Promise<boolean> {
	const dir = resolve(root, DEMO_BIBLE_DIR);
	const { index, files } = await buildDemoDataFromPackages();
	const indexText = JSON.stringify(index);
	const namesText = JSON.stringify(demoNames(index));
	const hash = createHash('sha256').update(indexText).update(namesText);
	for (const [file, text] of files) hash.update(file).update('\0').update(text);
	const stamp = hash.digest('hex');
	const stampFile = join(dir, '.stamp');
	if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
	// Written beside, then swapped in: a build reading the folder never sees half of it.
	const next = `${dir}.${process.pid}.tmp`;
	rmSync(next, { recursive: true, force: true });
	for (const [file, text] of files) {
		mkdirSync(dirname(join(next, file)), { recursive: true });
		writeFileSync(join(next, file), text);
	}
	writeFileSync(join(next, 'index.json'), indexText);
	writeFileSync(join(next, 'names.json'), namesText);
	writeFileSync(join(next, '.stamp'), stamp);
	rmSync(dir, { recursive: true, force: true });
	renameSync(next, dir);
	return true;
}

export function demoBiblePlugin(): Plugin {
	let root = process.cwd();
	let written: Promise<boolean> | undefined;
	return {
		name: 'demo-bible-data',
		configResolved(config) {
			root = config.root;
		},
		async buildStart() {
			written ??= writeDemoBible(root);
			await written;
		}
	};
}
