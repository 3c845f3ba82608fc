import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepAboveSheet, releaseSheet } from '$lib/bible/verse-actions/sheet';
import { asHtml, FakeElement, type Box } from '../fake-dom';

/** A phone's screen: 400 × 800. The sheet takes its lower half; the room above it ends at 392. */
const SCREEN = { width: 400, height: 800 };
const ROOM = 392;

let body: { style: { paddingBottom: string } };
let scrollBy: ReturnType<typeof vi.fn>;

beforeEach(() => {
	body = { style: { paddingBottom: '' } };
	scrollBy = vi.fn();
	vi.stubGlobal('document', { body });
	vi.stubGlobal('window', { innerWidth: SCREEN.width, innerHeight: SCREEN.height, scrollBy });
});
afterEach(() => vi.unstubAllGlobals());

const box = (top: number, height: number, width = SCREEN.width): Box => ({
	top,
	bottom: top + height,
	height,
	width
});

/** A dialog drawn as a sheet along the bottom of the screen, the whole width. */
function sheetDialog(bottom = SCREEN.height, width = SCREEN.width) {
	const dialog = new FakeElement('dialog');
	dialog.box = { top: bottom - 300, bottom, height: 300, width };
	return dialog;
}

/** A verse (its row) at `verseBox`, and the Actions button inside it that opened the sheet. */
function verseWithButton(verseBox: Box) {
	const verse = new FakeElement('div', { role: 'row', 'data-verse': 'JHN.3.16' });
	verse.box = verseBox;
	const button = new FakeElement('button', {}, verse);
	button.box = box(verseBox.top, 20, 40);
	return { verse, button };
}

describe('Verse actions as a sheet: the verse stays above it', () => {
	it('a verse under the sheet is scrolled into the middle of the room above it, and the page gets room at its end', () => {
		const { button } = verseWithButton(box(600, 100));
		keepAboveSheet(asHtml(button), asHtml(sheetDialog()));
		expect(body.style.paddingBottom).toBe('calc(50dvh + 8px)');
		// Its top at (392 − 100) / 2 = 146: 454 px up.
		expect(scrollBy).toHaveBeenCalledExactlyOnceWith({ top: 454, behavior: 'instant' });
	});

	it('a verse above the screen’s top is scrolled down into the room', () => {
		const { button } = verseWithButton(box(-300, 60));
		keepAboveSheet(asHtml(button), asHtml(sheetDialog()));
		expect(scrollBy).toHaveBeenCalledExactlyOnceWith({
			top: -300 - (ROOM - 60) / 2,
			behavior: 'instant'
		});
	});

	it('a verse too tall for the middle goes just below the screen’s top', () => {
		const { button } = verseWithButton(box(500, 600));
		keepAboveSheet(asHtml(button), asHtml(sheetDialog()));
		expect(scrollBy).toHaveBeenCalledExactlyOnceWith({ top: 492, behavior: 'instant' });
		scrollBy.mockClear();
		// Nearly the room's height: the middle would be under the gap at the top, so the gap wins.
		const nearly = verseWithButton(box(500, ROOM - 10));
		keepAboveSheet(asHtml(nearly.button), asHtml(sheetDialog()));
		expect(scrollBy).toHaveBeenCalledExactlyOnceWith({ top: 492, behavior: 'instant' });
	});

	it('a verse already in the room is not moved, from 8 px below the top to the room’s end', () => {
		for (const [top, height] of [
			[8, ROOM - 8],
			[100, 50],
			[300, ROOM - 300]
		] as const) {
			const { button } = verseWithButton(box(top, height));
			keepAboveSheet(asHtml(button), asHtml(sheetDialog()));
		}
		expect(scrollBy).not.toHaveBeenCalled();
		expect(body.style.paddingBottom).toBe('calc(50dvh + 8px)');
	});

	it('a verse a pixel into the gap at the top or under the sheet is moved', () => {
		const high = verseWithButton(box(7, 50));
		keepAboveSheet(asHtml(high.button), asHtml(sheetDialog()));
		const low = verseWithButton(box(300, ROOM - 300 + 1));
		keepAboveSheet(asHtml(low.button), asHtml(sheetDialog()));
		expect(scrollBy).toHaveBeenCalledTimes(2);
	});

	it('uses the verse the control is in, or the element itself when it is in none', () => {
		const { button } = verseWithButton(box(100, 50));
		button.box = box(600, 20);
		keepAboveSheet(asHtml(button), asHtml(sheetDialog()));
		expect(scrollBy).not.toHaveBeenCalled();
		// A verse marked only by data-verse (no row) counts too.
		const verse = new FakeElement('span', { 'data-verse': '16' });
		verse.box = box(100, 50);
		const link = new FakeElement('a', {}, verse);
		link.box = box(600, 20);
		keepAboveSheet(asHtml(link), asHtml(sheetDialog()));
		expect(scrollBy).not.toHaveBeenCalled();
		const alone = new FakeElement('button');
		alone.box = box(600, 20);
		keepAboveSheet(asHtml(alone), asHtml(sheetDialog()));
		expect(scrollBy).toHaveBeenCalledExactlyOnceWith({
			top: 600 - (ROOM - 20) / 2,
			behavior: 'instant'
		});
	});

	it('a dialog that is not a sheet (not at the bottom, or narrower than the screen) changes nothing', () => {
		const { button } = verseWithButton(box(600, 100));
		keepAboveSheet(asHtml(button), asHtml(sheetDialog(SCREEN.height - 2)));
		keepAboveSheet(asHtml(button), asHtml(sheetDialog(SCREEN.height, SCREEN.width - 2)));
		expect(scrollBy).not.toHaveBeenCalled();
		expect(body.style.paddingBottom).toBe('');
	});

	it('a sheet within a pixel of the screen’s bottom and width (rounding) is still a sheet', () => {
		const { button } = verseWithButton(box(600, 100));
		keepAboveSheet(asHtml(button), asHtml(sheetDialog(SCREEN.height - 1, SCREEN.width - 1)));
		expect(scrollBy).toHaveBeenCalledOnce();
	});

	it('closing the sheet takes the room at the page’s end away again', () => {
		const { button } = verseWithButton(box(100, 50));
		keepAboveSheet(asHtml(button), asHtml(sheetDialog()));
		expect(body.style.paddingBottom).not.toBe('');
		releaseSheet();
		expect(body.style.paddingBottom).toBe('');
	});
});
