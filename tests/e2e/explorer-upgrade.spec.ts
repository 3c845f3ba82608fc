/**
 * Saved requests kept by the previous build (format 1: one IndexedDB record holding the whole
 * list) are all there once this build opens the explorer, and the store is then format 2.
 */
import { readFile } from 'node:fs/promises';
import { collectionRecords, collectionsOf } from './collections-store';
import { savedRequests } from './explorer-helpers';
import { expect, test } from './fixtures';

interface Stored {
	id: string;
	name: string;
	requests: { name: string }[];
}

test('saved requests the previous build kept are all listed in Collections, and kept as format 2', async ({
	page
}) => {
	const old = JSON.parse(
		await readFile(
			new URL('../unit/codehost/collections/fixtures/collections-format-1.json', import.meta.url),
			'utf8'
		)
	) as Stored[];
	// Written before the explorer is opened, as the previous build left it.
	await page.goto('/');
	await page.evaluate(
		(list) =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('codehost-collections');
				open.onupgradeneeded = () => open.result.createObjectStore('kv');
				open.onsuccess = () => {
					const tx = open.result.transaction('kv', 'readwrite');
					tx.objectStore('kv').put(list, 'collections');
					tx.oncomplete = () => {
						open.result.close();
						resolve();
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		old
	);
	await page.goto('/explorer');
	const s = savedRequests(page);
	for (const c of old) {
		await expect(s.region.getByText(c.name, { exact: true }).first()).toBeVisible();
		for (const r of c.requests) await expect(s.item(r.name)).toBeVisible();
	}
	await expect
		.poll(async () => Object.keys(await collectionRecords(page)).includes('collections'))
		.toBe(false);
	const records = await collectionRecords(page);
	expect(records.order).toMatchObject({ format: 2 });
	expect(collectionsOf(records)).toEqual(old);
});
