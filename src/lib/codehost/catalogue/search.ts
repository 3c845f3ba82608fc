/**
 * Ranked search over the catalogue: by path (`/projects/:id/mer`, `/projects/42/merge_requests`,
 * `GET /users`) or by words (`merge requests`, `create issue`). Plain loops over a prepared index:
 * a query over the whole catalogue takes well under a millisecond.
 */
import type { CatalogueEntry } from './catalogue';

interface Indexed {
	entry: CatalogueEntry;
	lower: string;
	segments: string[];
	/** Stems of the path's fixed words: "merge_requests" gives "merge", "request". */
	pathWords: string[];
	/** Stems of the entry's other words (verbs, resource names). */
	otherWords: string[];
	/** Stems of the last fixed segment: what the endpoint is about. */
	resource: string[];
	/**
	 * A small lead for the well-known: an imported description's operations, the explorer's
	 * templates, what both sources describe.
	 */
	weight: number;
}

export interface CatalogueIndex {
	readonly items: readonly Indexed[];
}

/** "requests" and "request" are one word; "statuses" and "status" too. */
export function stem(word: string): string {
	const w = word.toLowerCase();
	if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
	if (w.length > 4 && /(ss|sh|ch|x|us)es$/.test(w)) return w.slice(0, -2);
	if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us'))
		return w.slice(0, -1);
	return w;
}

function wordsOf(text: string): string[] {
	return text
		.split(/[^A-Za-z0-9]+/)
		.filter(Boolean)
		.map(stem);
}

export function indexCatalogue(entries: readonly CatalogueEntry[]): CatalogueIndex {
	return {
		items: entries.map((entry) => {
			const segments = entry.path.split('/').filter(Boolean);
			const fixed = segments.filter((s) => !s.startsWith(':'));
			return {
				entry,
				lower: entry.path.toLowerCase(),
				segments,
				pathWords: wordsOf(fixed.join(' ')),
				otherWords: wordsOf(entry.words),
				resource: wordsOf(fixed.at(-1) ?? ''),
				weight:
					(entry.from ? 4 : 0) +
					(entry.templates.length ? 3 : 0) +
					(entry.sources.length > 1 ? 2 : 0) +
					(entry.path.startsWith('/projects') ? 1 : 0)
			};
		})
	};
}

const METHOD_WORDS: Record<string, string> = {
	get: 'GET',
	list: 'GET',
	show: 'GET',
	post: 'POST',
	create: 'POST',
	new: 'POST',
	add: 'POST',
	put: 'PUT',
	update: 'PUT',
	edit: 'PUT',
	patch: 'PATCH',
	delete: 'DELETE',
	remove: 'DELETE'
};

const METHOD_ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 };

/** Score of a path query against an entry; 0 when it does not match. */
function pathScore(item: Indexed, query: string): number {
	const q = query.toLowerCase().replace(/\?.*$/, '');
	const qs = q.split('/').filter(Boolean);
	const openEnd = !q.endsWith('/') && qs.length > 0;
	// Segment by segment: a parameter takes any value, the last segment typed may be a prefix.
	if (qs.length <= item.segments.length) {
		let ok = true;
		let exactFixed = 0;
		for (let i = 0; i < qs.length && ok; i++) {
			const want = item.segments[i]!;
			const got = qs[i]!;
			const last = i === qs.length - 1 && openEnd;
			if (want.startsWith(':')) ok = got.length > 0;
			else if (want === got) exactFixed++;
			else ok = last && want.startsWith(got);
		}
		if (ok) {
			const extra = item.segments.length - qs.length;
			// A typed trailing `/` asks for what lies below: the path itself comes after.
			return 1000 + exactFixed * 10 - extra * 30 - (!openEnd && extra === 0 ? 100 : 0);
		}
	}
	const at = item.lower.indexOf(q);
	if (at >= 0) return 400 - at - (item.lower.length - q.length) / 4;
	return 0;
}

/** Score of a words query; every word must match the start of a word of the entry. */
function wordScore(item: Indexed, words: readonly string[]): number {
	let score = 0;
	for (const word of words) {
		let best = 0;
		for (const w of item.pathWords)
			if (w.startsWith(word)) best = Math.max(best, w === word ? 30 : 20);
		if (!best) for (const w of item.otherWords) if (w.startsWith(word)) best = w === word ? 12 : 8;
		if (!best) return 0;
		score += best;
	}
	// The endpoint about the thing named first, then the shorter path.
	if (words.every((w) => item.resource.some((r) => r.startsWith(w)))) score += 25;
	return score - item.segments.length * 2 - item.pathWords.length;
}

/**
 * The entry a request is for: its method and a concrete path (`/projects/group%2Fapp/issues/5`)
 * or a template. A fixed segment beats a parameter (`/projects/import` is not `/projects/:id`).
 */
export function findEndpoint(
	index: CatalogueIndex,
	method: string,
	path: string
): CatalogueEntry | undefined {
	const got = path
		.replace(/[?#].*$/, '')
		.split('/')
		.filter(Boolean);
	let best: CatalogueEntry | undefined;
	let bestFixed = -1;
	for (const item of index.items) {
		if (item.entry.method !== method.toUpperCase() || item.segments.length !== got.length) continue;
		let fixed = 0;
		let ok = true;
		for (let i = 0; i < got.length && ok; i++) {
			const want = item.segments[i]!;
			if (want === got[i]) fixed++;
			else ok = want.startsWith(':');
		}
		if (ok && fixed > bestFixed) {
			best = item.entry;
			bestFixed = fixed;
		}
	}
	return best;
}

/** The best entries for a query, best first (at most `limit`). */
export function searchCatalogue(
	index: CatalogueIndex,
	query: string,
	limit = 20
): CatalogueEntry[] {
	let text = query.trim();
	let method: string | undefined;
	const lead = /^(GET|POST|PUT|PATCH|DELETE)\b\s*/i.exec(text);
	if (lead) {
		method = lead[1]!.toUpperCase();
		text = text.slice(lead[0].length);
	}
	const byPath = text.includes('/');
	const tokens = byPath ? [] : text.split(/\s+/).filter(Boolean);
	// A verb among the words ("create issue") names the method when no method was typed.
	let words = tokens.map(stem);
	if (!method && words.length > 1) {
		const verb = words.find((w) => METHOD_WORDS[w]);
		if (verb) {
			method = METHOD_WORDS[verb];
			words = words.filter((w) => w !== verb);
		}
	}
	if (!byPath && words.length === 0 && !method) return [];
	const scored: { item: Indexed; score: number }[] = [];
	for (const item of index.items) {
		if (method && item.entry.method !== method) continue;
		const score = byPath ? pathScore(item, text) : words.length ? wordScore(item, words) : 1;
		if (score > 0) scored.push({ item, score: score + item.weight });
	}
	scored.sort(
		(a, b) =>
			b.score - a.score ||
			a.item.entry.path.length - b.item.entry.path.length ||
			(METHOD_ORDER[a.item.entry.method] ?? 9) - (METHOD_ORDER[b.item.entry.method] ?? 9)
	);
	return scored.slice(0, limit).map((s) => s.item.entry);
}
