import { readJson, type HttpClient, type HttpResult, type LoadProgress } from '$lib/http/client';
import { hintFor } from '$lib/http/hints';
import { ApiProblem } from '$lib/http/problem';
import {
	BibleDetailEnvelopeSchema,
	BibleListSchema,
	ChapterEnvelopeSchema,
	PassageEnvelopeSchema,
	type Bible,
	type BibleDetail,
	type Chapter,
	type Passage
} from './schemas';

/** Path segments are encoded; refs are case-sensitive and sent as given. */
const seg = (value: string | number) => encodeURIComponent(String(value));

export interface CallOptions {
	signal?: AbortSignal;
	/** false leaves retrying to the caller (the downloader has its own backoff). */
	retry?: boolean;
	timeoutMs?: number;
	/** Progress of the demo data a request waits for (Demo mode only). */
	onLoading?: (progress: LoadProgress) => void;
}

/** GET /bibles (BI-EP-1). */
export async function listBibles(client: HttpClient, signal?: AbortSignal): Promise<Bible[]> {
	const { data } = await client.json({ method: 'GET', path: 'bibles', signal }, BibleListSchema);
	return data.data;
}

/** GET /bibles/{bible_ref} (BI-EP-2). */
export async function getBible(
	client: HttpClient,
	bibleRef: string,
	options: CallOptions = {}
): Promise<BibleDetail> {
	const { data } = await client.json(
		{ method: 'GET', path: `bibles/${seg(bibleRef)}`, ...options },
		BibleDetailEnvelopeSchema
	);
	return data.data;
}

export function chapterPath(bibleRef: string, bookRef: string, chapter: number): string {
	return `bibles/${seg(bibleRef)}/books/${seg(bookRef)}/chapters/${seg(chapter)}`;
}

/** GET /bibles/{bible_ref}/books/{book_ref}/chapters/{chapter} (BI-EP-3), with the size received. */
export async function getChapter(
	client: HttpClient,
	bibleRef: string,
	bookRef: string,
	chapter: number,
	options: CallOptions = {}
): Promise<{ chapter: Chapter; bytes: number }> {
	return readChapter(await sendChapter(client, bibleRef, bookRef, chapter, options), chapter);
}

/** The network half of getChapter: resolves once the whole answer is received, unread. */
export function sendChapter(
	client: HttpClient,
	bibleRef: string,
	bookRef: string,
	chapter: number,
	options: CallOptions = {}
): Promise<HttpResult> {
	return client.send({ method: 'GET', path: chapterPath(bibleRef, bookRef, chapter), ...options });
}

/**
 * The reading half: a 2xx JSON envelope with a valid chapter, or an ApiProblem. A chapter whose
 * `ref` is not the one asked for is a contract problem (it would be stored in the wrong place).
 */
export function readChapter(
	result: HttpResult,
	expected: number
): { chapter: Chapter; bytes: number } {
	const data = readJson(result, 'GET', ChapterEnvelopeSchema);
	if (data.data.ref !== expected)
		throw new ApiProblem({
			kind: 'contract',
			method: 'GET',
			url: result.exchange.url,
			status: result.response.status,
			bodyText: result.text,
			message: `The answer does not match the contract at \`data.ref\`: chapter ${expected} was asked for, ${data.data.ref} came back.`,
			hint: hintFor({ kind: 'contract', field: 'data.ref' })
		});
	return { chapter: data.data, bytes: result.exchange.sizeBytes };
}

export interface PassageQuery {
	bibleRef: string;
	bookRef: string;
	startChapter: number;
	startVerse: number;
	endVerse: number;
}

/** GET /passage/{bible_ref}/{book_ref}?start-chapter=&start-verse=&end-verse= (BI-EP-4). */
export async function getPassage(
	client: HttpClient,
	query: PassageQuery,
	options: CallOptions = {}
): Promise<Passage> {
	const { data } = await client.json(
		{
			method: 'GET',
			path: `passage/${seg(query.bibleRef)}/${seg(query.bookRef)}`,
			query: {
				'start-chapter': query.startChapter,
				'start-verse': query.startVerse,
				'end-verse': query.endVerse
			},
			...options
		},
		PassageEnvelopeSchema
	);
	return data.data;
}

export type RawFormat = 'json' | 'xml' | 'yaml';

export interface RawAnswer {
	status: number;
	contentType: string;
	text: string;
	url: string;
}

/**
 * Any GET in the format asked for (BI-FMT-1), as text to look at. Never parsed or cached:
 * only JSON answers, validated, go into the chapter cache.
 */
export async function getRaw(
	client: HttpClient,
	path: string,
	format: RawFormat,
	signal?: AbortSignal
): Promise<RawAnswer> {
	const { response, text, url } = await client.send({
		method: 'GET',
		path,
		query: { format },
		signal
	});
	return {
		status: response.status,
		contentType: response.headers.get('content-type') ?? '',
		text,
		url
	};
}
