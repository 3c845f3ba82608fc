import { whenIdle } from '$lib/ui/when-idle';
import { formatNumber } from '$lib/ui/number-format';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { abortedProblem, type AsyncResult } from '$lib/ui/async-result.svelte';
import { onChapterChange } from './changes';
import { searchWorker } from './client';
import type { Coverage, SearchHit, SearchRequest } from './engine';
import { parseQuery, type Testament } from './query';
import { storedScope } from './scope';

/** Hits shown with their text; the rest are counted. */
export const SHOWN = 30;

/** "Searched 4 of 1,189 chapters of …": how much of each translation a search covered. */
export function coverageNotes(coverage: readonly Coverage[]): string[] {
	if (!coverage.length)
		return [
			'Nothing is stored on this device yet: download a translation (or read some chapters) to search it.'
		];
	const n = (x: number) => formatNumber(x);
	return coverage.flatMap((c) => {
		if (c.chapters === 0)
			return [`${c.name} is not stored on this device: download it to search it.`];
		if (c.total === undefined)
			return [`Searched the ${n(c.chapters)} chapters of ${c.name} stored on this device.`];
		if (c.chapters >= c.total) return [];
		return [
			`Searched ${n(c.chapters)} of ${n(c.total)} chapters of ${c.name} (${Math.floor((100 * c.chapters) / c.total)}%): download the whole translation to search all of it.`
		];
	});
}

/**
 * The query as the results name it: “love”; a phrase typed in quotes keeps its own, made curly
 * (“born again”), not wrapped in a second pair.
 */
export function queryEcho(text: string): string {
	const typed = text.trim();
	if (!/["“”]/.test(typed)) return `“${typed}”`;
	let quotes = 0;
	return typed.replace(/["“”]/g, () => (quotes++ % 2 ? '”' : '“'));
}

/** How long storage changes are gathered before what is stored is read again (a download stores many). */
const SCOPE_SETTLE_MS = 300;

/** The results shown: the first hits, how many there are, what was searched, for what. */
export interface SearchShown {
	hits: SearchHit[];
	total: number;
	coverage: Coverage[];
	/** What was asked for, for the count's wording. */
	shownFor: string;
}

/** The search box, its limits, and the last answer. */
export class SearchState {
	text = $state('');
	/** Accents ignored ("el" finds "él"). Off by default: an accent can change the word. */
	loose = $state(false);
	translation = $state('');
	testament = $state<'' | Testament>('');
	book = $state('');
	/** Why the query was not searched (it does not parse, or the index refused it). */
	message = $state('');
	/** The last answer; the newest search asked for wins. */
	readonly answer: AsyncResult<SearchShown>;
	/** What this device keeps of each translation: what the next search covers. */
	readonly scope: AsyncResult<Coverage[]>;
	#scopeSoon: { stop(): void } | undefined;
	/** The search the worker is answering: the next one waits for it (one at a time). */
	#inWorker: Promise<unknown> = Promise.resolve();
	readonly #session: AreaSession<'bible'>;

	constructor(session: AreaSession<'bible'>) {
		this.#session = session;
		this.answer = session.result<SearchShown>();
		this.scope = session.result<Coverage[]>();
		// Chapters stored (a download, a chapter read) or a translation deleted: said again, once
		// the burst is over.
		const stop = onChapterChange((apiRoot) => {
			if (apiRoot !== session.apiRoot) return;
			this.#scopeSoon?.stop();
			this.#scopeSoon = session.after(SCOPE_SETTLE_MS, () => void this.readScope());
		});
		session.onClose(() => {
			stop();
			this.#scopeSoon?.stop();
		});
	}

	/** Reads again what this device keeps, for the sentence saying what a search covers. */
	async readScope(): Promise<void> {
		const apiRoot = this.#session.apiRoot;
		// Storage refused (private mode): nothing is kept, and the sentence says so.
		await this.scope.run(() => storedScope(apiRoot).catch(() => []));
	}

	get busy(): boolean {
		return this.answer.loading;
	}

	/** A search has been answered (the results region shows). */
	get searched(): boolean {
		return this.answer.value !== undefined;
	}

	get hits(): SearchHit[] {
		return this.answer.value?.hits ?? [];
	}

	get total(): number {
		return this.answer.value?.total ?? 0;
	}

	get coverage(): Coverage[] {
		return this.answer.value?.coverage ?? [];
	}

	/** What was asked for the results shown, for the count's wording. */
	get shownFor(): string {
		return this.answer.value?.shownFor ?? '';
	}

	readonly summary: string = $derived(
		!this.searched
			? ''
			: this.total === 0
				? `No verses found for ${this.shownFor}.`
				: this.total <= this.hits.length
					? `${formatNumber(this.total)} ${this.total === 1 ? 'verse' : 'verses'} found for ${this.shownFor}.`
					: `${formatNumber(this.total)} verses found for ${this.shownFor}; the first ${this.hits.length} are shown.`
	);
	readonly notes: string[] = $derived(this.searched ? coverageNotes(this.coverage) : []);

	/**
	 * Searches what is stored. `typing`: a half-typed query that does not parse yet is left alone
	 * rather than scolded. The worker answers one search at a time: searches asked for while one
	 * runs wait, and only the newest of them is sent.
	 */
	async run(typing = false): Promise<void> {
		const apiRoot = this.#session.apiRoot;
		const parsed = parseQuery(this.text);
		if (!parsed.ok) {
			if (!typing) this.message = parsed.message;
			return;
		}
		const q = parsed.query;
		const request: SearchRequest = {
			query: q,
			loose: this.loose,
			translation: q.translation ?? (this.translation || undefined),
			book: q.book ?? (this.book || undefined),
			testament: q.testament ?? (this.testament || undefined),
			limit: SHOWN
		};
		const text = this.text;
		const outcome = await this.answer.run(async (signal) => {
			await this.#inWorker;
			// A newer search was asked for while this one waited: only that one is sent.
			if (signal.aborted) throw abortedProblem();
			const asked = searchWorker.search(apiRoot, request);
			this.#inWorker = asked.catch(() => undefined);
			const answer = await asked;
			if (!answer.ok) {
				// Said in words; the results shown before stay.
				if (!signal.aborted) this.message = answer.message;
				throw abortedProblem();
			}
			return {
				hits: answer.hits,
				total: answer.total,
				coverage: answer.coverage,
				shownFor: queryEcho(text)
			};
		});
		if (outcome.shown) this.message = '';
	}

	/**
	 * Builds or loads the index of what is stored, ahead of the first search, when the browser is
	 * idle (so the page shows first). Reads the connection at once: an `$effect` calling this
	 * prepares again for another server. Returns the cancel.
	 */
	prepareWhenIdle(): () => void {
		const apiRoot = this.#session.apiRoot;
		return whenIdle(() => searchWorker.sync(apiRoot));
	}
}
