// The study data as the build serves it: one content-hashed JSON asset per file of
// generated/bible-study/ (written by scripts/bible-study-plugin.ts). Fetched through the app's HTTP
// core the first time a tool needs it; the service worker keeps each file it has served.
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
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

export function browserStudySource(): StudySource {
	const client = createClient({
		baseUrl: location.origin,
		transport: globalThis.fetch.bind(globalThis),
		timeoutMs: 30_000
	});
	return memoized(
		async (file) => {
			const url = files.get(file);
			if (!url)
				throw new ApiProblem({
					kind: 'http',
					message: `The study data has no file ${file}.`,
					hint: 'Reload the page: a new version of the app may have been published.'
				});
			const { data } = await client.json<unknown>({
				method: 'GET',
				path: new URL(url, location.href).href
			});
			return data;
		},
		(file) => files.has(file)
	);
}
