// Completes the module preloads of each prerendered page. SvelteKit (2.x) lists in a page's HTML
// the modules its first render imports (<link rel="modulepreload">), but leaves out a chunk it met
// first as another chunk's dynamic import: its `find_deps` marks that chunk as seen, without its
// code, and skips it when a page imports it statically. Here that is each area's own chunk (the
// shell chunk imports every page lazily), which the browser then discovers only once the start
// code has downloaded and run: a round trip later on a phone, before the page can draw anything.
// The chunks' style sheets are preloaded too (not linked: a stylesheet link would hold back the
// prerendered shell's first paint); the page links them when its code runs, as before.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * @typedef {{ file: string, imports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/**
 * The files a page's HTML should preload: every module the linked ones import statically, at any
 * depth, and those modules' style sheets.
 * @param {Manifest} manifest Vite's manifest of the browser build
 * @param {readonly string[]} linked the built files the page links (`_app/immutable/…`)
 */
export function preloadsFor(manifest, linked) {
	/** @type {Map<string, string>} */
	const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
	const modules = new Set();
	const styles = new Set();
	/** @param {string} key */
	const visit = (key) => {
		const chunk = manifest[key];
		if (!chunk || modules.has(chunk.file)) return;
		modules.add(chunk.file);
		for (const css of chunk.css ?? []) styles.add(css);
		for (const imported of chunk.imports ?? []) visit(imported);
	};
	for (const file of linked) {
		const key = keyOfFile.get(file);
		if (key) visit(key);
	}
	return { modules: [...modules], styles: [...styles] };
}

const LINK = /<link href="([^"]+)" rel="(modulepreload|stylesheet|preload)"[^>]*>/g;

/**
 * The page's HTML with a preload for each module and style sheet its linked modules need and it
 * does not link yet, after its last module preload; unchanged if nothing is missing.
 * @param {string} html
 * @param {Manifest} manifest
 */
export function withCompletePreloads(html, manifest) {
	const links = [...html.matchAll(LINK)];
	const modulePreloads = links.filter(([, , rel]) => rel === 'modulepreload');
	const last = modulePreloads.at(-1);
	if (!last || last.index === undefined) return html;
	// Links start at the site's root with its base path (`/base/_app/…`): the files are what follows.
	const at = last[1].indexOf('_app/');
	if (at < 0) return html;
	const prefix = last[1].slice(0, at);
	const linked = new Set(links.map(([, href]) => href.slice(prefix.length)));
	const { modules, styles } = preloadsFor(
		manifest,
		modulePreloads.map(([, href]) => href.slice(prefix.length))
	);
	const added = [
		...modules
			.filter((file) => !linked.has(file))
			.map((file) => `<link href="${prefix}${file}" rel="modulepreload">`),
		...styles
			.filter((file) => !linked.has(file))
			.map((file) => `<link href="${prefix}${file}" rel="preload" as="style">`)
	];
	if (added.length === 0) return html;
	const end = last.index + last[0].length;
	return `${html.slice(0, end)}\n\t\t${added.join('\n\t\t')}${html.slice(end)}`;
}

/**
 * Completes the preloads of every HTML file under `dir`.
 * @param {string} dir the built site
 * @param {string} manifestPath Vite's manifest of the browser build
 * @returns {Promise<number>} how many pages changed
 */
export async function completePreloads(dir, manifestPath) {
	/** @type {Manifest} */
	const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	let changed = 0;
	for (const entry of entries) {
		if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
		const path = join(entry.parentPath, entry.name);
		const html = await readFile(path, 'utf8');
		const completed = withCompletePreloads(html, manifest);
		if (completed === html) continue;
		await writeFile(path, completed);
		changed++;
	}
	return changed;
}

/**
 * Wraps an adapter: once it has written the site to `dir`, completes each page's preloads.
 * @param {import('@sveltejs/kit').Adapter} adapter
 * @param {string} dir
 */
export function withCompletedPreloads(adapter, dir) {
	return {
		...adapter,
		/** @param {import('@sveltejs/kit').Builder} builder */
		async adapt(builder) {
			await adapter.adapt(builder);
			const manifest = join(builder.config.kit.outDir, 'output/client/.vite/manifest.json');
			const changed = await completePreloads(dir, manifest);
			builder.log.minor(`Completed the module preloads of ${changed} pages`);
		}
	};
}
