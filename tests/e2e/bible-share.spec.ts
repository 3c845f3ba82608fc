/**
 * Share as image and Read aloud, in Verse actions (issue 27): the picture is a PNG of the chosen
 * verses (downloaded where the browser cannot share files); reading aloud uses a voice of the
 * text's language, pauses and resumes, and is not offered where the browser has no speech.
 */
import { expect, test } from './fixtures';

test('Share as image downloads a PNG of the chosen verses where files cannot be shared', async ({
	page
}) => {
	await page.goto('/bible/KJV/John/3');
	await page.locator('#v16 .words').click();
	const dialog = page.getByRole('dialog', { name: 'John 3:16' });
	await dialog.getByRole('combobox', { name: 'From verse 16 to verse' }).selectOption('17');
	await dialog.getByRole('combobox', { name: 'Picture' }).selectOption({ label: 'Dark' });
	const downloading = page.waitForEvent('download');
	await dialog.getByRole('button', { name: 'Share as image' }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toBe('John-3-16-17.png');
	const png = await (await download.createReadStream()).toArray();
	const bytes = Buffer.concat(png as Buffer[]);
	expect(bytes.subarray(1, 4).toString()).toBe('PNG');
	// 1080 px wide (the width is bytes 16–19 of the PNG header).
	expect(bytes.readUInt32BE(16)).toBe(1080);
	await expect(dialog.getByRole('status')).toHaveText(
		'John 3:16–17 (KJV) was saved as the picture John-3-16-17.png.'
	);
});

test('Share as image by keyboard keeps the focus on its button while the picture is drawn', async ({
	page
}) => {
	await page.goto('/bible/KJV/John/3');
	await page.locator('#v16 .words').click();
	const dialog = page.getByRole('dialog', { name: 'John 3:16' });
	const share = dialog.getByRole('button', { name: 'Share as image' });
	await share.focus();
	const downloading = page.waitForEvent('download');
	await page.keyboard.press('Enter');
	await downloading;
	await expect(dialog.getByRole('status')).toHaveText(
		'John 3:16 (KJV) was saved as the picture John-3-16.png.'
	);
	await expect(share).toBeFocused();
	await expect(share).not.toHaveAttribute('aria-disabled', 'true');
});

test('Read aloud speaks the verses in a voice of their language, and pauses and resumes', async ({
	page
}) => {
	await page.addInitScript(() => {
		const said: { text: string; lang: string; voice?: string }[] = [];
		const calls: string[] = [];
		Object.assign(window, { said, calls });
		const voices = [
			{ lang: 'en-US', name: 'English', localService: true, default: true },
			{ lang: 'es-ES', name: 'Español', localService: true, default: false }
		];
		const synth = {
			getVoices: () => voices,
			speak: (u: SpeechSynthesisUtterance) => {
				said.push({ text: u.text, lang: u.lang, voice: u.voice?.name });
			},
			pause: () => calls.push('pause'),
			resume: () => calls.push('resume'),
			cancel: () => calls.push('cancel')
		};
		Object.defineProperty(window, 'speechSynthesis', { value: synth });
		// The browser's own takes only its own voices: a plain one takes the stand-ins.
		class Utterance {
			lang = '';
			voice: { name: string } | null = null;
			onend = null;
			onerror = null;
			constructor(public text: string) {}
		}
		Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
	});
	await page.goto('/bible/RV1909/John/3');
	await page.locator('#v16 .words').click();
	const dialog = page.getByRole('dialog', { name: /3:16/ });
	await dialog.getByRole('button', { name: 'Read aloud' }).click();
	const pause = dialog.getByRole('button', { name: 'Pause' });
	await expect(pause).toBeVisible();
	const said = await page.evaluate(() => (window as unknown as { said: unknown[] }).said);
	expect(said).toEqual([
		{
			text: expect.stringMatching(/^Porque de tal manera amó Dios al mundo/),
			lang: 'es',
			voice: 'Español'
		}
	]);
	await pause.click();
	await dialog.getByRole('button', { name: 'Resume' }).click();
	await dialog.getByRole('button', { name: 'Stop reading' }).click();
	await expect(dialog.getByRole('button', { name: 'Read aloud' })).toBeVisible();
	// By keyboard, the focus goes along as the buttons change: Read aloud gives way to Pause, Stop
	// reading to Read aloud (not to the top of the page).
	const readAloud = dialog.getByRole('button', { name: 'Read aloud' });
	await readAloud.focus();
	await page.keyboard.press('Enter');
	await expect(dialog.getByRole('button', { name: 'Pause' })).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(dialog.getByRole('button', { name: 'Stop reading' })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(readAloud).toBeFocused();
	await expect(dialog.getByRole('status')).toHaveText(/^Stopped reading .*3:16\.$/);
	expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual([
		'cancel',
		'pause',
		'resume',
		'cancel',
		'cancel',
		'cancel'
	]);
});

test('Read aloud is not offered where the browser has no speech synthesis', async ({ page }) => {
	await page.addInitScript(() => {
		delete (window as { speechSynthesis?: unknown }).speechSynthesis;
		Object.defineProperty(window, 'speechSynthesis', { value: undefined });
	});
	await page.goto('/bible/KJV/John/3');
	await page.locator('#v16 .words').click();
	const dialog = page.getByRole('dialog', { name: 'John 3:16' });
	await expect(dialog.getByRole('button', { name: 'Share as image' })).toBeVisible();
	await expect(dialog.getByRole('button', { name: 'Read aloud' })).toHaveCount(0);
});
