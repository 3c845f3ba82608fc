/**
 * A chapter drawn in short tasks: the verses that fill a phone's first screen, then as many more in
 * each next task, then what waits for them (the verse actions). Drawn at once, a long chapter kept
 * the main thread for one long task on a phone (issue 29: Lighthouse's total blocking time).
 */
import { tick, untrack } from 'svelte';
import { paragraphs } from '../marks';
import type { Verse } from '../schemas';

/** More than a phone's first screen holds under the reader's toolbar (412 × 823: about eight). */
export const FIRST_VERSES = 12;

/** The paragraphs that hold the first `limit` verses, the last one cut where the limit falls. */
export function firstParagraphs<T>(paras: readonly (readonly T[])[], limit: number): T[][] {
	const out: T[][] = [];
	let left = limit;
	for (const para of paras) {
		if (left <= 0) break;
		out.push(para.slice(0, left));
		left -= para.length;
	}
	return out;
}

/** A chapter as drawn: its verses (none while it loads). */
type Chapter = { verses: readonly unknown[] };
type Shown = Chapter | null | undefined;

export class StagedChapter {
	/** The chapter being drawn and how many of its verses are (Infinity: all, and what follows). */
	#drawn = $state.raw<{ chapter: Chapter; verses: number } | undefined>();

	/** How many of the chapter's verses to draw now. */
	limit(chapter: Shown): number {
		const drawn = this.#drawn;
		return drawn && drawn.chapter === chapter ? drawn.verses : FIRST_VERSES;
	}

	/** Whether all of `chapter` is drawn, and what waits for it (the verse actions). */
	full(chapter: Shown): boolean {
		return !!chapter && this.limit(chapter) === Infinity;
	}

	/**
	 * Draws `FIRST_VERSES` more of `chapter` in each next task until all are, then what waits for
	 * them (from an effect: the function returned cancels).
	 */
	schedule(chapter: Shown): (() => void) | undefined {
		if (!chapter) return;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const next = () => {
			const drawn = untrack(() => this.limit(chapter));
			if (drawn === Infinity) return;
			timer = setTimeout(() => {
				const all = drawn >= chapter.verses.length;
				this.#drawn = { chapter, verses: all ? Infinity : drawn + FIRST_VERSES };
				next();
			});
		};
		next();
		return () => clearTimeout(timer);
	}

	/** Draws the rest now (a verse's actions asked for before the next task); resolves once drawn. */
	finish(chapter: Shown): Promise<void> {
		if (chapter) this.#drawn = { chapter, verses: Infinity };
		return tick();
	}

	/** The paragraphs to draw, up to `limit` verses (one verse each with the marks shown as sent). */
	paragraphs(verses: readonly Verse[], oneEach: boolean, limit: number): Verse[][] {
		const all = oneEach ? verses.map((v) => [v]) : paragraphs(verses);
		return limit >= verses.length ? all : firstParagraphs(all, limit);
	}
}
