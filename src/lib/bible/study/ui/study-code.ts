// The study tools' code and the study data's source, loaded ahead of need: a page that has them
// in memory can open a chapter offline for the first time and still draw its tools (the Greek
// and Hebrew words, the interlinear) from what this device kept, even with no service worker.

/** Loads the study tools' code; resolves once it is in the page. */
export const loadStudyCode = (): Promise<void> =>
	Promise.all([import('./study-parts.svelte'), import('../browser-source')]).then(() => undefined);
