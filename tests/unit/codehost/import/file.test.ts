/**
 * Reading an imported history or collections file, as the import worker does it: read in slices,
 * checked and redacted; a file that cannot be read, or that storage cannot take, changes nothing.
 */
import { afterEach, describe, expect, it, vi, beforeEach } from 'vitest';
import { readImport, readText, type ImportReply } from '$lib/codehost/import/file';
import { createStore, del } from 'idb-keyval';
import { exportHistory, HISTORY_LIMIT, type HistoryEntry } from '$lib/codehost/history/history';
import { FILE_FORMAT } from '$lib/codehost/collections/collections';
import { resetStorageFaults } from '$lib/ui/storage-faults';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.resetModules();
});

describe('reading a collections file that cannot be read', () => {
	it('says only that the file could not be read (a history file gives the error’s words)', async () => {
		const unreadable = {
			size: 10,
			stream: () =>
				new ReadableStream<Uint8Array>({
					pull(controller) {
						controller.error(new Error('disk gone'));
					}
				})
		} as unknown as Blob;
		const out: ImportReply[] = [];
		await readImport({ kind: 'collections', file: unreadable }, (m) => out.push(m));
		expect(out).toEqual([{ type: 'refused', message: 'the file could not be read.' }]);
		const history: ImportReply[] = [];
		await readImport({ kind: 'history', file: unreadable }, (m) => history.push(m));
		expect(history).toEqual([{ type: 'refused', message: 'disk gone' }]);
	});
});

const db = () => createStore('codehost-history', 'kv');

const entry = (id: string, at: string): HistoryEntry => ({
	id,
	at,
	method: 'GET',
	path: '/projects',
	url: 'https://h/api/v4/projects',
	status: 200,
	durationMs: 1,
	sizeBytes: 1,
	requestHeaders: {},
	responseHeaders: {}
});

beforeEach(async () => {
	await del('entries', db());
	resetStorageFaults();
});
afterEach(() => vi.restoreAllMocks());

