/**
 * Faults that could lose notes: a browser that refuses IndexedDB (the reader still reads, notes
 * work for the session), a disk that is nearly full (a note that does not fit is said, the one
 * before kept, a later one that fits saved), and two tabs editing the same verse's note (neither
 * edit lost).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { nearlyFullDisk } from './full-disk';

const verseButton = (page: Page, name: string) =>
	page.getByRole('button', { name: new RegExp(`^Verse actions, ${name}\\b`) });

test('Demo, IndexedDB refused (as in a private window): John 3 is read, and notes work for the session, saying they are not kept', async ({
	page
}) => {
	await page.addInitScript(() => {
		// Every open fails, as a browser that refuses storage makes it.
		IDBFactory.prototype.open = function () {
			const request = new EventTarget() as EventTarget & Record<string, unknown>;
			Object.assign(request, {
				result: undefined,
				error: new DOMException(
					'The user denied permission to access the database.',
					'InvalidStateError'
				),
				readyState: 'done'
			});
			setTimeout(() => {
				const event = new Event('error');
				request.dispatchEvent(event);
				(request.onerror as ((e: Event) => void) | undefined)?.(event);
			});
			return request as unknown as IDBOpenDBRequest;
		};
	});
	await page.goto('/bible/KJV/John/3');
	await expect(page.getByText('For God so loved the world')).toBeVisible();
	await expect(page.getByText('Read from the server; not kept on this device')).toBeVisible();

	await verseButton(page, 'John 3:16').click();
	const dialog = page.getByRole('dialog', { name: 'John 3:16' });
	await dialog.getByRole('button', { name: 'Bookmark' }).click();
	await expect(dialog.getByRole('status')).toHaveText('John 3:16 bookmarked.');
	await dialog.getByRole('button', { name: 'Add note' }).click();
	await dialog.getByRole('textbox', { name: 'Note' }).fill('Kept for this session');
	await dialog.getByRole('button', { name: 'Save note' }).click();
	await expect(dialog.getByRole('status')).toHaveText('Note on John 3:16 saved.');
	await expect(dialog.getByRole('alert')).toHaveCount(0);
	await page.keyboard.press('Escape');
	await expect(verseButton(page, 'John 3:16')).toHaveAccessibleName(
		'Verse actions, John 3:16 (bookmarked, has a note)'
	);

	// The next chapter is read too.
	await page.getByRole('button', { name: 'Next chapter' }).first().click();
	await expect(page.getByText('When therefore the Lord knew')).toBeVisible();

	await page.getByRole('link', { name: 'My notes' }).click();
	const notes = page.getByRole('region', { name: 'My notes' });
	await expect(notes.getByRole('listitem')).toContainText('Kept for this session');
	await expect(notes).toContainText(
		'This browser does not let the app store anything, so these notes last only until this tab closes. Export them to keep a copy.'
	);
	await expect(notes.getByRole('button', { name: 'Export notes' })).toBeEnabled();
});

test('Demo, a nearly full disk: a note too long for it is not saved and says what to do; the note before stays, and a shorter one is saved', async ({
	page
}) => {
	// As Chromium fails it: the note's transaction aborts with a QuotaExceededError after the put.
	const disk = await nearlyFullDisk(page, 'bible-notes');
	await page.goto('/bible/KJV/John/3');
	await expect(page.getByText('For God so loved the world')).toBeVisible();
	await verseButton(page, 'John 3:16').click();
	const dialog = page.getByRole('dialog', { name: 'John 3:16' });
	await dialog.getByRole('button', { name: 'Add note' }).click();
	const note = dialog.getByRole('textbox', { name: 'Note' });
	await note.fill('Kept before the disk filled');
	await dialog.getByRole('button', { name: 'Save note' }).click();
	await expect(dialog.getByRole('status')).toHaveText('Note on John 3:16 saved.');

	await disk.setRoom(2_000);
	await dialog.getByRole('button', { name: 'Edit note' }).click();
	await note.fill('A long note. '.repeat(400));
	await dialog.getByRole('button', { name: 'Save note' }).click();
	await expect(dialog.getByRole('alert')).toHaveText(
		"Not saved: this browser's storage for this site is full. Everything saved before is kept. Free some space (delete a translation you no longer read under Storage on the Bible page, or clear other sites’ data in the browser’s settings), then try again."
	);
	// A shorter one fits: saved, and the alert is gone.
	await note.fill('Shorter, and it fits');
	await dialog.getByRole('button', { name: 'Save note' }).click();
	await expect(dialog.getByRole('status')).toHaveText('Note on John 3:16 saved.');
	await expect(dialog.getByRole('alert')).toHaveCount(0);

	// A reload reads what was kept.
	await page.reload();
	await page.getByRole('link', { name: 'My notes' }).click();
	await expect(
		page.getByRole('region', { name: 'My notes' }).getByRole('listitem').locator('.text')
	).toHaveText('Shorter, and it fits');
});

test('Demo, two tabs: a note saved in one over a note the other saved meanwhile keeps both, and the first tab shows it without a reload', async ({
	context
}) => {
	const a = await context.newPage();
	const b = await context.newPage();
	for (const page of [a, b]) {
		await page.goto('/bible/KJV/John/3');
		await expect(page.getByText('For God so loved the world')).toBeVisible();
	}
	// Tab B opens the note editor first, on an empty note.
	await verseButton(b, 'John 3:16').click();
	const inB = b.getByRole('dialog', { name: 'John 3:16' });
	await inB.getByRole('button', { name: 'Add note' }).click();
	await inB.getByRole('textbox', { name: 'Note' }).fill('Written in tab B');

	// Tab A saves a note on the same verse meanwhile.
	await verseButton(a, 'John 3:16').click();
	const inA = a.getByRole('dialog', { name: 'John 3:16' });
	await inA.getByRole('button', { name: 'Add note' }).click();
	await inA.getByRole('textbox', { name: 'Note' }).fill('Written in tab A');
	await inA.getByRole('textbox', { name: 'Labels' }).fill('first');
	await inA.getByRole('button', { name: 'Save note' }).click();
	await expect(inA.getByRole('status')).toHaveText('Note on John 3:16 saved.');
	await a.keyboard.press('Escape');

	// Tab B saves: A's note is not lost.
	await inB.getByRole('button', { name: 'Save note' }).click();
	await expect(inB.getByRole('status')).toHaveText(
		'The note on John 3:16 was changed in another tab or window meanwhile: both texts are kept, that one first.'
	);
	await b.keyboard.press('Escape');

	// Tab A shows both without a reload, and so does a reload.
	await a.getByRole('link', { name: 'My notes' }).click();
	const item = a.getByRole('region', { name: 'My notes' }).getByRole('listitem');
	await expect(item).toHaveCount(1);
	await expect(item.locator('.text')).toHaveText('Written in tab A\n\nWritten in tab B');
	await expect(item).toContainText('first');
	await a.reload();
	await expect(item.locator('.text')).toHaveText('Written in tab A\n\nWritten in tab B');

	// A bookmark set in tab B (which never reloaded) keeps the note.
	await verseButton(b, 'John 3:16').click();
	await inB.getByRole('button', { name: 'Bookmark' }).click();
	await expect(inB.getByRole('status')).toHaveText('John 3:16 bookmarked.');
	await expect(item).toContainText('Bookmarked');
	await expect(item.locator('.text')).toHaveText('Written in tab A\n\nWritten in tab B');
});
