import type { Position } from './reader/navigation';

/** Small reading preferences, kept in localStorage (absent in tests and private modes: ignored). */
function storage(): Storage | undefined {
	try {
		return typeof localStorage === 'undefined' ? undefined : localStorage;
	} catch {
		return undefined;
	}
}

const POSITION_PREFIX = 'bible.position.';

export function loadPosition(bibleRef: string): Position | undefined {
	try {
		const raw = storage()?.getItem(POSITION_PREFIX + bibleRef);
		if (!raw) return undefined;
		const p = JSON.parse(raw) as Partial<Position>;
		// A damaged value ("", chapter 0) would make "Continue reading" a link to nowhere.
		return typeof p.bookRef === 'string' &&
			p.bookRef !== '' &&
			Number.isInteger(p.chapter) &&
			p.chapter! >= 1
			? { bookRef: p.bookRef, chapter: p.chapter! }
			: undefined;
	} catch {
		return undefined;
	}
}

export function savePosition(bibleRef: string, position: Position): void {
	storage()?.setItem(POSITION_PREFIX + bibleRef, JSON.stringify(position));
	storage()?.setItem('bible.translation', bibleRef);
}

export function lastTranslation(): string | undefined {
	return storage()?.getItem('bible.translation') ?? undefined;
}

export function rememberTranslation(bibleRef: string): void {
	storage()?.setItem('bible.translation', bibleRef);
}

export const FONT_SIZES = [0.875, 1, 1.125, 1.25, 1.5, 1.75, 2] as const;

export function loadFontStep(): number {
	const n = Number(storage()?.getItem('bible.fontStep') ?? 1);
	return Number.isInteger(n) && n >= 0 && n < FONT_SIZES.length ? n : 1;
}

export function saveFontStep(step: number): void {
	storage()?.setItem('bible.fontStep', String(step));
}

export type Theme = 'auto' | 'light' | 'dark';

export function loadTheme(): Theme {
	const t = storage()?.getItem('bible.theme');
	return t === 'light' || t === 'dark' ? t : 'auto';
}

export function saveTheme(theme: Theme): void {
	storage()?.setItem('bible.theme', theme);
}

/** The translation shown beside the one being read ("Compare with"), or none. */
export function loadCompare(): string {
	return storage()?.getItem('bible.compare') ?? '';
}

export function saveCompare(bibleRef: string): void {
	if (bibleRef) storage()?.setItem('bible.compare', bibleRef);
	else storage()?.removeItem('bible.compare');
}

/** A third translation beside the other two ("Also compare with"), or none. */
export function loadCompareAlso(): string {
	return storage()?.getItem('bible.compare-also') ?? '';
}

export function saveCompareAlso(bibleRef: string): void {
	if (bibleRef) storage()?.setItem('bible.compare-also', bibleRef);
	else storage()?.removeItem('bible.compare-also');
}

/** The Hebrew text without its cantillation marks (accents), vowels kept. */
export function loadHideAccents(): boolean {
	return storage()?.getItem('bible.hide-accents') === 'true';
}

export function saveHideAccents(hide: boolean): void {
	if (hide) storage()?.setItem('bible.hide-accents', 'true');
	else storage()?.removeItem('bible.hide-accents');
}
