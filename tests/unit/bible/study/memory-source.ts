// The study data as the browser gets it (split by the build's own function), from the committed
// extraction, held in memory: the lookups run against the real data.
import { memoized, type StudySource } from '$lib/bible/study/source';
import { splitStudyData } from '$lib/bible/study/split';
import { loadStudySources } from '../../../../scripts/bible-study-plugin';

let files: Map<string, unknown> | undefined;

export function studyFiles(): Map<string, unknown> {
	files ??= splitStudyData(loadStudySources());
	return files;
}

/** A source over the split files; `reads` lists each file read (a check that loading is lazy). */
export function memorySource(reads: string[] = []): StudySource {
	const all = studyFiles();
	return memoized(
		async (file) => {
			reads.push(file);
			if (!all.has(file)) throw new Error(`no file ${file}`);
			// A copy, as a fresh JSON parse would give.
			return structuredClone(all.get(file));
		},
		(file) => all.has(file)
	);
}
