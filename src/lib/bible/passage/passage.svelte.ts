import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { getChapter, getPassage } from '../api';
import { bibleCache } from '../offline/cache';
import type { BibleConnection } from '../connection';
import { formatRange, loadParser, parseReference, type ReferenceRange } from './reference';
import type { Book, Chapter } from '../schemas';

export interface PassageVerse {
	chapter: number;
	verse: number;
	text: string;
}

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

/** The reference field: parse what was typed, then show the passage or open the chapter. */
export class PassageState {
	text = $state('');
	busy = $state(false);
	message = $state('');
	problem = $state<ApiProblem | null>(null);
	title = $state('');
	bookRef = $state('');
	startChapter = $state(0);
	startVerse = $state(0);
	verses = $state<PassageVerse[]>([]);
	#request = 0;
	readonly #connection: BibleConnection;

	constructor(connection: BibleConnection) {
		this.#connection = connection;
	}

	clear(): void {
		this.verses = [];
		this.title = '';
		this.message = '';
		this.problem = null;
	}

	async lookup(bibleRef: string, books: readonly Book[]): Promise<LookupResult> {
		const client = this.#connection.client();
		const request = ++this.#request;
		this.clear();
		this.busy = true;
		try {
			const parser = await loadParser();
			const parsed = parseReference(parser, this.text, books);
			if (request !== this.#request) return { kind: 'message' };
			if (parsed.kind === 'none') {
				this.message = parsed.message;
				return { kind: 'message' };
			}
			const range = parsed.range;
			const book = books.find((b) => b.ref === range.bookRef)!;
			// Whole chapters open in the reader.
			if (range.startVerse === undefined)
				return { kind: 'chapter', bookRef: range.bookRef, chapter: range.startChapter };
			const verses = await this.#verses(client, bibleRef, range);
			if (request !== this.#request) return { kind: 'message' };
			if (verses === null) return { kind: 'message' };
			if (!verses.length) {
				this.message = `${this.text.trim()} does not exist in this translation.`;
				return { kind: 'message' };
			}
			this.title = formatRange(
				{ ...range, endVerse: range.endVerse ?? verses[verses.length - 1]!.verse },
				book.name
			);
			this.bookRef = range.bookRef;
			this.startChapter = range.startChapter;
			this.startVerse = range.startVerse;
			this.verses = verses;
			return { kind: 'passage' };
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			if (request !== this.#request) return { kind: 'message' };
			if (error.kind === 'http' && error.status === 404)
				this.message = `${this.text.trim()} does not exist in this translation.`;
			else this.problem = error;
			return { kind: 'message' };
		} finally {
			if (request === this.#request) this.busy = false;
		}
	}

	/** One chapter: the passage endpoint (or the stored chapter offline). Across chapters: composed from chapters. */
	async #verses(
		client: HttpClient,
		bibleRef: string,
		range: ReferenceRange
	): Promise<PassageVerse[] | null> {
		const cache = bibleCache(client.options.baseUrl);
		const startVerse = range.startVerse ?? 1;
		if (range.startChapter === range.endChapter) {
			if (online()) {
				const passage = await getPassage(client, {
					bibleRef,
					bookRef: range.bookRef,
					startChapter: range.startChapter,
					startVerse,
					endVerse: range.endVerse ?? startVerse
				});
				return passage.verses;
			}
			const stored = await cache.get(bibleRef, range.bookRef, range.startChapter);
			if (!stored) return this.#notDownloaded();
			return sliceChapter(stored.data, startVerse, range.endVerse ?? startVerse);
		}
		const out: PassageVerse[] = [];
		for (let c = range.startChapter; c <= range.endChapter; c++) {
			let chapter = (await cache.get(bibleRef, range.bookRef, c))?.data;
			if (!chapter) {
				if (!online()) return this.#notDownloaded();
				const answer = await getChapter(client, bibleRef, range.bookRef, c);
				chapter = answer.chapter;
				await cache.put(bibleRef, range.bookRef, c, chapter, answer.bytes).catch(() => undefined);
			}
			const from = c === range.startChapter ? startVerse : 1;
			const to = c === range.endChapter ? (range.endVerse ?? Infinity) : Infinity;
			out.push(...sliceChapter(chapter, from, to));
		}
		return out;
	}

	#notDownloaded(): null {
		this.message =
			'This passage is not downloaded, and you are offline. Connect to the network to read it, or download the book for offline reading when you are back online.';
		return null;
	}
}
