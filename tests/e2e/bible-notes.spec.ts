/**
 * Bookmarks, highlights and notes: made on a verse with the keyboard, shown on the verse in the
 * reader, listed in My notes, exported, deleted and imported back; kept apart from the chapters
 * (deleting a translation leaves them) and there offline. Copy and share a range of verses.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { goLiveBible, openReadingOptions } from './bible-helpers';
import { expect, expectNoSideScroll, SIZES, test } from './fixtures';

// These journeys read notes offline after a reload, which the service worker makes possible.
test.use({ serviceWorkers: 'allow' });

const verseButton = (page: Page, name: string) =>
	page.getByRole('button', { name: new RegExp(`^Verse actions, ${name}\\b`) });

async function noAxeViolation(page: Page, axe: () => import('@axe-core/playwright').default) {
	expect((await axe().analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

for (const size of SIZES) {
	test.describe(`Demo, ${size.name}`, () => {
		test.use({ viewport: size.viewport });

		test('bookmark, highlight and annotate a verse with the keyboard; reload offline and see them; export, delete, import and see them again', async ({
			page,
			context,
			axe
		}, testInfo) => {
			test.setTimeout(120_000);
			await page.goto('/bible/KJV/John/3');
			await expect(page.getByText('For God so loved the world')).toBeVisible();

			// Keyboard only: the verse's number opens its actions.
			const v16 = verseButton(page, 'John 3:16');
			await v16.focus();
			await page.keyboard.press('Enter');
			const dialog = page.getByRole('dialog', { name: 'John 3:16' });
			await expect(dialog).toBeVisible();
			const bookmark = dialog.getByRole('button', { name: 'Bookmark' });
			await expect(bookmark).toBeFocused();
			await page.keyboard.press('Enter');
			await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
			await expect(dialog.getByRole('status')).toHaveText('John 3:16 bookmarked.');

			await page.keyboard.press('Tab');
			await expect(dialog.getByRole('button', { name: 'Highlight' })).toBeFocused();
			await page.keyboard.press('Enter');
			const colours = dialog.getByRole('group', { name: 'Highlight colour' });
			await expect(colours.getByRole('radio')).toHaveCount(5);
			await page.keyboard.press('Tab'); // Add note
			await page.keyboard.press('Tab'); // into the colours, at the one chosen ("No highlight")
			await expect(colours.getByRole('radio', { name: 'No highlight' })).toBeFocused();
			await page.keyboard.press('ArrowDown'); // wraps round to the first: Yellow
			await page.keyboard.press('ArrowDown');
			await expect(colours.getByRole('radio', { name: 'Green' })).toBeChecked();
			await expect(dialog.getByRole('status')).toHaveText('John 3:16 highlighted green.');

			await dialog.getByRole('button', { name: 'Add note' }).focus();
			await page.keyboard.press('Enter');
			const noteField = dialog.getByRole('textbox', { name: 'Note' });
			await expect(noteField).toBeFocused();
			await page.keyboard.type('<b>Loved</b> — the whole world');
			await page.keyboard.press('Tab');
			await page.keyboard.type('love, gospel');
			await page.keyboard.press('Enter');
			await expect(dialog.getByRole('status')).toHaveText('Note on John 3:16 saved.');
			await expect(dialog.getByRole('button', { name: 'Edit note' })).toBeFocused();
			if (size.name === 'narrow') await expectNoSideScroll(page);
			await page.keyboard.press('Escape');
			await expect(dialog).toBeHidden();
			// Focus is back where the user acted.
			await expect(v16).toBeFocused();

			const shown = async () => {
				await expect(v16).toHaveAccessibleName(
					'Verse actions, John 3:16 (bookmarked, highlighted green, has a note)'
				);
				// The highlight is the verse's background (the theme's green), under its own text.
				await expect(page.locator('#v16 .words')).toHaveCSS(
					'background-color',
					'rgb(204, 239, 210)'
				);
				await expect(page.locator('#v16 svg.bookmark')).toBeVisible();
				await expect(page.locator('#v16 svg.note')).toBeVisible();
				await expect(verseButton(page, 'John 3:17')).toHaveAccessibleName(
					'Verse actions, John 3:17'
				);
			};
			await page.emulateMedia({ colorScheme: 'light' });
			await shown();

			// Network off after the chapter was read: the app, the chapter and the notes come from
			// this device.
			await page.evaluate(async () => {
				await navigator.serviceWorker.ready;
			});
			await context.setOffline(true);
			await page.reload();
			await expect(page.getByText('For God so loved the world')).toBeVisible();
			await shown();

			if (size.name === 'wide') {
				// Marks keep their contrast in both themes.
				await noAxeViolation(page, axe);
				await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
				await expect(page.locator('#v16 .words')).toHaveCSS('background-color', 'rgb(22, 67, 42)');
				await noAxeViolation(page, axe);
				await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Light' });
			}

			await openReadingOptions(page);
			await page.getByRole('link', { name: 'My notes' }).click();
			const notes = page.getByRole('region', { name: 'My notes' });
			const item = notes.getByRole('listitem');
			await expect(item).toHaveCount(1);
			await expect(item.getByRole('link', { name: 'John 3:16' })).toBeVisible();
			await expect(item).toContainText('Bookmarked');
			await expect(item).toContainText('Highlighted green');
			await expect(item).toContainText('love');
			await expect(item).toContainText('gospel');
			// The note's markup is shown as text, never as markup.
			await expect(item).toContainText('<b>Loved</b> — the whole world');
			await expect(item.locator('b')).toHaveCount(0);
			if (size.name === 'wide') await noAxeViolation(page, axe);
			else await expectNoSideScroll(page);

			const downloading = page.waitForEvent('download');
			await notes.getByRole('button', { name: 'Export notes' }).click();
			const download = await downloading;
			expect(download.suggestedFilename()).toMatch(/^bible-notes-\d{4}-\d\d-\d\d\.json$/);
			const path = testInfo.outputPath('notes.json');
			await download.saveAs(path);
			const exported = JSON.parse(await readFile(path, 'utf8')) as {
				format: string;
				version: number;
				notes: Record<string, unknown>[];
			};
			expect(exported).toMatchObject({
				format: 'api-workbench-bible-notes',
				version: 1,
				notes: [
					{
						book: 'John',
						chapter: 3,
						verse: 16,
						bookmark: true,
						highlight: 'green',
						note: '<b>Loved</b> — the whole world',
						labels: ['love', 'gospel']
					}
				]
			});
			await expect(notes.getByRole('status')).toHaveText(
				'Exported 1 verse with notes, bookmarks or highlights.'
			);

			// Clear: delete them.
			await notes.getByRole('button', { name: 'Delete John 3:16' }).click();
			await expect(notes).toContainText('No notes yet.');
			await expect(notes.getByRole('searchbox', { name: 'Search notes' })).toBeFocused();

			// A hostile file is refused with the reason, and nothing changes.
			const choose = async (name: string, buffer: Buffer) => {
				const chooser = page.waitForEvent('filechooser');
				await notes.getByRole('button', { name: 'Import notes' }).click();
				await (await chooser).setFiles({ name, mimeType: 'application/json', buffer });
			};
			await choose(
				'hostile.json',
				Buffer.from(
					'{"format":"api-workbench-bible-notes","version":1,"exported":"2024-01-01T00:00:00Z","notes":[{"__proto__":{"admin":true}}]}'
				)
			);
			await expect(notes.getByRole('alert')).toHaveText(
				'Not imported, nothing changed: the file has a field called “__proto__”, which an export never has.'
			);
			await expect(notes).toContainText('No notes yet.');

			await choose('notes.json', await readFile(path));
			await expect(notes.getByRole('status')).toHaveText(
				'Imported 1 verse: 1 new. It can be undone from Snapshots in Settings.'
			);
			await expect(notes.getByRole('alert')).toHaveCount(0);
			await expect(item).toHaveCount(1);
			await expect(item).toContainText('<b>Loved</b> — the whole world');

			// The item opens its verse, with the focus on it.
			await item.getByRole('link', { name: 'John 3:16' }).click();
			await expect(page).toHaveURL(/\/bible\/KJV\/John\/3#v16$/);
			await expect(page.locator('#v16')).toBeFocused();
			await shown();
			await context.setOffline(false);
		});
	});
}

test('Demo: notes belong to the verse: shown in every translation; deleting the translation keeps them; labels and search filter My notes', async ({
	page
}) => {
	await page.goto('/bible/KJV/Jude/1');
	await page.getByRole('button', { name: 'Download Jude for offline' }).click();
	await expect(page.getByText('Jude is downloaded: 1 chapters, checked')).toBeVisible();
	await verseButton(page, 'Jude 1:3').click();
	const dialog = page.getByRole('dialog', { name: 'Jude 1:3' });
	await dialog.getByRole('button', { name: 'Add note' }).click();
	await dialog.getByRole('textbox', { name: 'Note' }).fill('Contend for the faith');
	await dialog.getByRole('textbox', { name: 'Labels' }).fill('faith');
	await dialog.getByRole('button', { name: 'Save note' }).click();
	await dialog.getByRole('button', { name: 'Close' }).click();

	await page.goto('/bible/KJV/Gen/1');
	await verseButton(page, 'Genesis 1:1').click();
	await page.getByRole('dialog').getByRole('button', { name: 'Bookmark' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

	// The same verse in another translation shows the same note.
	await page.goto('/bible/WEB/Jude/1');
	await expect(verseButton(page, 'Jude 1:3')).toHaveAccessibleName(
		'Verse actions, Jude 1:3 (has a note)'
	);

	// Deleting the KJV from the device leaves the notes.
	await page.goto('/bible');
	const storage = page.getByRole('region', { name: 'Storage' });
	await storage
		.getByRole('button', { name: 'Delete King James Version (KJV) from this device' })
		.click();
	await expect(storage).not.toContainText('King James Version');
	await page.getByRole('link', { name: 'My notes' }).click();
	const notes = page.getByRole('region', { name: 'My notes' });
	// Bible order: Genesis before Jude.
	await expect(notes.getByRole('listitem').getByRole('link')).toHaveText([
		'Genesis 1:1',
		'Jude 1:3'
	]);
	await notes.getByRole('combobox', { name: 'Label' }).selectOption('faith');
	await expect(notes.getByRole('listitem').getByRole('link')).toHaveText(['Jude 1:3']);
	await notes.getByRole('combobox', { name: 'Label' }).selectOption('');
	await notes.getByRole('searchbox', { name: 'Search notes' }).fill('genesis');
	await expect(notes.getByRole('listitem').getByRole('link')).toHaveText(['Genesis 1:1']);
	await notes.getByRole('searchbox', { name: 'Search notes' }).fill('nothing like this');
	await expect(notes).toContainText('No note matches the search.');
});

test('Demo: copy John 3:16–17 with its reference and link; share it where the browser can', async ({
	page,
	context
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await page.goto('/bible/KJV/John/3');
	await verseButton(page, 'John 3:16').click();
	const dialog = page.getByRole('dialog', { name: 'John 3:16' });
	// Chromium on Linux has no Web Share: only Copy is offered.
	await expect(dialog.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
	await dialog.getByRole('combobox', { name: 'From verse 16 to verse' }).selectOption('17');
	await dialog.getByRole('button', { name: 'Copy' }).click();
	await expect(dialog.getByRole('status')).toHaveText(
		'John 3:16–17 (KJV) was copied with its link.'
	);
	const copied = await page.evaluate(() => navigator.clipboard.readText());
	const lines = copied.split('\n');
	expect(lines[0]).toBe('John 3:16–17 (KJV)');
	expect(lines[1]).toMatch(/^16 For God so loved the world, .* 17 For God sent not his Son/);
	expect(lines[1]).not.toMatch(/[[\]#]/);
	expect(lines[2]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bible\/KJV\/John\/3#v16$/);

	// A browser with the Web Share API shares instead.
	await page.addInitScript(() => {
		const shared: ShareData[] = [];
		(window as unknown as { shared: ShareData[] }).shared = shared;
		navigator.share = (data?: ShareData) => {
			shared.push(data ?? {});
			return Promise.resolve();
		};
	});
	await page.reload();
	await verseButton(page, 'John 3:16').click();
	await dialog.getByRole('button', { name: 'Share', exact: true }).click();
	await expect(dialog.getByRole('status')).toHaveText('Shared John 3:16 (KJV).');
	const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
	expect(shared).toEqual([
		{
			title: 'John 3:16 (KJV)',
			text: expect.stringMatching(/^John 3:16 \(KJV\)\nFor God so loved the world/),
			url: expect.stringMatching(/\/bible\/KJV\/John\/3#v16$/)
		}
	]);
});

test('Live over loopback HTTP: a verse is bookmarked and highlighted; it shows after a reload and in My notes', async ({
	page
}) => {
	await goLiveBible(page);
	await page.goto('/bible/KJV/Ps/23');
	await expect(page.getByLabel('Bible connection')).toContainText('Live');
	await verseButton(page, 'Psalms 23:1').click();
	const dialog = page.getByRole('dialog', { name: 'Psalms 23:1' });
	await dialog.getByRole('button', { name: 'Bookmark' }).click();
	await dialog.getByRole('button', { name: 'Highlight' }).click();
	await dialog.getByRole('radio', { name: 'Pink' }).check();
	await expect(dialog.getByRole('status')).toHaveText('Psalms 23:1 highlighted pink.');
	await page.keyboard.press('Escape');
	await page.reload();
	await expect(verseButton(page, 'Psalms 23:1')).toHaveAccessibleName(
		'Verse actions, Psalms 23:1 (bookmarked, highlighted pink)'
	);
	// Removing the highlight is one choice away.
	await verseButton(page, 'Psalms 23:1').click();
	await dialog.getByRole('button', { name: 'Highlight' }).click();
	await dialog.getByRole('radio', { name: 'No highlight' }).check();
	await expect(dialog.getByRole('status')).toHaveText('Highlight removed from Psalms 23:1.');
	await page.keyboard.press('Escape');
	await page.getByRole('link', { name: 'My notes' }).click();
	const item = page.getByRole('region', { name: 'My notes' }).getByRole('listitem');
	await expect(item.getByRole('link', { name: 'Psalms 23:1' })).toHaveAttribute(
		'href',
		'/bible/KJV/Ps/23#v1'
	);
	await expect(item).toContainText('Bookmarked');
	await expect(item).not.toContainText('Highlighted');
});
