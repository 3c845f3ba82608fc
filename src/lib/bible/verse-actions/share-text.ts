// Copying or sharing a passage as text, with its link: what Verse actions' Copy and Share do.
import { plainText } from '../reader/marks';
import { passageText } from '../notes/format';

export interface PassageToPass {
	/** "John 3:16–17 (KJV)". */
	title: string;
	/** The link to the first verse. */
	link: string;
	verses: readonly { ref: string; text: string }[];
}

export const canShareText = (): boolean =>
	typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Shares the passage where the browser can (when `share`), else copies it with its link;
 * resolves with what happened, in words for the user.
 */
export async function passPassage(passage: PassageToPass, share: boolean): Promise<string> {
	const { title, link } = passage;
	const verses = passage.verses.map((v) => ({ ref: v.ref, text: plainText(v.text) }));
	if (share && canShareText()) {
		try {
			await navigator.share({ title, text: passageText({ title, verses }), url: link });
			return `Shared ${title}.`;
		} catch (error) {
			if ((error as { name?: string }).name === 'AbortError')
				return 'Not shared: sharing was cancelled.';
			// Sharing failed for another reason: copy instead, and say so.
		}
	}
	try {
		await navigator.clipboard.writeText(passageText({ title, verses, link }));
		return `${share ? 'Sharing is not available here, so ' : ''}${title} was copied with its link.`;
	} catch {
		return `${title} could not be copied: the browser did not allow it. Select the text and copy it by hand.`;
	}
}
