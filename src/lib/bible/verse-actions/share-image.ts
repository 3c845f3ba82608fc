// "Share as image": a passage drawn on a canvas with its reference and translation, light or
// dark, then shared as a file where the browser can, else downloaded. Loaded only when asked.
import { plainText } from '../reader/marks';

export type ImageTheme = 'light' | 'dark';

/** The picture's size and type, in canvas pixels. */
export const IMAGE = {
	width: 1080,
	padding: 80,
	verseFont: 44,
	verseLine: 66,
	titleFont: 36,
	nameFont: 28,
	/** Longer passages end with "…" rather than make an endless picture. */
	maxLines: 24
} as const;

const COLOURS: Record<ImageTheme, { bg: string; fg: string; muted: string; rule: string }> = {
	light: { bg: '#fbf8f1', fg: '#1b1f24', muted: '#57606a', rule: '#d0c8b4' },
	dark: { bg: '#0d1117', fg: '#e6edf3', muted: '#9ea7b3', rule: '#30363d' }
};

/**
 * Breaks `text` into lines no wider than `maxWidth` as `measure` measures them: at spaces, and
 * inside a word only when the word alone is wider than a line.
 */
export function wrapText(text: string, maxWidth: number, measure: (s: string) => number): string[] {
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(/\s+/).filter(Boolean)) {
		const tried = line ? `${line} ${word}` : word;
		if (measure(tried) <= maxWidth) {
			line = tried;
			continue;
		}
		if (line) lines.push(line);
		line = '';
		if (measure(word) <= maxWidth) {
			line = word;
			continue;
		}
		// A word wider than a line: as many characters as fit, then the rest on the next.
		let part = '';
		for (const ch of word) {
			if (part && measure(part + ch) > maxWidth) {
				lines.push(part);
				part = '';
			}
			part += ch;
		}
		line = part;
	}
	if (line) lines.push(line);
	return lines;
}

export interface ImagePassage {
	/** "John 3:16–17". */
	reference: string;
	/** "King James Version (KJV)". */
	translation: string;
	verses: readonly { ref: string; text: string }[];
}

export interface ImageLayout {
	lines: string[];
	/** Some of the passage did not fit: the last line ends with "…". */
	cut: boolean;
	height: number;
}

/** Where everything goes: the passage's lines (verse numbers before each verse after the first). */
export function layoutImage(passage: ImagePassage, measure: (s: string) => number): ImageLayout {
	const text = passage.verses
		.map((v) => `${passage.verses.length > 1 ? `${v.ref} ` : ''}${plainText(v.text)}`.trim())
		.join(' ');
	let lines = wrapText(text, IMAGE.width - 2 * IMAGE.padding, measure);
	const cut = lines.length > IMAGE.maxLines;
	if (cut) lines = [...lines.slice(0, IMAGE.maxLines - 1), `${lines[IMAGE.maxLines - 1] ?? ''}…`];
	const height =
		IMAGE.padding * 2 + lines.length * IMAGE.verseLine + 40 + IMAGE.titleFont + 16 + IMAGE.nameFont;
	return { lines, cut, height };
}

const SERIF = 'Georgia, "Times New Roman", serif';
const SANS = 'system-ui, sans-serif';

/** Draws the passage on a new canvas. */
export function drawImage(passage: ImagePassage, theme: ImageTheme): HTMLCanvasElement {
	const canvas = document.createElement('canvas');
	const measureCtx = canvas.getContext('2d')!;
	measureCtx.font = `${IMAGE.verseFont}px ${SERIF}`;
	const layout = layoutImage(passage, (s) => measureCtx.measureText(s).width);
	canvas.width = IMAGE.width;
	canvas.height = Math.ceil(layout.height);
	const ctx = canvas.getContext('2d')!;
	const c = COLOURS[theme];
	ctx.fillStyle = c.bg;
	ctx.fillRect(0, 0, canvas.width, canvas.height);
	ctx.fillStyle = c.fg;
	ctx.textBaseline = 'alphabetic';
	ctx.font = `${IMAGE.verseFont}px ${SERIF}`;
	let y = IMAGE.padding + IMAGE.verseFont;
	for (const line of layout.lines) {
		ctx.fillText(line, IMAGE.padding, y);
		y += IMAGE.verseLine;
	}
	y += 8;
	ctx.fillStyle = c.rule;
	ctx.fillRect(IMAGE.padding, y, 120, 3);
	y += 24 + IMAGE.titleFont;
	ctx.fillStyle = c.fg;
	ctx.font = `700 ${IMAGE.titleFont}px ${SANS}`;
	ctx.fillText(passage.reference, IMAGE.padding, y);
	y += 16 + IMAGE.nameFont;
	ctx.fillStyle = c.muted;
	ctx.font = `${IMAGE.nameFont}px ${SANS}`;
	ctx.fillText(passage.translation, IMAGE.padding, y);
	return canvas;
}

const fileName = (reference: string) =>
	`${reference.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'passage'}.png`;

/** Draws and shares the picture (or downloads it); resolves with what happened, in words. */
export async function shareImage(passage: ImagePassage, theme: ImageTheme): Promise<string> {
	const canvas = drawImage(passage, theme);
	const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
	if (!blob) return 'The picture could not be made in this browser.';
	const file = new File([blob], fileName(passage.reference), { type: 'image/png' });
	// "John 3:16 (KJV)": the short name in brackets of "King James Version (KJV)".
	const short = /\(([^)]+)\)\s*$/.exec(passage.translation)?.[1] ?? passage.translation;
	const title = `${passage.reference} (${short})`;
	if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
		try {
			await navigator.share({ files: [file], title });
			return `Shared ${title} as a picture.`;
		} catch (error) {
			if ((error as { name?: string }).name === 'AbortError')
				return 'Not shared: sharing was cancelled.';
			// Sharing failed for another reason: download instead.
		}
	}
	const url = URL.createObjectURL(file);
	const a = document.createElement('a');
	a.href = url;
	a.download = file.name;
	a.click();
	setTimeout(() => URL.revokeObjectURL(url), 1000);
	return `${title} was saved as the picture ${file.name}.`;
}
