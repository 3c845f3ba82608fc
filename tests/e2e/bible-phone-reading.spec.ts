/**
 * Reading on a phone (issue 47): with Strong's numbers on, each word keeps its punctuation (no
 * line starts with a comma, none stands apart from its word) and the chapter keeps its outline;
 * the translation menus show whole names. At 360×800 and 412×823, by touch.
 */
import type { Page } from '@playwright/test';
import { openReadingOptions, shownName } from './bible-helpers';
import { expect, expectNoSideScroll, test } from './fixtures';

const PHONES = [
	{ width: 360, height: 800 },
	{ width: 412, height: 823 }
];

/** What the chapter looks like: each verse's words, where its punctuation sits, its outline. */
function readChapter(page: Page) {
	return page.locator('article').evaluate((article) => {
		const range = document.createRange();
		const verses = [...article.querySelectorAll<HTMLElement>('.verse[data-verse]')];
		/** Marks drawn at a line's start, or apart from the letter before them. */
		const astray: string[] = [];
		const texts = verses.map((verse) => {
			const words = verse.querySelector('.words')!;
			let before: DOMRect | undefined;
			const walker = document.createTreeWalker(words, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text) {
				// The Strong's numbers are not the text.
				if (node.parentElement?.closest('sup')) continue;
				for (let i = 0; i < node.data.length; i++) {
					if (/\s/.test(node.data[i]!)) continue;
					range.setStart(node, i);
					range.setEnd(node, i + 1);
					const box = range.getClientRects()[0];
					if (!box) continue;
					if (/[,.;:?!)]/.test(node.data[i]!) && before) {
						const newLine = box.top >= before.bottom - 1;
						const apart = box.left - before.right > 2;
						if (newLine || apart)
							astray.push(
								`${verse.dataset.verse}: “${node.data[i]}” ${newLine ? 'starts a line' : 'apart'}`
							);
					}
					before = box;
				}
			}
			const copy = words.cloneNode(true) as HTMLElement;
			for (const sup of copy.querySelectorAll('sup')) sup.remove();
			return copy.textContent!.replace(/\s+/g, ' ').trim();
		});
		const paragraphs = [...article.querySelectorAll('.para')].map((p) => {
			const first = p.querySelector<HTMLElement>('.verse[data-verse]')!;
			const number = first.querySelector('.num')!.getBoundingClientRect();
			return { verse: first.dataset.verse, left: Math.round(number.left) };
		});
		const numbers = verses.map((v) =>
			Math.round(v.querySelector('.num')!.getBoundingClientRect().height)
		);
		return { texts, astray, paragraphs, numbers };
	});
}

/** The selected translation's name fits in its menu, beside the menu's arrow. */
function nameFits(page: Page, name: string) {
	return page.getByRole('combobox', { name }).evaluate((select: HTMLSelectElement) => {
		const style = getComputedStyle(select);
		const context = document.createElement('canvas').getContext('2d')!;
		context.font = style.font;
		const text = context.measureText(select.selectedOptions[0]!.text).width;
		const arrow = 20;
		const room =
			select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
		return {
			text: Math.ceil(text),
			room: Math.floor(room),
			shown: select.selectedOptions[0]!.text
		};
	});
}

for (const phone of PHONES) {
	test.describe(`on a ${phone.width}×${phone.height} phone`, () => {
		test.use({ viewport: phone, hasTouch: true, isMobile: true });

		test("with Strong's numbers, every comma and period sits against its word, and the outline stays", async ({
			page
		}) => {
			await page.goto('/bible/KJV/John/3');
			await expect(page.locator('#v3')).toContainText('Verily, verily');
			const off = await readChapter(page);
			await openReadingOptions(page);
			await page.getByRole('checkbox', { name: "Strong's numbers" }).check();
			await expect(page.getByRole('button', { name: 'Verily G281' }).first()).toBeVisible();
			const on = await readChapter(page);

			expect(on.astray).toEqual([]);
			expect(on.texts[2]).toBe(
				'Jesus answered and said unto him, Verily, verily, I say unto thee, Except a man be born again, he can not see the kingdom of God.'
			);
			for (const text of on.texts) expect(text).not.toMatch(/\s[,.;:?!)]|\(\s/);
			// The same words and marks in the same order as without the numbers. The Strong's edition
			// spells a few words otherwise ("can not", "Judæa", "mother’s"), hence no spaces compared.
			const bare = (t: string) =>
				t.replace(/’/g, "'").replace(/æ/g, 'ae').replace(/Æ/g, 'Ae').replace(/\s+/g, '');
			expect(on.texts.map(bare)).toEqual(off.texts.map(bare));
			// The outline: the same paragraphs, each verse number where it was, numbers drawn alike.
			expect(on.paragraphs).toEqual(off.paragraphs);
			expect(on.numbers).toEqual(off.numbers);
			await expectNoSideScroll(page);
		});

		test('the commentary’s Work menu shows the work’s whole name, in the chapter and in a verse’s actions', async ({
			page
		}) => {
			const henry = "Matthew Henry's Concise Commentary";
			await page.goto('/bible/KJV/John/3');
			await expect(page.locator('#v3')).toContainText('Verily, verily');
			await openReadingOptions(page);
			await page.getByRole('checkbox', { name: 'Show commentary' }).check();
			const work = page.getByRole('region', { name: 'Commentary' }).getByRole('combobox', {
				name: 'Work'
			});
			await expect(work).toHaveValue('mhcc');
			expect(await shownName(work, henry)).toEqual({
				whole: true,
				onScreen: true,
				tapOpensMenu: true
			});
			await page.locator('#v3').tap();
			await page.getByRole('button', { name: 'Commentary', exact: true }).tap();
			const inSheet = page
				.getByRole('dialog', { name: /John 3:3/ })
				.getByRole('combobox', { name: 'Work' });
			await expect(inSheet).toHaveValue('mhcc');
			expect(await shownName(inSheet, henry)).toEqual({
				whole: true,
				onScreen: true,
				tapOpensMenu: true
			});
			await inSheet.selectOption({ label: 'Scofield Reference Notes (1917)' });
			expect(await shownName(inSheet, 'Scofield Reference Notes (1917)')).toMatchObject({
				whole: true
			});
			await expectNoSideScroll(page);
		});

		test('the translation menus show each translation’s whole name; nothing scrolls sideways', async ({
			page
		}) => {
			await page.goto('/bible/KJV/John/3');
			await expect(page.locator('#v1')).toContainText('There was a man of the Pharisees');
			const compare = page.getByRole('combobox', { name: 'Compare with' });
			await expect(compare.getByRole('option', { name: 'World English Bible (WEB)' })).toHaveCount(
				1
			);
			const first = await nameFits(page, 'Compare with');
			expect(first.shown).toBe('No other translation');
			expect(first.text).toBeLessThanOrEqual(first.room);
			for (const label of await compare.locator('option').allTextContents()) {
				await compare.selectOption({ label });
				const fit = await nameFits(page, 'Compare with');
				expect(fit.shown).toBe(label);
				expect(fit.text, label).toBeLessThanOrEqual(fit.room);
				await expectNoSideScroll(page);
			}
			await compare.selectOption({ label: 'World English Bible (WEB)' });
			const third = page.getByRole('combobox', { name: 'Third translation' });
			for (const label of await third.locator('option').allTextContents()) {
				await third.selectOption({ label });
				const fit = await nameFits(page, 'Third translation');
				expect(fit.shown).toBe(label);
				expect(fit.text, label).toBeLessThanOrEqual(fit.room);
				await expectNoSideScroll(page);
			}
		});
	});
}
