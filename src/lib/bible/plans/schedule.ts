// A plan's days: what day N reads, which day today is, what is behind, and catching up.
import { canonBook } from '../notes/books';
import type { Plan, PlanChapter } from './catalog';

/** Where the user is in one plan; what is kept on this device and in the notes export. */
export interface PlanProgress {
	id: string;
	/** The day the plan began: "2026-11-26" (the user's own calendar day). */
	start: string;
	/** Days read (1 = the first day), in order. */
	done: number[];
}

/** The chapters of day `day` (1-based): its even share of each track. */
export function dayReading(plan: Plan, day: number): PlanChapter[] {
	if (!Number.isInteger(day) || day < 1 || day > plan.days) return [];
	return plan.tracks.flatMap((track) => {
		const from = Math.round(((day - 1) * track.length) / plan.days);
		const to = Math.round((day * track.length) / plan.days);
		return track.slice(from, to);
	});
}

/** "Genesis 1–3", "Psalms 1–5; Proverbs 1": a day's reading in words. */
export function readingName(chapters: readonly PlanChapter[]): string {
	const runs: { book: string; from: number; to: number }[] = [];
	for (const c of chapters) {
		const last = runs[runs.length - 1];
		if (last && last.book === c.book && last.to + 1 === c.chapter) last.to = c.chapter;
		else runs.push({ book: c.book, from: c.chapter, to: c.chapter });
	}
	return runs
		.map((r) => {
			const name = canonBook(r.book)?.name ?? r.book;
			return r.from === r.to ? `${name} ${r.from}` : `${name} ${r.from}–${r.to}`;
		})
		.join('; ');
}

/** "2026-11-26" for a date, in the user's time zone. */
export function isoDay(date: Date): string {
	const m = String(date.getMonth() + 1).padStart(2, '0');
	const d = String(date.getDate()).padStart(2, '0');
	return `${date.getFullYear()}-${m}-${d}`;
}

/** Today on the user's calendar. */
export const todayIso = (): string => isoDay(new Date());

const DAY_MS = 86_400_000;
/** Days from one calendar day to another (UTC arithmetic, so no daylight-saving hour counts). */
function daysBetween(from: string, to: string): number {
	return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The plan's day on `today` (1-based): before its start 0, after its end past `plan.days`. */
export function dayOf(progress: PlanProgress, today: string): number {
	const n = daysBetween(progress.start, today);
	return n < 0 ? 0 : n + 1;
}

/** Days before today (within the plan) not yet read. */
export function behind(plan: Plan, progress: PlanProgress, today: string): number[] {
	const upTo = Math.min(dayOf(progress, today) - 1, plan.days);
	const done = new Set(progress.done);
	const out: number[] = [];
	for (let d = 1; d <= upTo; d++) if (!done.has(d)) out.push(d);
	return out;
}

/** Read and unread: the share of days done, 0 to 1. */
export const progressShare = (plan: Plan, progress: PlanProgress): number =>
	Math.min(1, progress.done.length / plan.days);

/** Marks `day` read or not; the list stays in order, each day once. */
export function markDay(progress: PlanProgress, day: number, read: boolean): PlanProgress {
	const done = new Set(progress.done);
	if (read) done.add(day);
	else done.delete(day);
	return { ...progress, done: [...done].sort((a, b) => a - b) };
}

/**
 * Catching up: the plan moves later so that its first unread day is today, and the days read
 * stay read. Nothing to do when nothing before today is unread.
 */
export function catchUp(plan: Plan, progress: PlanProgress, today: string): PlanProgress {
	const first = behind(plan, progress, today)[0];
	if (first === undefined) return progress;
	const start = new Date(`${today}T00:00:00Z`);
	start.setUTCDate(start.getUTCDate() - (first - 1));
	return { ...progress, start: start.toISOString().slice(0, 10) };
}
