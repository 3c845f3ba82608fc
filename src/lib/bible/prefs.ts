import { formatOf, NewerData } from '$lib/ui/stored-format';
import type { Position } from './reader/navigation';

/**
 * Small reading preferences, kept in localStorage (absent in tests and private modes: ignored),
 * each under its own key. Format 2: `{ "format": 2, "value": … }`. Format 1 (builds before
 * versions) was the bare text ("dark", "3", a position's JSON): it is read as before and written
 * back as format 2. One a newer build wrote reads as the default and is never written over
 * (prefsNewer says so).
 */
export const PREFS_FORMAT = 2;

function storage(): Storage | undefined {
	try {
		return typeof localStorage === 'undefined' ? undefined : localStorage;
	} catch {
		return undefined;
	}
}

const POSITION_PREFIX = 'bible.position.';
const TRANSLATION = 'bible.translation';
const FONT_STEP = 'bible.fontStep';
const THEME = 'bible.theme';
const COMPARE = 'bible.compare';
const COMPARE_ALSO = 'bible.compare-also';
const HIDE_ACCENTS = 'bible.hide-accents';

function parsed(raw: string): unknown {
	try {
		return JSON.parse(raw) as unknown;
	} catch {
		return undefined;
	}
}

/** The format of the item kept under `key` (1 when it is bare text or absent). */
function formatAt(s: Storage, key: string): number {
	const raw = s.getItem(key);
	return raw === null ? 1 : formatOf(parsed(raw));
}

/**
 * The preference kept under `key`: `fromOld` reads a format-1 text (which is then written back as
 * format 2), `fromValue` the value of a format-2 record; what does not read as one is undefined.
 */
function load<T>(
	key: string,
	fromOld: (text: string) => T | undefined,
	fromValue: (value: unknown) => T | undefined
): T | undefined {
	const s = storage();
	try {
		const raw = s?.getItem(key);
		if (raw === null || raw === undefined) return undefined;
		const value = parsed(raw);
		const format = formatOf(value);
		if (format > PREFS_FORMAT) return undefined;
		if (format === PREFS_FORMAT) return fromValue((value as { value?: unknown }).value);
		const old = fromOld(raw);
		if (old !== undefined) keep(key, old);
		return old;
	} catch {
		return undefined;
	}
}

/** Keeps `value` as format 2 under `key` (undefined: removes it), unless a newer build wrote it. */
function keep(key: string, value: unknown): void {
	const s = storage();
	try {
		if (!s || formatAt(s, key) > PREFS_FORMAT) return;
		if (value === undefined) s.removeItem(key);
		else s.setItem(key, JSON.stringify({ format: PREFS_FORMAT, value }));
	} catch {
		// Storage refused (full, or a private mode): the preference lasts for this page.
	}
}

/** NewerData when a newer build wrote any of the reading preferences kept here. */
export function prefsNewer(s = storage()): NewerData | undefined {
	try {
		if (!s) return undefined;
		for (let i = 0; i < s.length; i++) {
			const key = s.key(i);
			if (
				key &&
				(key.startsWith(POSITION_PREFIX) ||
					[TRANSLATION, FONT_STEP, THEME, COMPARE, COMPARE_ALSO, HIDE_ACCENTS].includes(key))
			) {
				const format = formatAt(s, key);
				if (format > PREFS_FORMAT) return new NewerData('reading preferences', format);
			}
		}
	} catch {
		// Storage refused: nothing is kept, so nothing newer either.
	}
	return undefined;
}

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

/** A damaged value ("", chapter 0) would make "Continue reading" a link to nowhere. */
function position(value: unknown): Position | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const p = value as Partial<Position>;
	return typeof p.bookRef === 'string' &&
		p.bookRef !== '' &&
		Number.isInteger(p.chapter) &&
		p.chapter! >= 1
		? { bookRef: p.bookRef, chapter: p.chapter! }
		: undefined;
}

export function loadPosition(bibleRef: string): Position | undefined {
	return load(POSITION_PREFIX + bibleRef, (raw) => position(parsed(raw)), position);
}

export function savePosition(bibleRef: string, at: Position): void {
	keep(POSITION_PREFIX + bibleRef, { bookRef: at.bookRef, chapter: at.chapter });
	keep(TRANSLATION, bibleRef);
}

export function lastTranslation(): string | undefined {
	return load(TRANSLATION, text, text);
}

export function rememberTranslation(bibleRef: string): void {
	keep(TRANSLATION, bibleRef);
}

export const FONT_SIZES = [0.875, 1, 1.125, 1.25, 1.5, 1.75, 2] as const;

const fontStep = (value: unknown): number | undefined =>
	Number.isInteger(value) && (value as number) >= 0 && (value as number) < FONT_SIZES.length
		? (value as number)
		: undefined;

export function loadFontStep(): number {
	return load(FONT_STEP, (raw) => fontStep(Number(raw)), fontStep) ?? 1;
}

export function saveFontStep(step: number): void {
	keep(FONT_STEP, step);
}

export type Theme = 'auto' | 'light' | 'dark';

const theme = (value: unknown): Theme | undefined =>
	value === 'light' || value === 'dark' || value === 'auto' ? value : undefined;

export function loadTheme(): Theme {
	return load(THEME, theme, theme) ?? 'auto';
}

export function saveTheme(value: Theme): void {
	keep(THEME, value);
}

/** The translation shown beside the one being read ("Compare with"), or none. */
export function loadCompare(): string {
	return load(COMPARE, text, text) ?? '';
}

export function saveCompare(bibleRef: string): void {
	keep(COMPARE, bibleRef || undefined);
}

/** A third translation beside the other two ("Also compare with"), or none. */
export function loadCompareAlso(): string {
	return load(COMPARE_ALSO, text, text) ?? '';
}

export function saveCompareAlso(bibleRef: string): void {
	keep(COMPARE_ALSO, bibleRef || undefined);
}

/** The Hebrew text without its cantillation marks (accents), vowels kept. */
export function loadHideAccents(): boolean {
	return (
		load(
			HIDE_ACCENTS,
			(raw) => raw === 'true' || undefined,
			(value) => value === true || undefined
		) ?? false
	);
}

export function saveHideAccents(hide: boolean): void {
	keep(HIDE_ACCENTS, hide || undefined);
}
