/**
 * A chapter drawn in short tasks: the verses that fill a phone's first screen, then as many more in
 * each next task, then what waits for them (the verse actions, once asked for). Drawn at once, a
 * long chapter kept the main thread for one long task on a phone (issue 29: Lighthouse's total
 * blocking time).
 */
import { tick, untrack } from 'svelte';
import { paragraphs } from '../marks';
import type { Verse } from '../../schemas';

/** What a phone's first screen holds under the reader's toolbar (412 × 823: eight of John 3). */
export const FIRST_VERSES = 8;

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

/** What of the reader this reads (reader.svelte.ts). */
interface Reader {
	status: string;
	shown: string;
	chapter: { verses: readonly unknown[] } | null;
}

export class StagedChapter {
	/**
	 * The chapter being drawn ("John 3", as the reader names the one on screen: the same chapter
	 * read again keeps what is drawn) and how many of its verses are (Infinity: all, and what follows).
	 */
	#drawn = $state.raw<{ shown: string; verses: number } | undefined>();

	/** How many of the chapter's verses to draw now. */
	limit(shown: string): number {
		const drawn = this.#drawn;
		return drawn && drawn.shown === shown ? drawn.verses : FIRST_VERSES;
	}

	/** Whether all of the chapter is drawn, and what waits for it (the verse actions). */
	full(shown: string): boolean {
		return !!shown && this.limit(shown) === Infinity;
	}

	/**
	 * Draws `FIRST_VERSES` more of the reader's chapter in each next task until all are, then what
	 * waits for them (from an effect: the function returned cancels). The first screen is painted
	 * first: the next verses wait for its frame, so the task that draws them never comes before it.
	 */
	schedule(reader: Reader): (() => void) | undefined {
		const { shown } = reader;
		const count = reader.chapter?.verses.length ?? 0;
		if (reader.status !== 'ready' || !shown) return;
		let timer: ReturnType<typeof setTimeout> | undefined;
		let frame: number | undefined;
		const next = () => {
			const drawn = untrack(() => this.limit(shown));
			if (drawn === Infinity) return;
			timer = setTimeout(() => {
				this.#drawn = { shown, verses: drawn >= count ? Infinity : drawn + FIRST_VERSES };
				next();
			});
		};
		const firstScreen = untrack(() => this.limit(shown)) === FIRST_VERSES;
		if (firstScreen && typeof requestAnimationFrame === 'function')
			frame = requestAnimationFrame(next);
		else next();
		return () => {
			clearTimeout(timer);
			if (frame !== undefined) cancelAnimationFrame(frame);
		};
	}

	/**
	 * Whether a verse's actions were asked for: they are drawn then, not while the chapter loads (on
	 * a phone they lengthened its start-up tasks).
	 */
	actionsAsked = $state(false);

	/** Draws the rest now, and the verse's actions asked for; resolves once drawn. */
	finish(shown: string): Promise<void> {
		this.actionsAsked = true;
		if (shown) this.#drawn = { shown, verses: Infinity };
		return tick();
	}

	/** The paragraphs to draw, up to `limit` verses (one verse each with the marks shown as sent). */
	paragraphs(verses: readonly Verse[], oneEach: boolean, limit: number): Verse[][] {
		const all = oneEach ? verses.map((v) => [v]) : paragraphs(verses);
		return limit >= verses.length ? all : firstParagraphs(all, limit);
	}
}
