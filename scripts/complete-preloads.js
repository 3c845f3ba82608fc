// Completes the module preloads of each prerendered page. SvelteKit (2.x) lists in a page's HTML
// the modules its first render imports (<link rel="modulepreload">), but leaves out a chunk it met
// first as another chunk's dynamic import: its `find_deps` marks that chunk as seen, without its
// code, and skips it when a page imports it statically. Here that is each area's own chunk (the
// shell chunk imports every page lazily), which the browser then discovers only once the start
// code has downloaded and run: a round trip later on a phone, before the page can draw anything.
// Each page carries its style sheets, its own and its chunks' (`<style>`), each beside a disabled
// link to its file, which the browser does not fetch and the page's code takes for the sheet it
// would link: over HTTP/1.1 (six connections) each sheet was a request queued with the page's code
// before its first paint. A page that keeps linking its sheets (the home page, whose first paint is
// budgeted by its files) has its chunks' sheets preloaded (not linked: a stylesheet link would hold
// back the prerendered shell's first paint); the page links them when its code runs.
//
// The fallback page (200.html) serves every page that is not prerendered: the Bible's deep links,
// a chapter above all. It names no page of its own, so it is given one (`fallbackPage`): it
// preloads that page's and its layouts' modules, which a phone would otherwise request only after
// the start code has run and found the route. Another page it serves fetches a few KB it may not
// use, in parallel.
//
// Each page then names its modules largest first (`withLargestFirst`).
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

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
 * The page's HTML with a preload for each module and style sheet its linked modules (and `also`,
 * built files) need and it does not link yet, after its last module preload; unchanged if nothing
 * is missing.
 * @param {string} html
 * @param {Manifest} manifest
 * @param {readonly string[]} [also]
 * @param {ReadonlyMap<string, string>} [styleText] the text of each built style sheet, when the
 * page is to carry its style sheets itself rather than preload them
 */
export function withCompletePreloads(html, manifest, also = [], styleText) {
	const links = [...html.matchAll(LINK)].map((match) => ({
		href: match[1] ?? '',
		rel: match[2],
		end: (match.index ?? 0) + match[0].length
	}));
	const modulePreloads = links.filter((link) => link.rel === 'modulepreload');
	const last = modulePreloads.at(-1);
	if (!last) return html;
	// Links start at the site's root with its base path (`/base/_app/…`): the files are what follows.
	const at = last.href.indexOf('_app/');
	if (at < 0) return html;
	const prefix = last.href.slice(0, at);
	const linked = new Set(links.map((link) => link.href.slice(prefix.length)));
	const { modules, styles } = preloadsFor(manifest, [
		...modulePreloads.map((link) => link.href.slice(prefix.length)),
		...also
	]);
	const missingStyles = styles.filter((file) => !linked.has(file));
	const added = [
		...modules
			.filter((file) => !linked.has(file))
			.map((file) => `<link href="${prefix}${file}" rel="modulepreload">`),
		...(styleText
			? []
			: missingStyles
					// `crossorigin` as the page's code links them (Vite's loader asks in CORS mode): a
					// preload fetched in another mode is not used, and the style sheet is requested again.
					.map((file) => `<link href="${prefix}${file}" rel="preload" as="style" crossorigin>`))
	];
	const completed =
		added.length === 0
			? html
			: `${html.slice(0, last.end)}\n\t\t${added.join('\n\t\t')}${html.slice(last.end)}`;
	return styleText ? withStylesWritten(completed, prefix, missingStyles, styleText) : completed;
}

/**
 * The page with its linked style sheets and `more` written into it, in the order the page would
 * have them: its own where they are linked, then the chunks' sheets at the end of its head, where
 * the page's code would have linked them.
 * @param {string} html
 * @param {string} prefix the links' start before `_app/` (the base path)
 * @param {readonly string[]} more the chunks' style sheets (built files)
 * @param {ReadonlyMap<string, string>} styleText
 */
function withStylesWritten(html, prefix, more, styleText) {
	const sheet = (/** @type {string} */ file) => {
		const css = styleText.get(file);
		if (css === undefined) throw new Error(`No text for the style sheet ${file}`);
		// The link stands for the sheet, never fetched (disabled). Nothing in a sheet may end its
		// <style> element early.
		const safe = css.replaceAll('</style', '<\\/style');
		return `<link href="${prefix}${file}" rel="stylesheet" disabled media="(max-width: 0)"><style>${safe}</style>`;
	};
	const linked = html.replace(
		/<link href="([^"]+)" rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/g,
		(link, /** @type {string} */ href) =>
			href.startsWith(prefix) ? sheet(href.slice(prefix.length)) : link
	);
	if (more.length === 0) return linked;
	const end = linked.lastIndexOf('</head>');
	if (end < 0) throw new Error('The page has no </head> to write its style sheets into');
	return `${linked.slice(0, end)}\t${more.map(sheet).join('\n\t\t')}\n\t${linked.slice(end)}`;
}

/**
 * The built files of the route nodes that draw `page` (a `+page.svelte`): its own and its
 * layouts', read from the node modules SvelteKit generates (`nodes/3.js` imports the route's files).
 * @param {Manifest} manifest
 * @param {string} nodesDir SvelteKit's generated client nodes (`…/client-optimized/nodes`)
 * @param {string} page the page's file, from the project's root
 */
