/**
 * A page drawn in steps: what fills a phone's first screen at once, then the parts below it, one
 * step per task. Drawn at once, a dashboard held the main thread for one long task while the page
 * started on a phone (issue 29: Lighthouse's total blocking time). Only parts below the first screen
 * wait, so nothing the user already sees moves.
 */
import { untrack } from 'svelte';

export class PageStages {
	#drawn = $state(0);
	readonly #last: number;

	/** `last`: how many steps come after the first screen. */
	constructor(last: number) {
		this.#last = last;
	}

	/** Whether step `step` (1 … last) is drawn; step 0, the first screen, always is. */
	drawn(step: number): boolean {
		return this.#drawn >= step;
	}

	/** Draws one more step in each next task (from an effect: the function returned cancels). */
	schedule(): () => void {
		let timer: ReturnType<typeof setTimeout> | undefined;
		const next = () => {
			if (untrack(() => this.#drawn) >= this.#last) return;
			timer = setTimeout(() => {
				this.#drawn++;
				next();
			});
		};
		next();
		return () => clearTimeout(timer);
	}
}
