import { describe, expect, it, afterEach, beforeEach, vi } from 'vitest';
import {
	IMAGE,
	layoutImage,
	wrapText,
	drawImage,
	shareImage,
	type ImagePassage
} from '$lib/bible/verse-actions/share-image';

/** Every character 10 units wide: easy widths to reason about. */
const measure = (s: string) => s.length * 10;

describe('Share as image: the layout', () => {
	it('wraps at spaces, filling each line as far as it fits', () => {
		expect(wrapText('For God so loved the world', 100, measure)).toEqual([
			'For God so',
			'loved the',
			'world'
		]);
		// Exactly the width fits.
		expect(wrapText('abcde fghij', 110, measure)).toEqual(['abcde fghij']);
	});

	it('breaks a word wider than a line inside it, and never leaves a line too wide', () => {
		const lines = wrapText('a Mahershalalhashbaz b', 60, measure);
		expect(lines).toEqual(['a', 'Mahers', 'halalh', 'ashbaz', 'b']);
		for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(60);
	});

	it('runs of spaces and line breaks count as one space; empty text has no lines', () => {
		expect(wrapText('  in\n the   beginning ', 1000, measure)).toEqual(['in the beginning']);
		expect(wrapText('   ', 100, measure)).toEqual([]);
	});

	it('a passage: verse numbers before each verse of a range, marks removed', () => {
		const layout = layoutImage(
			{
				reference: 'Genesis 1:1–2',
				translation: 'KJV',
				verses: [
					{ ref: '1', text: 'In the beginning God created the heaven and the earth.' },
					{ ref: '2', text: 'And the earth was without form, and void; and darkness [was] upon' }
				]
			},
			measure
		);
		const text = layout.lines.join(' ');
		expect(text).toContain('1 In the beginning');
		expect(text).toContain('2 And the earth');
		expect(text).toContain('darkness was upon');
		expect(layout.cut).toBe(false);
		// One verse alone has no number.
		const one = layoutImage(
			{ reference: 'John 11:35', translation: 'KJV', verses: [{ ref: '35', text: 'Jesus wept.' }] },
			measure
		);
		expect(one.lines).toEqual(['Jesus wept.']);
	});

	it('a long passage is cut at the most lines a picture holds, ending with "…"; the height follows the lines', () => {
		const verses = Array.from({ length: 60 }, (_, i) => ({
			ref: String(i + 1),
			text: 'and the evening and the morning were the first day'
		}));
		const layout = layoutImage({ reference: 'x', translation: 'y', verses }, measure);
		expect(layout.lines).toHaveLength(IMAGE.maxLines);
		expect(layout.cut).toBe(true);
		expect(layout.lines.at(-1)!.endsWith('…')).toBe(true);
		const short = layoutImage(
			{ reference: 'x', translation: 'y', verses: verses.slice(0, 1) },
			measure
		);
		expect(layout.height - short.height).toBe(
			(IMAGE.maxLines - short.lines.length) * IMAGE.verseLine
		);
	});
});

