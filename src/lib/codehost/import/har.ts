/**
 * HAR 1.2 recordings (a browser's “Save all as HAR”, a proxy's capture): one saved request per
 * entry, in one collection (one per recorded page where the file names pages). With
 * `onlyApiRoot`, requests to anything but the API root are left out and counted. The recorded
 * credentials, cookies and browser headers never come along. No Svelte, no DOM.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { decodeQuery } from '../request/encoding';
import { savedRequest, type DraftBody, type Pair, type RequestDraft } from './draft';
import { cleanName, PreviewBuilder, type ImportOptions, type ImportPreview } from './preview';
import { isObject, list, str } from './source';
import { splitTarget } from './target';

type Json = Record<string, unknown>;

function bodyOf(postData: unknown): DraftBody {
	if (!isObject(postData)) return { mode: 'none' };
	const type = str(postData.mimeType).toLowerCase();
	const text = str(postData.text);
	const params = list(postData.params).filter(isObject);
	if (/multipart\/form-data/.test(type))
		return {
			mode: 'formdata',
			fields: params.map((p) => ({
				name: str(p.name),
				value: str(p.value),
				file: p.fileName !== undefined
			}))
		};
	if (/x-www-form-urlencoded/.test(type))
		return {
			mode: 'urlencoded',
			fields: params.length
				? params.map((p) => ({ name: str(p.name), value: str(p.value) }))
				: decodeQuery(text).map(([name, value]) => ({ name, value }))
		};
	if (!text) return { mode: 'none' };
	return { mode: 'raw', text, language: type || undefined };
}

/** A HAR 1.2 (or 1.1) recording. */
export function parseHar(data: Json, options: ImportOptions): ImportPreview {
	const b = new PreviewBuilder('har-1.2');
	const log = data.log as Json;
	const entries = list(log.entries);
	const pages = new Map(
		list(log.pages)
			.filter(isObject)
			.map((p) => [str(p.id), cleanName(p.title, 'Page')])
	);
	const ctx = {
		apiRoot: options.apiRoot,
		knownPaths: options.knownPaths,
		variables: {},
		builder: b
	};
	let elsewhere = 0;
	for (const [i, e] of entries.entries()) {
		if (!isObject(e) || !isObject(e.request))
			throw new FileRefused(
				`Entry ${i + 1} of the recording has no request: the file is not a whole HAR recording.`
			);
		const req = e.request;
		const url = str(req.url);
		const target = splitTarget(url, ctx);
		if (options.onlyApiRoot && !target.underRoot) {
			elsewhere++;
			continue;
		}
		b.countRequests(1);
		const method = str(req.method).toUpperCase() || 'GET';
		const page = pages.get(str(e.pageref));
		const collection = page ? `Recorded requests / ${page}` : 'Recorded requests';
		const name = cleanName(`${method} ${target.path}`, method);
		const headers: Pair[] = list(req.headers)
			.filter(isObject)
			// HTTP/2's pseudo-headers (:authority, :path…) are the protocol's, not the request's.
			.filter((h) => !str(h.name).startsWith(':'))
			.map((h) => ({ name: str(h.name), value: str(h.value) }));
		const draft: RequestDraft = {
			name,
			where: `${collection} / ${name}`,
			method,
			url,
			headers,
			body: bodyOf(req.postData),
			auth: { type: 'none' },
			recorded: true
		};
		const saved = savedRequest(draft, ctx);
		if (saved) b.add(collection, saved);
	}
	if (pages.size) b.folders = pages.size;
	if (elsewhere)
		b.explain(
			`${elsewhere} recorded request${elsewhere > 1 ? 's' : ''} to other servers than the API root ${elsewhere > 1 ? 'were' : 'was'} left out, as asked.`
		);
	return b.build();
}
