// Writes the Bible study data as the browser loads it, before Vite reads it: generated/bible-study/
// holds the files src/lib/bible/study/split.ts describes (a book of the KJV with Strong's numbers,
// a range of a dictionary, a book of a commentary, a letter of the topics), each a JSON asset that
// src/lib/bible/study/browser-source.ts names with import.meta.glob. As JSON assets they are
// content-hashed, never precached by the service worker (it keeps them on first use), and never
// inlined into the code. Rewritten only when data/bible-study/ changes.
import { createHash } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	writeFileSync
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { splitStudyData, type StudySources } from '../src/lib/bible/study/split';

export const STUDY_DATA_DIR = 'data/bible-study';
export const STUDY_BUILD_DIR = 'generated/bible-study';

const read = <T>(root: string, name: string): T =>
	JSON.parse(
		brotliDecompressSync(readFileSync(resolve(root, STUDY_DATA_DIR, `${name}.json.br`))).toString(
			'utf8'
		)
	) as T;

/** The committed extraction (`npm run bible-study-data`), read back. */
export function loadStudySources(root = process.cwd()): StudySources {
	return {
		kjv: read(root, 'kjv-strongs'),
		greek: read(root, 'strongs-greek'),
		hebrew: read(root, 'strongs-hebrew'),
		commentaries: {
			mhcc: read(root, 'commentary-mhcc'),
			scofield: read(root, 'commentary-scofield'),
			tdavid: read(root, 'commentary-tdavid')
		},
		topics: read(root, 'naves'),
		// `npm run bible-original-data` (scripts/bible-original-data.ts)
		original: [read(root, 'original-sblgnt'), read(root, 'original-wlc')]
	};
}

export function writeStudyData(root: string): boolean {
	const dir = resolve(root, STUDY_BUILD_DIR);
	const data = resolve(root, STUDY_DATA_DIR);
	const hash = createHash('sha256').update('split-3');
	for (const file of readdirSync(data).sort())
		hash
			.update(file)
			.update('\0')
			.update(readFileSync(join(data, file)));
	const stamp = hash.digest('hex');
	const stampFile = join(dir, '.stamp');
	if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
	// Written beside, then swapped in: a build reading the folder never sees half of it.
	const next = `${dir}.${process.pid}.tmp`;
	rmSync(next, { recursive: true, force: true });
	for (const [file, value] of splitStudyData(loadStudySources(root))) {
		mkdirSync(dirname(join(next, file)), { recursive: true });
		writeFileSync(join(next, file), JSON.stringify(value));
	}
	writeFileSync(join(next, '.stamp'), stamp);
	rmSync(dir, { recursive: true, force: true });
	renameSync(next, dir);
	return true;
}

export function bibleStudyPlugin(): Plugin {
	let root = process.cwd();
	let written = false;
	return {
		name: 'bible-study-data',
		config(config) {
			// Study files stay files, however small (a data: URL would need connect-src data:); any
			// other asset is decided as the app's own config says.
			const own = config.build?.assetsInlineLimit;
			return {
				build: {
					assetsInlineLimit: (file: string, content: Buffer) => {
						if (file.includes(`/${STUDY_BUILD_DIR}/`)) return false;
						if (typeof own === 'function') return own(file, content);
						return typeof own === 'number' ? content.length < own : undefined;
					}
				}
			};
		},
		configResolved(config) {
			root = config.root;
		},
		buildStart() {
			if (!written) writeStudyData(root);
			written = true;
		}
	};
}
