import type { Attachment } from 'svelte/attachments';
import { whenIdle } from '$lib/ui/when-idle';
import { formatNumber } from '$lib/ui/number-format';
import type { BibleConnection } from '../connection';
import { searchWorker } from './client';
import type { Coverage, SearchHit, SearchRequest } from './engine';
import { parseQuery, type Testament } from './query';

/** Hits shown with their text; the rest are counted. */
export const SHOWN = 30;

export interface Segment {
	text: string;
	mark: boolean;
}

/** A verse cut into plain and highlighted runs, for rendering as text (never as HTML). */
export function segments(text: string, marks: readonly [number, number][]): Segment[] {
	const out: Segment[] = [];
	let at = 0;
	for (const [start, end] of marks) {
		if (start > at) out.push({ text: text.slice(at, start), mark: false });
		out.push({ text: text.slice(start, end), mark: true });
		at = end;
	}
	if (at < text.length) out.push({ text: text.slice(at), mark: false });
	return out;
}

/**
 * Fills an element with a verse, its matches in `<mark>`, as text nodes (never HTML). Plain DOM
 * rather than a Svelte block per run: search as you type builds 30 of these on a keypress.
 */
export function markedText(
	text: string,
	marks: readonly [number, number][]
): Attachment<HTMLElement> {
	return (element) => {
		element.replaceChildren(
			...segments(text, marks).map((part) => {
				if (!part.mark) return part.text;
				const mark = document.createElement('mark');
				mark.textContent = part.text;
				return mark;
			})
		);
	};
}

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

/** The search box, its limits, and the last answer. */
export class SearchState {
	text = $state('');
	/** Accents ignored ("el" finds "él"). Off by default: an accent can change the word. */
	loose = $state(false);
	translation = $state('');
	testament = $state<'' | Testament>('');
	book = $state('');
	busy = $state(false);
	/** A search has been answered (the results region shows). */
	searched = $state(false);
	message = $state('');
	// Raw: each answer replaces the list whole, and deep proxies of 30 hits and their marks
	// were time on every keypress of search as you type.
	hits = $state.raw<SearchHit[]>([]);
	total = $state(0);
	coverage = $state.raw<Coverage[]>([]);
	/** What was asked for the results shown, for the count's wording. */
	shownFor = $state('');
	#latest = 0;
	#running = false;
	#queued: { go: () => void; skip: () => void } | undefined;
	readonly #connection: BibleConnection;

	constructor(connection: BibleConnection) {
		this.#connection = connection;
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
	 * rather than scolded; searches asked for while one runs are folded into the newest.
	 */
	run(typing = false): Promise<void> {
		const apiRoot = this.#connection.apiRoot;
		const parsed = parseQuery(this.text);
		if (!parsed.ok) {
			if (!typing) this.message = parsed.message;
			return Promise.resolve();
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
		const text = this.text.trim();
		const id = ++this.#latest;
		return new Promise((done) => {
			const go = async () => {
				this.#running = true;
				this.busy = true;
				try {
					const answer = await searchWorker.search(apiRoot, request);
					if (id !== this.#latest) return;
					if (!answer.ok) {
						this.message = answer.message;
						return;
					}
					this.message = '';
					this.hits = answer.hits;
					this.total = answer.total;
					this.coverage = answer.coverage;
					this.shownFor = `“${text}”`;
					this.searched = true;
				} finally {
					this.#running = false;
					this.busy = false;
					const next = this.#queued;
					this.#queued = undefined;
					next?.go();
					done();
				}
			};
			if (this.#running) {
				this.#queued?.skip();
				this.#queued = { go: () => void go(), skip: done };
				return;
			}
			void go();
		});
	}

	/**
	 * Builds or loads the index of what is stored, ahead of the first search, when the browser is
	 * idle (so the page shows first). Reads the connection at once: an `$effect` calling this
	 * prepares again for another server. Returns the cancel.
	 */
	prepareWhenIdle(): () => void {
		const apiRoot = this.#connection.apiRoot;
		return whenIdle(() => searchWorker.sync(apiRoot));
	}
}
