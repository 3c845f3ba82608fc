/**
 * Large text on small phones (issue 47): with the browser's text at 200 % on a 360 px and a
 * 412 px phone, no page scrolls sideways and no control is cut off, on every route. The text
 * size is the root font size at 200 %, what the browser's own text-size setting changes: every
 * size in the app is in rem or em.
 */
import type { Page } from '@playwright/test';
import { shownName } from './bible-helpers';
import { expect, test } from './fixtures';

const ROUTES: [string, (page: Page) => ReturnType<Page['getByRole']>][] = [
	['/', (page) => page.getByRole('heading', { level: 1, name: 'API Workbench' })],
	['/explorer', (page) => page.getByRole('button', { name: 'Send', exact: true })],
	['/energy', (page) => page.getByRole('heading', { level: 1 })],
	['/bible', (page) => page.getByRole('heading', { name: 'Storage' })],
	['/bible/KJV', (page) => page.getByRole('link', { name: 'Revelation' })],
	['/bible/KJV/John', (page) => page.getByRole('heading', { level: 1 })],
	['/bible/KJV/John/3', (page) => page.getByText('For God so loved the world')],
	['/bible/plans', (page) => page.getByRole('heading', { level: 1 })],
	['/bible/topics', (page) => page.getByRole('heading', { level: 1 })],
	['/bible/notes', (page) => page.getByRole('heading', { level: 1 })],
	['/settings', (page) => page.getByRole('group', { name: 'Bible' })]
];

/** What sticks out past the screen's right edge, or is cut by a box that hides its overflow. */
function cutOff() {
	const width = document.documentElement.clientWidth;
	const out: string[] = [];
	const describe = (el: Element) =>
		`${el.tagName.toLowerCase()} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}”`;
	const controls = document.querySelectorAll(
		'a[href], button, input:not([type=hidden]), select, textarea, h1, h2, h3, label'
	);
	for (const el of controls) {
		const r = el.getBoundingClientRect();
		if (!r.width || !r.height) continue;
		const style = getComputedStyle(el);
		if (style.visibility === 'hidden') continue;
		// Visually hidden text (a skip link until focused, screen-reader words) is meant to be clipped.
		if (r.width <= 1 || r.height <= 1 || style.clipPath.includes('inset(50%')) continue;
		// Inside a visually hidden box (skip links until one is focused): meant to be clipped.
		if (el.closest('.visually-hidden')) continue;
		let hidden = false;
		for (let p = el.parentElement; p && !hidden; p = p.parentElement) {
			const b = p.getBoundingClientRect();
			hidden =
				getComputedStyle(p).clipPath.includes('inset(50%') || (b.width <= 1 && b.height <= 1);
		}
		if (hidden) continue;
		// A skip link waits off the screen's left edge until it is focused.
		if (r.right <= 0 && el.matches('a[href^="#"]')) continue;
		let clipped = false;
		for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
			const s = getComputedStyle(p);
			if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
			// A box that scrolls keeps what is inside reachable.
			if (s.overflowX === 'auto' || s.overflowX === 'scroll') break;
			const pr = p.getBoundingClientRect();
			if (r.right > pr.right + 1 || r.left < pr.left - 1) clipped = true;
			break;
		}
		if (r.right > width + 1 || r.left < -1)
			out.push(`${describe(el)} at ${Math.round(r.left)}–${Math.round(r.right)} px`);
		else if (clipped) out.push(`${describe(el)} cut by its box`);
	}
	return { scrollWidth: document.documentElement.scrollWidth, width, out };
}

/**
 * The words split across two lines in titles ("Workbe / nch") and in table cells' values ("15 / 8
 * B"): a title gets smaller to fit its words on a narrow screen, and a value stays whole.
 */
function splitWords() {
	const out: string[] = [];
	const range = document.createRange();
	for (const box of document.querySelectorAll('h1, h2, td')) {
		const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
		for (let n = walker.nextNode(); n; n = walker.nextNode()) {
			for (const m of n.textContent!.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.]*[\p{L}\p{N}]/gu)) {
				range.setStart(n, m.index);
				range.setEnd(n, m.index + m[0].length);
				const rects = [...range.getClientRects()].filter((r) => r.width > 0);
				if (new Set(rects.map((r) => Math.round(r.top))).size > 1)
					out.push(`${box.tagName.toLowerCase()} “${m[0]}”`);
			}
		}
	}
	return out;
}

