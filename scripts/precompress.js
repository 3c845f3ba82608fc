// Writes the .br and .gz beside each text file of the built site, as adapter-static's
// `precompress` does, with the same settings (Brotli at its best quality, gzip level 9), but keeps
// each result in a cache keyed by the file's content. The demo Bible's 41 MB of per-book JSON take
// about a minute of CPU at Brotli's best quality and are the same in every build, so only the first
// build of a checkout pays for them: the test suite's second build (under a sub-path) and every
// later one copy them.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** What SvelteKit's builder compresses. */
export const TEXT_EXTENSIONS = new Set([
	'.html',
	'.js',
	'.mjs',
	'.json',
	'.css',
	'.svg',
	'.xml',
	'.wasm',
	'.txt',
	'.md',
	'.mdx'
]);

export const DEFAULT_CACHE_DIR = 'node_modules/.cache/precompress';
let written = 0;
/** Cache entries not used for this long are removed after a build. */
const KEEP_UNUSED_MS = 14 * 24 * 3600 * 1000;

const FORMATS = {
	br: {
		compress: (/** @type {Buffer} */ data) =>
			brotli(data, {
				params: {
					[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
					[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
					[zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length
				}
			}),
		decompress: unbrotli
	},
	gz: {
		compress: (/** @type {Buffer} */ data) =>
			gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
		decompress: gunzip
	}
};

/** @param {string} dir @returns {Promise<string[]>} */
async function textFiles(dir) {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	return entries
		.filter((e) => e.isFile() && TEXT_EXTENSIONS.has(extname(e.name)))
		.map((e) => join(e.parentPath, e.name));
}

/**
 * A cached result is used only if it decompresses to the file's bytes: a damaged or truncated
 * cache entry is compressed again, never shipped.
 * @param {string} path @param {Buffer} data @param {'br' | 'gz'} format
 * @returns {Promise<Buffer | undefined>}
 */
async function fromCache(path, data, format) {
	try {
		const packed = await readFile(path);
		if (!(await FORMATS[format].decompress(packed)).equals(data)) return undefined;
		const now = new Date();
		await utimes(path, now, now);
		return packed;
	} catch {
		return undefined;
	}
}

/**
 * Compresses every text file under `dir`.
 * @param {string} dir
 * @param {{ cacheDir?: string }} [options]
 * @returns {Promise<{ files: number, compressed: number, fromCache: number }>}
 */
export async function precompress(dir, { cacheDir = DEFAULT_CACHE_DIR } = {}) {
	await mkdir(cacheDir, { recursive: true });
	const counts = { files: 0, compressed: 0, fromCache: 0 };
	const files = await textFiles(dir);
	await Promise.all(
		files.map(async (file) => {
			const data = await readFile(file);
			const key = createHash('sha256').update(data).digest('hex');
			counts.files++;
			for (const format of /** @type {const} */ (['br', 'gz'])) {
				const cached = join(cacheDir, `${key}.${format}`);
				let packed = await fromCache(cached, data, format);
				if (packed) counts.fromCache++;
				else {
					packed = await FORMATS[format].compress(data);
					// Written aside and renamed, so a build running beside this one never reads half of it.
					const partial = `${cached}.${process.pid}-${++written}.partial`;
					await writeFile(partial, packed);
					await rename(partial, cached);
					counts.compressed++;
				}
				await writeFile(`${file}.${format}`, packed);
			}
		})
	);
	await pruneCache(cacheDir);
	return counts;
}

/** @param {string} cacheDir */
async function pruneCache(cacheDir) {
	const cutoff = Date.now() - KEEP_UNUSED_MS;
	for (const name of await readdir(cacheDir)) {
		const path = join(cacheDir, name);
		// A build running beside this one may have renamed its partial file since the listing.
		const modified = await stat(path).then(
			(s) => s.mtimeMs,
			() => Date.now()
		);
		if (modified < cutoff) await rm(path, { force: true });
	}
}

/**
 * Wraps an adapter that writes the site to `dir` (adapter-static with `precompress: false`) so that
 * the site is precompressed through the cache after it is written.
 * @param {import('@sveltejs/kit').Adapter} adapter
 * @param {string} dir
 * @returns {import('@sveltejs/kit').Adapter}
 */
export function precompressed(adapter, dir) {
	return {
		...adapter,
		async adapt(builder) {
			await adapter.adapt(builder);
			builder.log.minor('Compressing assets and pages');
			const { compressed, fromCache } = await precompress(dir);
			builder.log.minor(`${compressed} compressed, ${fromCache} from the cache`);
		}
	};
}