describe('reading an import file', () => {
	const replies = async (kind: 'history' | 'collections', text: string) => {
		const out: ImportReply[] = [];
		await readImport({ kind, file: new Blob([text]) }, (m) => out.push(m));
		return out;
	};

	it('reads a file in slices, multi-byte characters split across slices intact', async () => {
		const text = 'ä€😀'.repeat(1_000);
		const bytes = new TextEncoder().encode(text);
		// Seven bytes a slice: most slices end inside a character.
		const file = {
			size: bytes.length,
			stream: () =>
				new ReadableStream<Uint8Array>({
					start(controller) {
						for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
						controller.close();
					}
				})
		} as unknown as Blob;
		const seen: number[] = [];
		expect(await readText(file, (n) => seen.push(n))).toBe(text);
		expect(seen).toHaveLength(Math.ceil(bytes.length / 7));
		expect(seen.at(-1)).toBe(bytes.length);
	});

	it('a history export is read, checked and given back redacted', async () => {
		const secret = {
			...entry('s', '2026-01-01'),
			url: 'https://h/api/v4/projects?private_token=glpat-x'
		};
		const out = await replies('history', exportHistory([secret]));
		expect(out.at(-2)).toEqual({ type: 'checking' });
		const done = out.at(-1)!;
		expect(done.type).toBe('done');
		expect(JSON.stringify(done)).not.toContain('glpat-x');
	});

	it('of a history file, only the newest entries that can be kept are given back', async () => {
		const many = Array.from({ length: HISTORY_LIMIT + 20 }, (_, i) =>
			entry(`e${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString())
		);
		const done = (await replies('history', exportHistory(many))).at(-1)!;
		if (done.type !== 'done') throw new Error(done.type);
		const ids = (done.value as HistoryEntry[]).map((e) => e.id);
		expect(ids).toHaveLength(HISTORY_LIMIT);
		expect(ids[0]).toBe(`e${HISTORY_LIMIT + 19}`);
		expect(ids.at(-1)).toBe('e20');
	});

	it('a refused file gives the reason only', async () => {
		expect((await replies('history', '{"format":"other"}')).at(-1)).toEqual({
			type: 'refused',
			message: 'This file is not an explorer history export.'
		});
		expect((await replies('collections', 'not json')).at(-1)).toEqual({
			type: 'refused',
			message: 'The file is not JSON. Choose a file made by “Export collections”.'
		});
		const version = JSON.stringify({ format: FILE_FORMAT, version: 9, collections: [] });
		expect((await replies('collections', version)).at(-1)).toMatchObject({ type: 'refused' });
	});

	it('a file over the size limit is refused unread', async () => {
		const huge = {
			size: 65 * 1024 * 1024,
			stream: () => {
				throw new Error('read');
			}
		} as unknown as Blob;
		const out: ImportReply[] = [];
		await readImport({ kind: 'history', file: huge }, (m) => out.push(m));
		expect(out).toEqual([
			{ type: 'refused', message: 'The file is larger than 64 MB; an export is far smaller.' }
		]);
	});
});

describe('reading a Bruno collection folder', () => {
	const file = (text: string) => new Blob([text]);

	it('reads each file with progress, then gives the collection as a preview', async () => {
		const out: ImportReply[] = [];
		await readImport(
			{
				kind: 'any',
				apiRoot: 'https://gitlab.example.com/api/v4',
				folder: [
					{ path: 'bruno.json', file: file('{"version":"1","name":"Klein","type":"collection"}') },
					{
						path: 'Ich.bru',
						file: file(
							'meta {\n  name: Ich\n  type: http\n  seq: 1\n}\n\nget {\n  url: https://gitlab.example.com/api/v4/user\n  body: none\n  auth: none\n}\n'
						)
					}
				]
			},
			(m) => out.push(m)
		);
		expect(out.at(-2)).toEqual({ type: 'checking' });
		const done = out.at(-1)!;
		if (done.type !== 'done' || !('preview' in done.value)) throw new Error(JSON.stringify(done));
		expect(
			done.value.preview.collections.map((c) => [c.name, c.requests.map((r) => r.path)])
		).toEqual([['Klein', ['/user']]]);
	});

	it('a folder over the size limit is refused unread', async () => {
		const big = { size: 65 * 1024 * 1024, stream: () => new ReadableStream() } as unknown as Blob;
		const out: ImportReply[] = [];
		await readImport({ kind: 'any', folder: [{ path: 'bruno.json', file: big }] }, (m) =>
			out.push(m)
		);
		expect(out).toEqual([
			{
				type: 'refused',
				message: "The folder's Bruno files are larger than 64 MB; a collection is far smaller."
			}
		]);
	});
});

describe('when a part of the import cannot be loaded', () => {
	const file = (text: string) => new Blob([text]);
	const folder = [
		{ path: 'bruno.json', file: file('{"version":"1","name":"Klein","type":"collection"}') },
		{ path: 'Ich.bru', file: file('meta {\n  name: Ich\n  type: http\n}\n') }
	];
	/** The chunk's import rejects, as a browser's does offline or after a deploy replaced it. */
	const unloadable = (module: string) =>
		vi.doMock(module, () => {
			throw new TypeError('Failed to fetch dynamically imported module');
		});
	afterEach(() => {
		vi.doUnmock('$lib/codehost/import/bruno-folder');
		vi.doUnmock('$lib/codehost/import/read-import');
	});

	it('Bruno’s parser not loaded: the folder is refused with what failed and what to do', async () => {
		vi.resetModules();
		unloadable('$lib/codehost/import/bruno-folder');
		const { readImport } = await import('$lib/codehost/import/file');
		const { partNotLoadedText } = await import('$lib/codehost/import/lazy-part');
		const out: ImportReply[] = [];
		await readImport({ kind: 'any', folder }, (m) => out.push(m));
		expect(out.at(-2)).toEqual({ type: 'checking' });
		expect(out.at(-1)).toEqual({ type: 'refused', message: partNotLoadedText('bruno') });
		expect(out.some((m) => m.type === 'done')).toBe(false);
	});

	it('the other tools’ readers not loaded: a Postman file is refused the same way, not as malformed', async () => {
		vi.resetModules();
		unloadable('$lib/codehost/import/read-import');
		const { readImport } = await import('$lib/codehost/import/file');
		const { partNotLoadedText } = await import('$lib/codehost/import/lazy-part');
		const postman =
			'{"info":{"name":"A","schema":"https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},"item":[]}';
		const out: ImportReply[] = [];
		await readImport({ kind: 'any', file: file(postman) }, (m) => out.push(m));
		expect(out.at(-1)).toEqual({ type: 'refused', message: partNotLoadedText('readers') });
		const fromFolder: ImportReply[] = [];
		await readImport({ kind: 'any', folder }, (m) => fromFolder.push(m));
		expect(fromFolder.at(-1)).toEqual({ type: 'refused', message: partNotLoadedText('readers') });
	});

	it('with the parts loaded, a malformed folder keeps its own reason', async () => {
		vi.resetModules();
		const { readImport } = await import('$lib/codehost/import/file');
		const out: ImportReply[] = [];
		await readImport(
			{ kind: 'any', folder: [{ path: 'bruno.json', file: file('{nicht json') }] },
			(m) => out.push(m)
		);
		expect(out.at(-1)).toEqual({
			type: 'refused',
			message: 'The folder’s bruno.json is not JSON: Bruno cannot open it either.'
		});
	});
});
