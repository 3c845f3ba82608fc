import type { Page } from '@playwright/test';
import { FAKE_URLS, setLive } from './fixtures';

/** Switches the Bible area to Live, on the local fake server over loopback HTTP. */
export async function goLiveBible(page: Page) {
	await setLive(page, 'Bible', FAKE_URLS.bible);
}