export async function nodesOfPage(manifest, nodesDir, page) {
	const pageDir = dirname(resolve(page));
	const files = [];
	for (const name of await readdir(nodesDir)) {
		const source = await readFile(join(nodesDir, name), 'utf8');
		const routeFiles = [...source.matchAll(/from\s*"([^"]+)"/g)].map(([, from]) =>
			resolve(nodesDir, from ?? '')
		);
		const draws = routeFiles.some(
			(file) =>
				file === resolve(page) ||
				(basename(file).startsWith('+layout.') && (pageDir + sep).startsWith(dirname(file) + sep))
		);
		const built = manifest[relative('.', join(nodesDir, name)).split(sep).join('/')]?.file;
		if (draws && built) files.push(built);
	}
	return files;
}

const MODULE_PRELOAD = /<link href="([^"]+)" rel="modulepreload">/g;

/**
 * The page with its module preloads in order of size, the largest first, each link where one was.
 * Over HTTP/1.1 a browser fetches six files at a time, in the order the page names them: the
 * longest download then starts at once, not behind the small ones (on a phone the explorer's own
 * chunk, 108 KB gzipped, waited behind six files and was the last to arrive).
 * @param {string} html
 * @param {(href: string) => number} sizeOf a preloaded file's size
 */
export function withLargestFirst(html, sizeOf) {
	const links = [...html.matchAll(MODULE_PRELOAD)].map(([link, href]) => ({
		link,
		size: sizeOf(href ?? '')
	}));
	const largestFirst = links.toSorted((a, b) => b.size - a.size);
	let next = 0;
	return html.replace(MODULE_PRELOAD, () => largestFirst[next++]?.link ?? '');
}

/**
 * The size of each built file a page preloads, by its link (`/base/_app/…`).
 * @param {string} dir the built site
 * @param {string} html
 */
async function preloadSizes(dir, html) {
	const sizes = new Map();
	for (const [, href = ''] of html.matchAll(MODULE_PRELOAD)) {
		const at = href.indexOf('_app/');
		if (at >= 0) sizes.set(href, (await stat(join(dir, href.slice(at)))).size);
	}
	return sizes;
}

/**
 * The text of every style sheet of the build, by built file.
 * @param {string} dir the built site
 * @param {Manifest} manifest
 */
async function styleTexts(dir, manifest) {
	const files = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
	const texts = new Map();
	for (const file of files) texts.set(file, await readFile(join(dir, file), 'utf8'));
	return texts;
}

/**
 * Completes the preloads of every HTML file under `dir`, and writes each page's style sheets into
 * it, but for the pages that keep linking them (`linksStyles`).
 * @param {string} dir the built site
 * @param {Manifest} manifest Vite's manifest of the browser build
 * @param {{ fallback: string, files: readonly string[] }} [fallback] the fallback page (`200.html`)
 * and the built files of the page it preloads
 * @param {readonly string[]} [linksStyles] pages (paths under `dir`) that link their style sheets
 * @returns {Promise<number>} how many pages changed
 */
export async function completePreloads(dir, manifest, fallback, linksStyles = []) {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	const linking = new Set(linksStyles.map((page) => resolve(dir, page)));
	/** @type {Map<string, string> | undefined} */
	let styles;
	let changed = 0;
	for (const entry of entries) {
		if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
		const path = join(entry.parentPath, entry.name);
		const html = await readFile(path, 'utf8');
		const also =
			fallback && resolve(path) === resolve(dir, fallback.fallback) ? fallback.files : [];
		const written = linking.has(resolve(path))
			? undefined
			: (styles ??= await styleTexts(dir, manifest));
		const preloaded = withCompletePreloads(html, manifest, also, written);
		const sizes = await preloadSizes(dir, preloaded);
		const completed = withLargestFirst(preloaded, (href) => sizes.get(href) ?? 0);
		if (completed === html) continue;
		await writeFile(path, completed);
		changed++;
	}
	return changed;
}

/**
 * Wraps an adapter: once it has written the site to `dir`, completes each page's preloads, and
 * has the fallback page preload `fallbackPage` (a `+page.svelte`, from the project's root).
 * @param {import('@sveltejs/kit').Adapter} adapter
 * @param {string} dir
 * @param {{ fallback: string, fallbackPage: string, linksStyles?: readonly string[] }} options
 * `linksStyles`: the pages that keep linking their style sheets (`completePreloads`)
 */
export function withCompletedPreloads(adapter, dir, { fallback, fallbackPage, linksStyles = [] }) {
	return {
		...adapter,
		/** @param {import('@sveltejs/kit').Builder} builder */
		async adapt(builder) {
			await adapter.adapt(builder);
			const outDir = builder.config.kit.outDir;
			/** @type {Manifest} */
			const manifest = JSON.parse(
				await readFile(join(outDir, 'output/client/.vite/manifest.json'), 'utf8')
			);
			const nodesDir = join(outDir, 'generated/client-optimized/nodes');
			const files = await nodesOfPage(manifest, nodesDir, fallbackPage);
			if (files.length === 0)
				throw new Error(`No route node draws ${fallbackPage}: is the fallback page's path right?`);
			const changed = await completePreloads(dir, manifest, { fallback, files }, linksStyles);
			builder.log.minor(`Completed the module preloads of ${changed} pages`);
		}
	};
}