for (const width of [360, 412]) {
	test.describe(`${width} px phone, text at 200 %`, () => {
		test.use({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true });
		for (const [path, arrived] of ROUTES) {
			test(`${path}: nothing scrolls sideways or is cut off`, async ({ page }) => {
				await page.goto(path);
				await expect(arrived(page).first()).toBeVisible();
				await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
				await page.waitForLoadState('networkidle');
				await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
				const found = await page.evaluate(cutOff);
				expect(found.out, `${path} at ${width} px`).toEqual([]);
				expect(found.scrollWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(
					found.width
				);
				expect(await page.evaluate(splitWords), 'words split across lines').toEqual([]);
			});
		}

		test('the Bible’s Reference field shows its example whole', async ({ page }) => {
			await page.goto('/bible/KJV/John/3');
			await expect(page.getByText('For God so loved the world')).toBeVisible();
			await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
			const reference = page.getByRole('textbox', { name: 'Reference' });
			const room = await reference.evaluate((input: HTMLInputElement) => {
				const style = getComputedStyle(input);
				const context = document.createElement('canvas').getContext('2d')!;
				context.font = style.font;
				return {
					example: Math.ceil(context.measureText(input.placeholder).width),
					inside: Math.floor(
						input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
					)
				};
			});
			expect(room.inside, 'the field fits “John 3:16-18”').toBeGreaterThanOrEqual(room.example);
			const go = (await page.getByRole('button', { name: 'Go', exact: true }).boundingBox())!;
			expect(go.x + go.width, 'Go is within the screen').toBeLessThanOrEqual(width);
		});

		test('the Bible’s translation cards keep their titles inside them, in whole words', async ({
			page
		}) => {
			await page.goto('/bible');
			const cards = page.getByRole('region', { name: 'Translations' }).getByRole('listitem');
			await expect(
				cards.getByRole('heading', { name: 'Westminster Leningrad Codex' })
			).toBeVisible();
			await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
			await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
			const titles = await cards.evaluateAll((items) =>
				items.flatMap((card) =>
					[...card.querySelectorAll('h3')].map((title) => {
						const box = card.getBoundingClientRect();
						const inside = box.right - parseFloat(getComputedStyle(card).paddingRight);
						const range = document.createRange();
						range.selectNodeContents(title);
						const lines = [...range.getClientRects()].filter((r) => r.width > 0);
						// A word drawn on two lines ("Westminst / er") is a title cut, not wrapped.
						const split: string[] = [];
						const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
						for (let n = walker.nextNode(); n; n = walker.nextNode())
							for (const m of n.textContent!.matchAll(
								/[\p{L}\p{N}][\p{L}\p{N}'’.]*[\p{L}\p{N}]/gu
							)) {
								range.setStart(n, m.index);
								range.setEnd(n, m.index + m[0].length);
								const tops = [...range.getClientRects()].map((r) => Math.round(r.top));
								if (new Set(tops).size > 1) split.push(m[0]);
							}
						return {
							title: title.textContent!.trim(),
							right: Math.max(title.getBoundingClientRect().right, ...lines.map((r) => r.right)),
							inside,
							split
						};
					})
				)
			);
			expect(titles.map((t) => t.title)).toContain('Westminster Leningrad Codex');
			for (const t of titles) {
				expect(t.right, `${t.title}: right edge within its card`).toBeLessThanOrEqual(t.inside + 1);
				expect(t.split, `${t.title}: words split across lines`).toEqual([]);
			}
		});

		test('the Bible’s translation menus show whole names, on more lines where they need them', async ({
			page
		}) => {
			await page.goto('/bible/KJV/John/3');
			await expect(page.getByText('For God so loved the world')).toBeVisible();
			await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
			const compare = page.getByRole('combobox', { name: 'Compare with' });
			const whole = { whole: true, onScreen: true, tapOpensMenu: true };
			expect(await shownName(compare, 'No other translation')).toEqual(whole);
			await compare.selectOption({ label: 'World English Bible (WEB)' });
			expect(await shownName(compare, 'World English Bible (WEB)')).toEqual(whole);
			const third = page.getByRole('combobox', { name: 'Third translation' });
			await third.selectOption({ label: 'Westminster Leningrad Codex' });
			expect(await shownName(third, 'Westminster Leningrad Codex')).toEqual(whole);
			expect(await page.evaluate(cutOff)).toMatchObject({ out: [], scrollWidth: width });
		});
	});
}
