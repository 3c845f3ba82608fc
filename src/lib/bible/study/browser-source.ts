// The study data as the build serves it: one content-hashed JSON asset per file of
// generated/bible-study/ (written by scripts/bible-study-plugin.ts). Read from this device when it
// was downloaded for offline use (offline.ts), else fetched through the app's HTTP core the first
// time a tool needs it (the service worker then keeps it).
import { createClient } from '$lib/http/client';
import { browserTransport } from '$lib/http/reachability';
import { ApiProblem } from '$lib/http/problem';
import { isOriginalText } from '../original/format';
import { dropPart, keepFiles, keepPart, keptFile, STUDY_PARTS, type PartRecord } from './offline';
import { memoized, type StudySource } from './source';

const urls = import.meta.glob<string>('/generated/bible-study/**/*.json', {
	eager: true,
	query: '?url',
	import: 'default'
});
/** "kjv/John.json" → the asset's URL. */
const files = new Map(
	Object.entries(urls).map(([path, url]) => [path.replace(/^.*\/bible-study\//, ''), url])
);

let client: ReturnType<typeof createClient> | undefined;

/** A file's JSON from the network, parsed. */
async function fetchJson(file: string): Promise<unknown> {
	const url = files.get(file);
	if (!url)
		throw new ApiProblem({
			kind: 'http',
			message: `The study data has no file ${file}.`,
			hint: 'Reload the page: a new version of the app may have been published.'
		});
	// eslint-disable-next-line no-restricted-syntax -- the app's own static study files, not a service's API: no connection, no credential, nothing Settings change
	client ??= createClient({
		baseUrl: location.origin,
		transport: browserTransport,
		timeoutMs: 30_000
	});
	const { data } = await client.json<unknown>({
		method: 'GET',
		path: new URL(url, location.href).href
	});
	return data;
}

/** A file's JSON text from the network, to keep on this device. */
const fetchText = async (file: string) => JSON.stringify(await fetchJson(file));

export function browserStudySource(): StudySource {
	// Parsed once: a file from the network is not turned back into text to be parsed again.
	return memoized(
		async (file) => {
			const kept = await keptFile(file);
			return kept !== undefined ? (JSON.parse(kept) as unknown) : fetchJson(file);
		},
		(file) => files.has(file)
	);
}

const part = (id: string) => {
	const found = STUDY_PARTS.find((p) => p.id === id);
	if (!found) throw new Error(`No study data part ${id}.`);
	return found;
};

/** Downloads a part (Strong's, a commentary, the topics) for offline use. */
export function keepStudyPart(
	id: string,
	onProgress: (done: number, total: number) => void,
	signal?: AbortSignal
): Promise<PartRecord> {
	return keepPart(part(id), [...files.keys()], fetchText, onProgress, signal);
}

export function dropStudyPart(id: string): Promise<void> {
	return dropPart(part(id), [...files.keys()]);
}

/**
 * Keeps on this device what a downloaded book (or, with no books, the whole translation) of the
 * Greek New Testament or the Hebrew Bible needs offline: its words, the text's lexicon and places,
 * and the Strong's dictionary the Word panel opens. Any other translation needs none.
 */
export async function keepOriginalWords(
	bibleRef: string,
	bookRefs?: readonly string[],
	signal?: AbortSignal
): Promise<void> {
	if (!isOriginalText(bibleRef)) return;
	const words = part(bibleRef === 'SBLGNT' ? 'greek' : 'hebrew');
	const all = [...files.keys()];
	const dir = `original/${bibleRef}/`;
	const books = bookRefs && new Set(bookRefs.map((ref) => `${dir}${ref}.json`));
	// A book's file is its words; everything else in the folder is the text's (index, lexicon, places).
	const own = all.filter(
		(f) =>
			f.startsWith(dir) &&
			(!books ||
				books.has(f) ||
				!/^[^/]+\.json$/.test(f.slice(dir.length)) ||
				f === `${dir}index.json`)
	);
	if (books) await keepFiles(words, own, fetchText, signal);
	else await keepPart(words, all, fetchText, () => {}, signal);
	await keepFiles(
		part('strongs'),
		all.filter((f) => f.startsWith('strongs/')),
		fetchText,
		signal
	);
}
