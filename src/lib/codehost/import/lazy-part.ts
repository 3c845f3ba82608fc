import { FileRefused } from '$lib/ui/file-refused';
/**
 * The import's parts that load only when a file needs them (other tools' readers, Bruno's parser,
 * the OpenAPI resolver): when one cannot be fetched (offline before it was ever loaded, or a new
 * version of the app replaced the file since the page was opened), the import stops before
 * anything is read into it, saying what failed and what to do, never as if the file were bad.
 * No Svelte, no DOM.
 */

/** A part of the import could not be loaded; the file itself was not judged. */
export class PartNotLoaded extends FileRefused {}

/** What each part reads, as the message names it. */
export const PARTS = {
	readers: 'other tools’ files',
	bruno: 'Bruno’s .bru files',
	openapi: 'OpenAPI and Swagger descriptions'
} as const;

export function partNotLoadedText(part: keyof typeof PARTS): string {
	return `The part of this app that reads ${PARTS[part]} could not be loaded: this browser may be offline, or the app was updated since this page was opened. Reconnect and try again, or reload the page.`;
}

/** `load()`'s module, or PartNotLoaded when fetching or starting it fails. */
export async function loadPart<T>(part: keyof typeof PARTS, load: () => Promise<T>): Promise<T> {
	try {
		return await load();
	} catch {
		throw new PartNotLoaded(partNotLoadedText(part));
	}
}
