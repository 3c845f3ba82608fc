/**
 * Reading plans (issue 27): start a plan, read today's chapters, mark the day done (kept after a
 * reload), catch up when behind; the plans go with the notes in their export and import, and a
 * hostile plan in a file is refused with the reason.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The plans' "today": a fixed day, so the days and dates are known. */
const TODAY = new Date('2026-11-26T10:00:00');

async function openPlans(page: Page) {
	await page.clock.setFixedTime(TODAY);
	await page.goto('/bible/KJV/John/3');
	await page.getByRole('link', { name: 'Reading plans' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Reading plans' })).toBeVisible();
}

test("Start a plan → Today's reading → Mark done survives a reload; its links open the chapter", async ({
	page,
	axe
}) => {
	await openPlans(page);
	const nt = page.getByRole('region', { name: 'The New Testament in 90 days' });
	await expect(nt.getByLabel('Start date')).toHaveValue('2026-11-26');
	await nt.getByRole('button', { name: 'Start' }).press('Enter');
	const today = nt.getByRole('region', { name: "Today's reading" });
	await expect(today).toContainText('Day 1 of 90');
	// Start goes once pressed: the focus is on its plan, not lost to the page.
	await expect(nt.getByRole('heading', { level: 2 })).toBeFocused();
	await expect(today.getByRole('link')).toHaveText(['Matthew 1', 'Matthew 2', 'Matthew 3']);
	await today.getByRole('button', { name: 'Mark done' }).click();
	// Said in the plan it was done to, not at the top of the page.
	await expect(nt.getByRole('status')).toHaveText(
		'Day 1 of The New Testament in 90 days marked done.'
	);
	await expect(nt).toContainText('1 of 90 days read (1 %)');
	expect((await axe().analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

	await page.reload();
	await expect(today.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');
	await expect(nt).toContainText('1 of 90 days read');
	// The other plans were not started.
	await expect(
		page.getByRole('region', { name: 'The Bible in a year' }).getByRole('button', { name: 'Start' })
	).toBeVisible();

	await today.getByRole('link', { name: 'Matthew 2' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Matthew 2' })).toBeVisible();
});

test('a plan started days ago: the days behind are listed, Catch up makes the first unread day today', async ({
	page
}) => {
	await openPlans(page);
	const psalms = page.getByRole('region', { name: 'Psalms and Proverbs in a month' });
	await psalms.getByLabel('Start date').fill('2026-11-23');
	await psalms.getByRole('button', { name: 'Start' }).click();
	const today = psalms.getByRole('region', { name: "Today's reading" });
	await expect(today).toContainText('Day 4 of 31');
	await expect(psalms).toContainText('3 days before today not read yet');
	await psalms.getByRole('button', { name: 'Mark day 1 done' }).click();
	await expect(psalms).toContainText('2 days before today not read yet');
	await psalms.getByRole('button', { name: 'Catch up' }).press('Enter');
	await expect(today).toContainText('Day 2 of 31');
	await expect(psalms.getByRole('heading', { level: 2 })).toBeFocused();
	await expect(today.getByRole('link')).toHaveText([
		'Psalms 6',
		'Psalms 7',
		'Psalms 8',
		'Psalms 9',
		'Psalms 10',
		'Proverbs 2'
	]);
	await expect(psalms).not.toContainText('not read yet');
	await expect(psalms).toContainText('1 of 31 days read');
});

test('export and import keep the plan with the notes; a hostile plan is refused and changes nothing', async ({
	page
}, testInfo) => {
	await openPlans(page);
	const nt = page.getByRole('region', { name: 'The New Testament in 90 days' });
	await nt.getByRole('button', { name: 'Start' }).click();
	await nt.getByRole('button', { name: 'Mark done' }).click();

	// No notes yet, but a plan: there is something to export.
	await page.getByRole('link', { name: 'My notes' }).click();
	const notes = page.getByRole('region', { name: 'My notes' });
	const downloading = page.waitForEvent('download');
	await notes.getByRole('button', { name: 'Export notes' }).click();
	const path = testInfo.outputPath('notes.json');
	await (await downloading).saveAs(path);
	const exported = JSON.parse(await readFile(path, 'utf8')) as { plans: unknown };
	expect(exported.plans).toEqual([{ id: 'nt-90', start: '2026-11-26', done: [1] }]);

	// Gone from this browser…
	await page.goto('/bible/plans');
	await nt.getByRole('button', { name: 'Stop The New Testament in 90 days' }).click();
	await expect(nt.getByRole('button', { name: 'Start' })).toBeVisible();

	const choose = async (name: string, buffer: Buffer) => {
		const chooser = page.waitForEvent('filechooser');
		await notes.getByRole('button', { name: 'Import notes' }).click();
		await (await chooser).setFiles({ name, mimeType: 'application/json', buffer });
	};
	await page.goto('/bible/notes');
	const hostile = {
		...exported,
		plans: [{ id: 'nt-90', start: '2026-11-26', done: [1], admin: true }]
	};
	await choose('hostile.json', Buffer.from(JSON.stringify(hostile)));
	await expect(notes.getByRole('alert')).toHaveText(
		'Not imported, nothing changed: reading plan 1 of the file has a field “admin” that plans never have.'
	);
	await page.goto('/bible/plans');
	await expect(nt.getByRole('button', { name: 'Start' })).toBeVisible();

	// …and back from the file.
	await page.goto('/bible/notes');
	await choose('notes.json', await readFile(path));
	await expect(notes.getByRole('status')).toContainText('Reading plans: 1 imported.');
	await page.goto('/bible/plans');
	const today = nt.getByRole('region', { name: "Today's reading" });
	await expect(today.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');
});

test('the Bible page links to the reading plans', async ({ page }) => {
	await page.goto('/bible');
	await page.getByRole('link', { name: 'Reading plans' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Reading plans' })).toBeVisible();
});

test('Stop a plan by keyboard: Undo stop takes its place, and puts the plan back with its days read', async ({
	page,
	axe
}) => {
	await openPlans(page);
	await page.setViewportSize({ width: 360, height: 740 });
	const nt = page.getByRole('region', { name: 'The New Testament in 90 days' });
	await nt.getByRole('button', { name: 'Start' }).click();
	await nt.getByRole('button', { name: 'Mark done' }).click();
	await expect(nt).toContainText('1 of 90 days read');
	await nt.getByRole('button', { name: 'Stop The New Testament in 90 days' }).press('Enter');
	const undo = nt.getByRole('button', { name: 'Undo stop' });
	await expect(undo).toBeFocused();
	await expect(nt.getByRole('status')).toHaveText(
		'The New Testament in 90 days stopped. Undo puts it back with its 1 day read.'
	);
	// On a phone too, where the button pressed is: the top of the page is screens away.
	await expect(nt.getByRole('status')).toBeInViewport();
	expect((await axe().analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
	await page.keyboard.press('Enter');
	await expect(nt).toContainText('1 of 90 days read');
	await expect(nt.getByRole('heading', { level: 2 })).toBeFocused();
	await expect(undo).toHaveCount(0);
	// Kept on this device as it was.
	await page.reload();
	await expect(nt).toContainText('Started November 26, 2026.');
	await expect(nt).toContainText('1 of 90 days read');
});
