// Which verses hold each word: the search index's core, kept in typed arrays. A saved index is
// these arrays as they are, so loading one is taking them back from IndexedDB: no parse and no
// object per word. (MiniSearch's JSON took 1.5 s to load for the KJV and held the worker meanwhile.)

/** The saved form: words sorted, each word's verses `docs[offsets[i]]…docs[offsets[i + 1] - 1]`. */
export interface SavedPostings {
	/** The words, sorted, joined by U+0001 (no word holds it). */
	terms: string;
	offsets: Uint32Array;
	docs: Uint32Array;
}

const SEP = '\u0001';
const EMPTY: readonly number[] = [];

/** The first index at or after `from` of ascending `list` whose value is not below `value`. */
function lowerBound<T extends string | number>(list: ArrayLike<T>, value: T, from = 0): number {
	let lo = from;
	let hi = list.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (list[mid]! < value) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** The verses in every list (each ascending), shortest first so the work is the rarest word's. */
export function intersect(lists: readonly ArrayLike<number>[]): ArrayLike<number> {
	if (!lists.length) return EMPTY;
	const [first, ...rest] = [...lists].sort((a, b) => a.length - b.length);
	let out: ArrayLike<number> = first!;
	for (const list of rest) {
		const kept: number[] = [];
		let at = 0;
		for (let i = 0; i < out.length && at < list.length; i++) {
			const doc = out[i]!;
			at = lowerBound(list, doc, at);
			if (list[at] === doc) kept.push(doc);
		}
		out = kept;
	}
	return out;
}

/**
 * Words and the verses (numbered documents) holding them: the saved part as loaded, plus what
 * was added since. Documents are added in rising numbers, so every list stays ascending.
 */
export class Postings {
	readonly #terms: string[];
	readonly #offsets: Uint32Array;
	readonly #docs: Uint32Array;
	readonly #at = new Map<string, number>();
	/** Words added since loading, each with its documents (all above the saved ones). */
	readonly #added = new Map<string, number[]>();
	#lastDoc = -1;

	constructor(saved?: SavedPostings) {
		this.#terms = saved?.terms ? saved.terms.split(SEP) : [];
		this.#offsets = saved?.offsets ?? new Uint32Array(1);
		this.#docs = saved?.docs ?? new Uint32Array(0);
		this.#terms.forEach((term, i) => {
			this.#at.set(term, i);
			// A list's last document is its highest.
			const end = this.#offsets[i + 1] ?? 0;
			if (end > (this.#offsets[i] ?? 0))
				this.#lastDoc = Math.max(this.#lastDoc, this.#docs[end - 1]!);
		});
	}

	/** Checks a loaded index against the number of documents it should number. */
	validate(documents: number): void {
		const o = this.#offsets;
		if (o.length !== this.#terms.length + 1 || o[0] !== 0 || o[o.length - 1] !== this.#docs.length)
			throw new Error('The saved word lists do not match their words.');
		for (let i = 0; i < this.#terms.length; i++) {
			if (o[i + 1]! <= o[i]!) throw new Error('A saved word has no verses.');
			for (let j = o[i]! + 1; j < o[i + 1]!; j++)
				if (this.#docs[j]! <= this.#docs[j - 1]!)
					throw new Error('A saved word list is out of order.');
		}
		if (this.#lastDoc >= documents)
			throw new Error('A saved word names a verse that is not there.');
	}

	/** Notes a document's words; `doc` must be above every document added before. */
	add(doc: number, terms: Iterable<string>): void {
		if (doc <= this.#lastDoc)
			throw new RangeError(`Document ${doc} is not above ${this.#lastDoc}.`);
		this.#lastDoc = doc;
		for (const term of terms) {
			const list = this.#added.get(term);
			if (list) list.push(doc);
			else this.#added.set(term, [doc]);
		}
	}

	#saved(i: number): Uint32Array {
		return this.#docs.subarray(this.#offsets[i], this.#offsets[i + 1]);
	}

	/** The documents holding this word, ascending. */
	word(term: string): ArrayLike<number> {
		const i = this.#at.get(term);
		const saved = i === undefined ? undefined : this.#saved(i);
		const added = this.#added.get(term);
		if (!added) return saved ?? EMPTY;
		return saved ? [...saved, ...added] : added;
	}

	/** The documents holding a word that begins with `prefix`, ascending. */
	prefix(prefix: string): ArrayLike<number> {
		const lists: ArrayLike<number>[] = [];
		for (let i = lowerBound(this.#terms, prefix); this.#terms[i]?.startsWith(prefix); i++)
			lists.push(this.#saved(i));
		for (const [term, docs] of this.#added) if (term.startsWith(prefix)) lists.push(docs);
		if (lists.length <= 1) return lists[0] ?? EMPTY;
		const seen = new Uint8Array(this.#lastDoc + 1);
		for (const list of lists) for (let j = 0; j < list.length; j++) seen[list[j]!] = 1;
		const out: number[] = [];
		for (let doc = 0; doc < seen.length; doc++) if (seen[doc]) out.push(doc);
		return out;
	}

	/**
	 * The saved form, documents renumbered by `renumber` (old number → new, or -1 to drop). The
	 * new numbers must keep the old order, so each list stays ascending.
	 */
	save(renumber: Int32Array): SavedPostings {
		const terms = [...new Set([...this.#terms, ...this.#added.keys()])].sort();
		const kept: string[] = [];
		const offsets: number[] = [0];
		const docs: number[] = [];
		for (const term of terms) {
			const list = this.word(term);
			for (let j = 0; j < list.length; j++) {
				const doc = renumber[list[j]!] ?? -1;
				if (doc >= 0) docs.push(doc);
			}
			if (docs.length > offsets[offsets.length - 1]!) {
				kept.push(term);
				offsets.push(docs.length);
			}
		}
		return {
			terms: kept.join(SEP),
			offsets: Uint32Array.from(offsets),
			docs: Uint32Array.from(docs)
		};
	}
}
