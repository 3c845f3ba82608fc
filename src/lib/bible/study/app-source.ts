// The study data source the app reads: the browser's (browser-source.ts: the build's JSON assets,
// or what this device kept), loaded only when a study tool is first used, so nothing of the study
// data is in a page's first load; in the unit tests, one they give (the same files made in memory).
import type { StudySource } from './source';

let current: Promise<StudySource> | undefined;

/** The study data source, loading the browser's on first use. */
export function studySource(): Promise<StudySource> {
	current ??= import('./browser-source').then((m) => m.browserStudySource());
	current.catch(() => (current = undefined));
	return current;
}

/** Tests (and another host) give their own source. */
export function useStudySource(source: StudySource | undefined): void {
	current = source && Promise.resolve(source);
}
