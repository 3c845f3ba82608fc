import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	utimesSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../../scripts/precompress.js';

let root: string;
let site: string;
let cacheDir: string;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'precompress-'));
	site = join(root, 'build');
	cacheDir = join(root, 'cache');
	mkdirSync(join(site, '_app', 'immutable', 'assets'), { recursive: true });
	writeFileSync(join(site, 'index.html'), '<!doctype html><title>Home</title>'.repeat(20));
	writeFileSync(
		join(site, '_app', 'immutable', 'assets', 'John.abc123.json'),
		JSON.stringify({ verses: Array(200).fill('For God so loved the world') })
	);
	writeFileSync(join(site, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (...parts: string[]) => readFileSync(join(site, ...parts));

describe('precompress', () => {
	it('writes a .br and a .gz beside each text file that decompress to the file, and none beside images', async () => {
		const counts = await precompress(site, { cacheDir });
		expect(counts).toEqual({ files: 2, compressed: 4, fromCache: 0 });
		for (const file of ['index.html', join('_app', 'immutable', 'assets', 'John.abc123.json')]) {
			expect(brotliDecompressSync(read(`${file}.br`)).equals(read(file))).toBe(true);
			expect(gunzipSync(read(`${file}.gz`)).equals(read(file))).toBe(true);
			expect(read(`${file}.br`).length).toBeLessThan(read(file).length);
		}
		expect(readdirSync(site)).not.toContain('icon.png.br');
		expect(readdirSync(site)).not.toContain('icon.png.gz');
	});

	it('a second build of the same files copies them from the cache, byte for byte', async () => {
		await precompress(site, { cacheDir });
		const first = read('index.html.br');
		rmSync(join(site, 'index.html.br'));
		const counts = await precompress(site, { cacheDir });
		expect(counts).toEqual({ files: 2, compressed: 0, fromCache: 4 });
		expect(read('index.html.br').equals(first)).toBe(true);
	});

	it('a changed file is compressed again, not served from an older entry', async () => {
		await precompress(site, { cacheDir });
		writeFileSync(join(site, 'index.html'), '<!doctype html><title>Changed</title>');
		const counts = await precompress(site, { cacheDir });
		expect(counts.compressed).toBe(2);
		expect(brotliDecompressSync(read('index.html.br')).toString()).toBe(
			'<!doctype html><title>Changed</title>'
		);
	});

	it('a damaged cache entry is compressed again, never shipped', async () => {
		await precompress(site, { cacheDir });
		for (const name of readdirSync(cacheDir))
			writeFileSync(join(cacheDir, name), 'not brotli or gzip');
		const counts = await precompress(site, { cacheDir });
		expect(counts).toEqual({ files: 2, compressed: 4, fromCache: 0 });
		expect(gunzipSync(read('index.html.gz')).equals(read('index.html'))).toBe(true);
	});

	it('cache entries unused for two weeks are removed; used ones stay', async () => {
		await precompress(site, { cacheDir });
		const stale = join(cacheDir, 'old.br');
		writeFileSync(stale, 'x');
		const longAgo = new Date(Date.now() - 15 * 24 * 3600 * 1000);
		utimesSync(stale, longAgo, longAgo);
		await precompress(site, { cacheDir });
		expect(readdirSync(cacheDir)).not.toContain('old.br');
		expect(readdirSync(cacheDir)).toHaveLength(4);
	});
});