describe('drawing and sharing the picture', () => {
	/** Every character 10 px wide in the verse font (44 px): widths easy to reason about. */
	const measure = (s: string) => s.length * 10;
	/** The same in any font, in proportion to its size: text measured in the wrong font wraps wrong. */
	const measureIn = (font: string, s: string) =>
		(s.length * 10 * Number(/(\d+)px/.exec(font)?.[1])) / IMAGE.verseFont;

	interface Drawn {
		op: 'fillRect' | 'fillText';
		args: unknown[];
		fillStyle: string;
		font: string;
	}

	/** A canvas and its 2D context that record what is drawn, with the style it is drawn in. */
	function fakeCanvas(blob: Blob | null) {
		const drawn: Drawn[] = [];
		const ctx = {
			fillStyle: '#000000',
			font: '10px sans-serif',
			textBaseline: 'alphabetic',
			measureText: (s: string) => ({ width: measureIn(ctx.font, s) }),
			fillRect: (...args: unknown[]) =>
				drawn.push({ op: 'fillRect', args, fillStyle: ctx.fillStyle, font: ctx.font }),
			fillText: (...args: unknown[]) =>
				drawn.push({ op: 'fillText', args, fillStyle: ctx.fillStyle, font: ctx.font })
		};
		let width = 300;
		let height = 150;
		// As in a browser, sizing a canvas resets its context's drawing state.
		const reset = () => {
			ctx.fillStyle = '#000000';
			ctx.font = '10px sans-serif';
		};
		const canvas = {
			getContext: (kind: string) => (kind === '2d' ? ctx : null),
			get width() {
				return width;
			},
			set width(w: number) {
				width = w;
				reset();
			},
			get height() {
				return height;
			},
			set height(h: number) {
				height = h;
				reset();
			},
			toBlob: (done: (b: Blob | null) => void, type: string) => {
				canvas.blobType = type;
				setTimeout(() => done(blob), 0);
			},
			blobType: ''
		};
		return { canvas, ctx, drawn };
	}

	let made: ReturnType<typeof fakeCanvas>;
	let anchors: { href: string; download: string; click: ReturnType<typeof vi.fn> }[];
	let blob: Blob | null;

	beforeEach(() => {
		blob = new Blob(['png bytes'], { type: 'image/png' });
		anchors = [];
		vi.stubGlobal('document', {
			createElement: (tag: string) => {
				if (tag === 'canvas') return (made = fakeCanvas(blob)).canvas;
				const a = { href: '', download: '', click: vi.fn() };
				anchors.push(a);
				return a;
			}
		});
	});
	afterEach(() => {
		vi.unstubAllGlobals();
		vi.restoreAllMocks();
		vi.useRealTimers();
	});

	const john: ImagePassage = {
		reference: 'John 3:16',
		translation: 'King James Version (KJV)',
		verses: [
			{
				ref: '16',
				text: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.'
			}
		]
	};

	/** Relative luminance and contrast ratio (WCAG 2), of "#rrggbb" colours. */
	function luminance(hex: string): number {
		expect(hex).toMatch(/^#[0-9a-f]{6}$/i);
		const [r, g, b] = [1, 3, 5].map((i) => {
			const c = parseInt(hex.slice(i, i + 2), 16) / 255;
			return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
		});
		return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
	}
	const contrast = (a: string, b: string) => {
		const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
		return (hi! + 0.05) / (lo! + 0.05);
	};

	describe('Share as image: the picture drawn', () => {
		it('is the picture’s width, and as tall as the layout of the passage (rounded up)', () => {
			const canvas = drawImage(john, 'light');
			const layout = layoutImage(john, measure);
			expect(canvas.width).toBe(IMAGE.width);
			expect(canvas.height).toBe(Math.ceil(layout.height));
			expect(layout.lines.length).toBeGreaterThan(1);
		});

		it('fills the whole picture with the background first, then draws the lines of the passage one under another in the verse font', () => {
			const canvas = drawImage(john, 'light');
			const layout = layoutImage(john, measure);
			const [background, ...rest] = made.drawn;
			expect(background).toMatchObject({
				op: 'fillRect',
				args: [0, 0, canvas.width, canvas.height]
			});
			const lines = rest.filter((d) => d.op === 'fillText').slice(0, layout.lines.length);
			expect(lines.map((d) => d.args[0])).toEqual(layout.lines);
			lines.forEach((d, i) => {
				expect(d.args[1]).toBe(IMAGE.padding);
				// The first line's top at the padding; each line a line's height below the one before.
				expect(d.args[2]).toBe(IMAGE.padding + IMAGE.verseFont + i * IMAGE.verseLine);
				expect(d.font).toBe(`${IMAGE.verseFont}px Georgia, "Times New Roman", serif`);
			});
			expect(made.ctx.textBaseline).toBe('alphabetic');
		});

		it('after the passage: a short rule, the reference in bold, then the translation’s name smaller', () => {
			const canvas = drawImage(john, 'light');
			const n = layoutImage(john, measure).lines.length;
			const texts = made.drawn.filter((d) => d.op === 'fillText');
			expect(texts).toHaveLength(n + 2);
			const [reference, translation] = texts.slice(n);
			const rule = made.drawn.filter((d) => d.op === 'fillRect')[1]!;
			// Below the last line's room, a little gap, the rule 120 × 3 at the left margin.
			const afterLines = IMAGE.padding + IMAGE.verseFont + n * IMAGE.verseLine;
			expect(rule.args).toEqual([IMAGE.padding, afterLines + 8, 120, 3]);
			expect(reference).toMatchObject({
				args: ['John 3:16', IMAGE.padding, afterLines + 8 + 24 + IMAGE.titleFont],
				font: `700 ${IMAGE.titleFont}px system-ui, sans-serif`
			});
			expect(translation).toMatchObject({
				args: [
					'King James Version (KJV)',
					IMAGE.padding,
					afterLines + 8 + 24 + IMAGE.titleFont + 16 + IMAGE.nameFont
				],
				font: `${IMAGE.nameFont}px system-ui, sans-serif`
			});
			// The name's baseline leaves room below it for letters' tails and a margin.
			expect(canvas.height - (translation!.args[2] as number)).toBeGreaterThanOrEqual(
				IMAGE.nameFont
			);
		});

		it.each(['light', 'dark'] as const)(
			'in the %s theme: the passage and reference readable on the background, the name and rule quieter',
			(theme) => {
				drawImage(john, theme);
				const [background, rule] = made.drawn.filter((d) => d.op === 'fillRect');
				const texts = made.drawn.filter((d) => d.op === 'fillText');
				const bg = background!.fillStyle;
				const [line, reference, name] = [texts[0]!, texts.at(-2)!, texts.at(-1)!];
				expect(contrast(line.fillStyle, bg)).toBeGreaterThanOrEqual(7);
				expect(reference.fillStyle).toBe(line.fillStyle);
				// The name: still readable (4.5:1), less strong than the passage.
				expect(contrast(name.fillStyle, bg)).toBeGreaterThanOrEqual(4.5);
				expect(contrast(name.fillStyle, bg)).toBeLessThan(contrast(line.fillStyle, bg));
				expect(contrast(rule!.fillStyle, bg)).toBeLessThan(contrast(name.fillStyle, bg));
				expect(contrast(rule!.fillStyle, bg)).toBeGreaterThan(1.1);
				if (theme === 'light') expect(luminance(bg)).toBeGreaterThan(0.8);
				else expect(luminance(bg)).toBeLessThan(0.05);
			}
		);
	});

	/** A navigator whose Web Share takes files (`canShare`), with `share` doing what a test says. */
	function stubShare(share: () => Promise<void>, canShare: boolean | undefined = true) {
		const nav = {
			canShare: canShare === undefined ? undefined : vi.fn(() => canShare),
			share: vi.fn(share)
		};
		vi.stubGlobal('navigator', nav);
		return nav;
	}

	function stubObjectUrls() {
		const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:picture');
		const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
		return { create, revoke };
	}

	describe('Share as image: sharing or saving the picture', () => {
		it('shares a PNG file named after the reference, titled with the translation’s short name', async () => {
			const nav = stubShare(() => Promise.resolve());
			stubObjectUrls();
			expect(await shareImage(john, 'dark')).toBe('Shared John 3:16 (KJV) as a picture.');
			expect(made.canvas.blobType).toBe('image/png');
			const [{ files, title }] = nav.share.mock.calls[0] as unknown as [
				{ files: File[]; title: string }
			];
			expect(title).toBe('John 3:16 (KJV)');
			expect(files).toHaveLength(1);
			expect(files[0]!.name).toBe('John-3-16.png');
			expect(files[0]!.type).toBe('image/png');
			expect(await files[0]!.text()).toBe('png bytes');
			expect(nav.canShare).toHaveBeenCalledWith({ files });
			expect(anchors).toHaveLength(0);
		});

		it('a cancelled share says so and saves nothing', async () => {
			stubShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
			const { create } = stubObjectUrls();
			expect(await shareImage(john, 'light')).toBe('Not shared: sharing was cancelled.');
			expect(create).not.toHaveBeenCalled();
			expect(anchors).toHaveLength(0);
		});

		it('a share that fails otherwise saves the picture instead', async () => {
			stubShare(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
			const { create } = stubObjectUrls();
			expect(await shareImage(john, 'light')).toBe(
				'John 3:16 (KJV) was saved as the picture John-3-16.png.'
			);
			expect(create).toHaveBeenCalledOnce();
			expect((create.mock.calls[0]![0] as File).name).toBe('John-3-16.png');
			expect(anchors).toHaveLength(1);
			expect(anchors[0]).toMatchObject({ href: 'blob:picture', download: 'John-3-16.png' });
			expect(anchors[0]!.click).toHaveBeenCalledOnce();
		});

		it('frees the saved file’s address only after a second, when the download has begun', async () => {
			vi.stubGlobal('navigator', {});
			const { revoke } = stubObjectUrls();
			vi.useFakeTimers();
			const said = shareImage(john, 'light');
			await vi.advanceTimersByTimeAsync(0);
			expect(await said).toBe('John 3:16 (KJV) was saved as the picture John-3-16.png.');
			expect(anchors[0]!.click).toHaveBeenCalledOnce();
			await vi.advanceTimersByTimeAsync(999);
			expect(revoke).not.toHaveBeenCalled();
			await vi.advanceTimersByTimeAsync(1);
			expect(revoke).toHaveBeenCalledWith('blob:picture');
		});

		it('saves the picture where the browser cannot share files', async () => {
			const nav = stubShare(() => Promise.resolve(), false);
			stubObjectUrls();
			expect(await shareImage(john, 'light')).toBe(
				'John 3:16 (KJV) was saved as the picture John-3-16.png.'
			);
			expect(nav.share).not.toHaveBeenCalled();
			expect(anchors[0]!.click).toHaveBeenCalledOnce();
		});

		it('says so when the browser cannot make the picture', async () => {
			blob = null;
			const nav = stubShare(() => Promise.resolve());
			const { create } = stubObjectUrls();
			expect(await shareImage(john, 'light')).toBe(
				'The picture could not be made in this browser.'
			);
			expect(nav.share).not.toHaveBeenCalled();
			expect(create).not.toHaveBeenCalled();
		});

		it.each([
			[
				'Song of Solomon 2:1–3',
				'Reina-Valera 1909 (RV1909)',
				'Song-of-Solomon-2-1-3.png',
				'RV1909'
			],
			['“Génesis 1:1”', 'Biblia (A) (RVR)  ', 'Génesis-1-1.png', 'RVR'],
			['John 3:16, 18', 'KJV', 'John-3-16-18.png', 'KJV'],
			['…', 'World English Bible', 'passage.png', 'World English Bible']
		])(
			'%s in %s: the file %s, the title’s short name %s',
			async (reference, translation, file, short) => {
				vi.stubGlobal('navigator', {});
				stubObjectUrls();
				expect(await shareImage({ ...john, reference, translation }, 'light')).toBe(
					`${reference} (${short}) was saved as the picture ${file}.`
				);
				expect(anchors[0]!.download).toBe(file);
			}
		);
	});
});
