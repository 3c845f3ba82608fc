// Lists of verse numbers as the study data stores them: ascending, as base-36 gaps.

/** Verse numbers (0 = the text's first verse, Gen 1:1 in the KJV), ascending (a verse may repeat), as base-36 gaps separated by commas. */
export function encodeVerseList(ordinals: readonly number[]): string {
	const gaps: string[] = [];
	let last = -1;
	for (const n of ordinals) {
		gaps.push((n - last).toString(36));
		last = n;
	}
	return gaps.join(',');
}

export function decodeVerseList(encoded: string): number[] {
	let last = -1;
	return encoded ? encoded.split(',').map((gap) => (last += parseInt(gap, 36))) : [];
}
