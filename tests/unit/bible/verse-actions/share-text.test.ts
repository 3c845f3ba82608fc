// Verse actions' Copy and Share: the passage as text with its link, and what the user is told.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canShareText, passPassage, type PassageToPass } from '$lib/bible/verse-actions/share-text';

afterEach(() => vi.unstubAllGlobals());

const passage: PassageToPass = {
	title: 'John 3:16–17 (KJV)',
	link: 'https://bible.example/bible/KJV/John/3#v16',
	verses: [
		{ ref: '16', text: 'For God so loved the world, that he gave his only begotten Son' },
		{ ref: '17', text: 'For God sent not his Son into the world to condemn [the] world' }
	]
};
const TEXT =
	'John 3:16–17 (KJV)\n16 For God so loved the world, that he gave his only begotten Son 17 For God sent not his Son into the world to condemn the world';

/** A navigator with a clipboard and, when `share` is given, Web Share. */
function stubNavigator(
	share?: () => Promise<void>,
	writeText: () => Promise<void> = () => Promise.resolve()
) {
	const nav = {
		clipboard: { writeText: vi.fn(writeText) },
		...(share ? { share: vi.fn(share) } : {})
	};
	vi.stubGlobal('navigator', nav);
	return nav as typeof nav & { share?: ReturnType<typeof vi.fn> };
}

describe('whether Share is offered', () => {
	it('only where the browser has Web Share', () => {
		stubNavigator(() => Promise.resolve());
		expect(canShareText()).toBe(true);
		stubNavigator();
		expect(canShareText()).toBe(false);
		vi.stubGlobal('navigator', { share: 'yes' });
		expect(canShareText()).toBe(false);
		vi.stubGlobal('navigator', undefined);
		expect(canShareText()).toBe(false);
	});
});

describe('Share', () => {
	it('shares the passage’s title, its verses (numbered, marks removed) and its link', async () => {
		const nav = stubNavigator(() => Promise.resolve());
		expect(await passPassage(passage, true)).toBe('Shared John 3:16–17 (KJV).');
		expect(nav.share).toHaveBeenCalledExactlyOnceWith({
			title: passage.title,
			text: TEXT,
			url: passage.link
		});
		expect(nav.clipboard.writeText).not.toHaveBeenCalled();
	});

	it('a cancelled share says so and copies nothing', async () => {
		const nav = stubNavigator(() => Promise.reject(new DOMException('cancel', 'AbortError')));
		expect(await passPassage(passage, true)).toBe('Not shared: sharing was cancelled.');
		expect(nav.clipboard.writeText).not.toHaveBeenCalled();
	});

	it('a share that fails otherwise copies the passage instead, and says why', async () => {
		const nav = stubNavigator(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
		expect(await passPassage(passage, true)).toBe(
			'Sharing is not available here, so John 3:16–17 (KJV) was copied with its link.'
		);
		expect(nav.clipboard.writeText).toHaveBeenCalledExactlyOnceWith(`${TEXT}\n${passage.link}`);
	});

	it('where the browser cannot share, copies and says why', async () => {
		const nav = stubNavigator();
		expect(await passPassage(passage, true)).toBe(
			'Sharing is not available here, so John 3:16–17 (KJV) was copied with its link.'
		);
		expect(nav.clipboard.writeText).toHaveBeenCalledOnce();
	});
});

describe('Copy', () => {
	it('copies the passage with its link, on a line of its own, even where Share exists', async () => {
		const nav = stubNavigator(() => Promise.resolve());
		expect(await passPassage(passage, false)).toBe('John 3:16–17 (KJV) was copied with its link.');
		expect(nav.share).not.toHaveBeenCalled();
		expect(nav.clipboard.writeText).toHaveBeenCalledExactlyOnceWith(`${TEXT}\n${passage.link}`);
	});

	it('one verse is copied without its number', async () => {
		const nav = stubNavigator();
		await passPassage(
			{ ...passage, title: 'John 11:35 (KJV)', verses: [{ ref: '35', text: 'Jesus wept.' }] },
			false
		);
		expect(nav.clipboard.writeText).toHaveBeenCalledWith(
			`John 11:35 (KJV)\nJesus wept.\n${passage.link}`
		);
	});

	it('when the browser refuses the clipboard, says how to copy by hand', async () => {
		stubNavigator(undefined, () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
		expect(await passPassage(passage, false)).toBe(
			'John 3:16–17 (KJV) could not be copied: the browser did not allow it. Select the text and copy it by hand.'
		);
	});
});
