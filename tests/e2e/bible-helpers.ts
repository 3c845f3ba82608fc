import type { Locator, Page } from '@playwright/test';
import { FAKE_URLS, setLive } from './fixtures';

/** Switches the Bible area to Live, on the local fake server over loopback HTTP. */
export async function goLiveBible(page: Page) {
	await setLive(page, 'Bible', FAKE_URLS.bible);
}

/** The 66 books' OSIS refs and chapter counts, for files of many distinct verses. */
const BOOKS: [string, number][] = [
	['Gen', 50],
	['Exod', 40],
	['Lev', 27],
	['Num', 36],
	['Deut', 34],
	['Josh', 24],
	['Judg', 21],
	['Ruth', 4],
	['1Sam', 31],
	['2Sam', 24],
	['1Kgs', 22],
	['2Kgs', 25],
	['1Chr', 29],
	['2Chr', 36],
	['Ezra', 10],
	['Neh', 13],
	['Esth', 10],
	['Job', 42],
	['Ps', 150],
	['Prov', 31],
	['Eccl', 12],
	['Song', 8],
	['Isa', 66],
	['Jer', 52],
	['Lam', 5],
	['Ezek', 48],
	['Dan', 12],
	['Hos', 14],
	['Joel', 3],
	['Amos', 9],
	['Obad', 1],
	['Jonah', 4],
	['Mic', 7],
	['Nah', 3],
	['Hab', 3],
	['Zeph', 3],
	['Hag', 2],
	['Zech', 14],
	['Mal', 4],
	['Matt', 28],
	['Mark', 16],
	['Luke', 24],
	['John', 21],
	['Acts', 28],
	['Rom', 16],
	['1Cor', 16],
	['2Cor', 13],
	['Gal', 6],
	['Eph', 6],
	['Phil', 4],
	['Col', 4],
	['1Thess', 5],
	['2Thess', 3],
	['1Tim', 6],
	['2Tim', 4],
	['Titus', 3],
	['Phlm', 1],
	['Heb', 13],
	['Jas', 5],
	['1Pet', 5],
	['2Pet', 3],
	['1John', 5],
	['2John', 1],
	['3John', 1],
	['Jude', 1],
	['Rev', 22]
];

/**
 * A notes file as big as the format allows in practice: `count` distinct verses (verse 1 of every
 * chapter, then verse 2, …), compact JSON, each with a short note, every other one labelled. 31,000
 * of them make 4.8 MB, under the 5 MB limit: the file the attack on the landed app imported.
 */
export function bigNotesFile(count = 31_000): string {
	const notes: Record<string, unknown>[] = [];
	outer: for (let verse = 1; verse <= 200; verse++)
		for (const [book, chapters] of BOOKS)
			for (let chapter = 1; chapter <= chapters; chapter++) {
				if (notes.length >= count) break outer;
				const i = notes.length;
				notes.push({
					book,
					chapter,
					verse,
					bookmark: i % 3 === 0,
					...(i % 4 === 0 && { highlight: 'yellow' }),
					note: `Note ${i}: read again`,
					labels: i % 2 ? ['study'] : [],
					created: '2024-01-01',
					updated: '2024-01-02'
				});
			}
	return JSON.stringify({
		format: 'api-workbench-bible-notes',
		version: 1,
		exported: '2024-01-03T00:00:00.000Z',
		notes
	});
}

/** On a phone the reader's options (theme, marks, My notes, plans) are behind "Reading options". */
export async function openReadingOptions(page: Page) {
	// The toolbar drawn first: isVisible() does not wait, and before it a phone's "Reading options"
	// was not there yet and the menu stayed shut (the page is drawn sooner since it carries its CSS).
	await page.getByRole('button', { name: 'Next chapter' }).first().waitFor();
	const more = page.getByRole('button', { name: 'Reading options' });
	if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true')
		await more.click();
}

/**
 * How a menu shows its chosen name on the screen: the name drawn whole (on as many lines as it
 * takes) within the screen, and the menu itself under a finger that taps the name. A select that
 * cuts its text ("World Englis") draws no such text: null.
 */
export async function shownName(menu: Locator, name: string) {
	await menu.scrollIntoViewIfNeeded();
	return menu.evaluate((select, name) => {
		const width = document.documentElement.clientWidth;
		// The name is looked for by the menu, in its label: the same name may stand elsewhere.
		const walker = document.createTreeWalker(
			select.closest('label') ?? document.body,
			NodeFilter.SHOW_TEXT
		);
		for (let n = walker.nextNode(); n; n = walker.nextNode()) {
			if (n.textContent!.trim() !== name || n.parentElement!.closest('option')) continue;
			const range = document.createRange();
			range.selectNodeContents(n);
			const rects = [...range.getClientRects()].filter((r) => r.width > 0);
			if (!rects.length) continue;
			const box = n.parentElement!;
			const first = rects[0]!;
			const under = document.elementFromPoint(
				first.left + first.width / 2,
				first.top + first.height / 2
			);
			return {
				whole: box.scrollWidth <= box.clientWidth + 1,
				onScreen: rects.every((r) => r.left >= 0 && r.right <= width + 1),
				tapOpensMenu: under === select
			};
		}
		return null;
	}, name);
}
