// Verse actions open as a sheet along the bottom of a phone's screen: the verse they are about
// is scrolled into the part of the screen above it, never under it.

/** The sheet takes at most this share of the screen's height (its CSS says the same). */
const SHEET_SHARE = 0.5;
const GAP = 8;

/** Room below the page's end, so even the last verse can scroll above the sheet. */
function makeRoom(on: boolean): void {
	document.body.style.paddingBottom = on ? `calc(${SHEET_SHARE * 100}dvh + ${GAP}px)` : '';
}

/** Scrolls `from`'s verse above the sheet `dialog`, when the dialog is a sheet (a phone). */
export function keepAboveSheet(from: HTMLElement, dialog: HTMLElement): void {
	const sheet = dialog.getBoundingClientRect();
	if (sheet.bottom < window.innerHeight - 1 || sheet.width < window.innerWidth - 1) return;
	const verse = from.closest<HTMLElement>('[role="row"], [data-verse]') ?? from;
	makeRoom(true);
	const room = window.innerHeight * (1 - SHEET_SHARE) - GAP;
	const box = verse.getBoundingClientRect();
	if (box.top >= GAP && box.bottom <= room) return;
	// Its top just below the screen's top, or (a short verse) in the middle of the room.
	const at = box.height < room - GAP ? Math.max(GAP, (room - box.height) / 2) : GAP;
	window.scrollBy({ top: box.top - at, behavior: 'instant' });
}

export function releaseSheet(): void {
	makeRoom(false);
}
