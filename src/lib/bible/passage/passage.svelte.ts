import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import type { AsyncResult } from '$lib/ui/async-result.svelte';
import { getChapter, getPassage } from '../api';
import { bibleCache } from '../offline/cache';
import { formatRange, loadParser, parseReference, type ReferenceRange } from './reference';
import type { Book, Chapter } from '../schemas';

export interface PassageVerse {
	chapter: number;
	verse: number;
	text: string;
}

/** A passage found: its heading, where it starts, its verses. */
export interface PassageShown {
	title: string;
	bookRef: string;
	startChapter: number;
	startVerse: number;
	verses: PassageVerse[];
}

/** What a lookup found: a passage to show, a chapter to open, or words to say instead. */
type Found =
	| { kind: 'passage'; passage: PassageShown }
	| { kind: 'chapter'; bookRef: string; chapter: number }
	| { kind: 'message'; message: string };

export type LookupResult =
	| { kind: 'chapter'; bookRef: string; chapter: number; verse?: number }
	| { kind: 'passage' }
	| { kind: 'message' };

const online = () => typeof navigator === 'undefined' || navigator.onLine;

/** Verses of one chapter between two verse numbers (inclusive; `end` clamped). */
export function sliceChapter(
	chapter: Chapter,
	start: number,
	end: number = Number.POSITIVE_INFINITY
): PassageVerse[] {
	return chapter.verses
		.map((v) => ({ chapter: chapter.ref, verse: Number(v.ref), text: v.text }))
		.filter((v) => v.verse >= start && v.verse <= end);
}

const NOT_DOWNLOADED =
	'This passage is not downloaded, and you are offline. Connect to the network to read it, or download the book for offline reading when you are back online.';

/** The reference field: parse what was typed, then show the passage or open the chapter. */
export class PassageState {
	text = $state('');
	/** What the last lookup found; the latest one typed wins. */
	readonly answer: AsyncResult<Found>;
	readonly #session: AreaSession<'bible'>;

	constructor(session: AreaSession<'bible'>) {
		this.#session = session;
		this.answer = session.result<Found>();
	}

	/** The passage shown, if one is. */
	get shown(): PassageShown | undefined {
		const value = this.answer.value;
		return value?.kind === 'passage' ? value.passage : undefined;
	}

	get busy(): boolean {
		return this.answer.loading;
	}

	/** Words instead of a passage: the reference does not parse, or names no verse here. */
	get message(): string {
		const value = this.answer.value;
		return value?.kind === 'message' ? value.message : '';
	}

	get problem(): ApiProblem | null {
		return this.answer.problem ?? null;
	}

	get title(): string {
		return this.shown?.title ?? '';
	}

	get verses(): PassageVerse[] {
		return this.shown?.verses ?? [];
	}

	clear(): void {
		this.answer.reset();
	}

	async lookup(bibleRef: string, books: readonly Book[]): Promise<LookupResult> {
		const client = this.#session.client();
		const typed = this.text.trim();
		const missing = `${typed} does not exist in this translation.`;
		this.clear();
		const outcome = await this.answer.run(async (signal): Promise<Found> => {
			const parser = await loadParser();
			const parsed = parseReference(parser, this.text, books);
			if (parsed.kind === 'none') return { kind: 'message', message: parsed.message };
			const range = parsed.range;
			const book = books.find((b) => b.ref === range.bookRef)!;
			// Whole chapters open in the reader.
			if (range.startVerse === undefined)
				return { kind: 'chapter', bookRef: range.bookRef, chapter: range.startChapter };
			try {
				const verses = await this.#verses(client, bibleRef, range, signal);
				if (verses === null) return { kind: 'message', message: NOT_DOWNLOADED };
				if (!verses.length) return { kind: 'message', message: missing };
				const title = formatRange(
					{ ...range, endVerse: range.endVerse ?? verses[verses.length - 1]!.verse },
					book.name
				);
				const { bookRef, startChapter, startVerse } = range;
				return { kind: 'passage', passage: { title, bookRef, startChapter, startVerse, verses } };
			} catch (error) {
				if (isApiProblem(error) && error.kind === 'http' && error.status === 404)
					return { kind: 'message', message: missing };
				throw error;
			}
		});
		if (!outcome.shown) return { kind: 'message' };
		const found = outcome.value;
		if (found.kind === 'chapter')
			return { kind: 'chapter', bookRef: found.bookRef, chapter: found.chapter };
		return { kind: found.kind };
	}

	/**
	 * One chapter: the passage endpoint (or the stored chapter offline). Across chapters: composed
	 * from chapters. Null: not on this device, and offline.
	 */
	async #verses(
		client: HttpClient,
		bibleRef: string,
		range: ReferenceRange,
		signal: AbortSignal
	): Promise<PassageVerse[] | null> {
		const cache = bibleCache(client.options.baseUrl);
		const startVerse = range.startVerse ?? 1;
		if (range.startChapter === range.endChapter) {
			if (online()) {
				const passage = await getPassage(
					client,
					{
						bibleRef,
						bookRef: range.bookRef,
						startChapter: range.startChapter,
						startVerse,
						endVerse: range.endVerse ?? startVerse
					},
					{ signal }
				);
				return passage.verses;
			}
			const stored = await cache.get(bibleRef, range.bookRef, range.startChapter);
			if (!stored) return null;
			return sliceChapter(stored.data, startVerse, range.endVerse ?? startVerse);
		}
		const out: PassageVerse[] = [];
		for (let c = range.startChapter; c <= range.endChapter; c++) {
			let chapter = (await cache.get(bibleRef, range.bookRef, c))?.data;
			if (!chapter) {
				if (!online()) return null;
				const answer = await getChapter(client, bibleRef, range.bookRef, c, { signal });
				chapter = answer.chapter;
				await cache.put(bibleRef, range.bookRef, c, chapter, answer.bytes).catch(() => undefined);
			}
			const from = c === range.startChapter ? startVerse : 1;
			const to = c === range.endChapter ? (range.endVerse ?? Infinity) : Infinity;
			out.push(...sliceChapter(chapter, from, to));
		}
		return out;
	}
}
