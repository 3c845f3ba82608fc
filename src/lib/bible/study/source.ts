// What a source of the study data is: in the app, the build's JSON assets (browser-source.ts,
// loaded by app-source.ts only when a study tool is first used); in the unit tests, the same files made
// in memory. Each file is read once; a failed read is tried again next time.

export interface StudySource {
	/** A file of the split study data (see split.ts), parsed: "kjv/John.json". */
	read(file: string): Promise<unknown>;
	/** Whether the data has that file (a book the KJV or a commentary lacks has none). */
	has(file: string): boolean;
}

/** A source's files, each read once (its failure forgotten, so the next try reads again). */
export function memoized(
	read: (file: string) => Promise<unknown>,
	has: (file: string) => boolean
): StudySource {
	const files = new Map<string, Promise<unknown>>();
	return {
		has,
		read(file) {
			let got = files.get(file);
			if (!got) {
				got = read(file);
				files.set(file, got);
				got.catch(() => files.delete(file));
			}
			return got;
		}
	};
}
