// Gives a deep-linked chapter in Demo mode its data in the page's first round of requests. The
// fallback page (200.html) serves the chapter (`/bible/KJV/John/3`) and preloads the page's own code
// (scripts/complete-preloads.js). Its first verse needs two things more: the demo Bible service's
// code and the chapter's book (one JSON file per book, content-hashed by Vite). The page's code asks
// for them (src/routes/(areas)/+layout.ts) only once it has downloaded and run: on a phone over
// HTTP/1.1 a round trip and the start-up work later, which kept the chapter's LCP over its budget.
//
// So the fallback's head gets a small inline script, allowed by its hash in the page's CSP, that
// reads the path and, unless the settings' copy in localStorage says the Bible is Live
// (src/lib/settings/persistence.ts, `settings.connections`), adds a module preload for each of the
// demo service's modules and a preload of the book's file, which the demo service's fetch then takes
// from the cache (same URL, CORS mode, same-origin credentials). At a book (`/bible/KJV/John`),
// which the fallback serves too, it adds the book page's own code and style sheets and the service.
// It adds what the page would ask for anyway, earlier: a Live user, or any other page the fallback
// serves, fetches nothing more.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nodesOfPage, preloadsFor } from './complete-preloads.js';

/**
 * @typedef {{ file: string, imports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {Record<string, { books?: Record<string, { file?: string }>, booksNamedAs?: string }>} DemoNames
 */

/** The settings' copy in localStorage (`COPY_KEY` in src/lib/settings/persistence.ts). */
export const SETTINGS_COPY_KEY = 'settings.connections';

/**
 * The book files to preload, by translation and book as they appear in a chapter's path, as the
 * built site's URLs: a translation that names its own books (names.json) and whose files are in the
 * build.
 * @param {DemoNames} names the demo Bible's names.json
 * @param {Manifest} manifest Vite's manifest of the browser build
 * @param {string} dataDir where the books' files are, from the project's root (`generated/demo-bible`)
 * @param {string} base the site's base path (`/tools/client`, or empty)
 */
export function demoBookHrefs(names, manifest, dataDir, base) {
	/** @type {Record<string, Record<string, string>>} */
	const hrefs = {};
	for (const [bibleRef, entry] of Object.entries(names)) {
		for (const [bookRef, book] of Object.entries(entry.books ?? {})) {
			const built = book.file && manifest[`${dataDir}/${book.file}`]?.file;
			if (built) (hrefs[bibleRef] ??= {})[bookRef] = `${base}/${built}`;
		}
	}
	return hrefs;
}

/** The longest start all the strings share. @param {readonly string[]} strings */
function commonStart(strings) {
	let start = strings[0] ?? '';
	for (const s of strings) while (!s.startsWith(start)) start = start.slice(0, -1);
	return start;
}

/**
 * The inline script's text: a classic script that runs as the parser reaches it.
 * @param {{ base: string, books: Record<string, Record<string, string>>, modules: readonly string[], bookPage?: { modules: readonly string[], styles: readonly string[] } }} options
 * `books` from `demoBookHrefs`; `modules`: the demo service's module URLs; `bookPage`: the URLs of
 * a book's page's modules and style sheets the fallback does not preload (it preloads a chapter's)
 */
export function demoChapterPreloadScript({
	base,
	books,
	modules,
	bookPage = { modules: [], styles: [] }
}) {
	const all = Object.values(books).flatMap((byBook) => Object.values(byBook));
	// The books' URLs differ only in their file names: the start is written once.
	const start = commonStart(all);
	const short = Object.fromEntries(
		Object.entries(books).map(([bibleRef, byBook]) => [
			bibleRef,
			Object.fromEntries(
				Object.entries(byBook).map(([bookRef, href]) => [bookRef, href.slice(start.length)])
			)
		])
	);
	return `{
const books = ${JSON.stringify(short)}, start = ${JSON.stringify(start)};
const prefix = ${JSON.stringify(`${base}/bible/`)}, path = location.pathname;
const part = (s) => { try { return decodeURIComponent(s); } catch { return ""; } };
const [bible, book, chapter, ...rest] = path.startsWith(prefix) ? path.slice(prefix.length).split("/").map(part) : [];
let live = false;
try { live = JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_COPY_KEY)}) || "{}")?.bible?.mode === "live"; } catch {}
const add = (href, rel, as) => {
	const link = document.createElement("link");
	link.rel = rel;
	link.href = href;
	if (as) { link.as = as; link.crossOrigin = "anonymous"; }
	document.head.append(link);
};
if (bible && book && chapter && !rest.some(Boolean) && !live) {
	for (const href of ${JSON.stringify(modules)}) add(href, "modulepreload");
	const file = Object.hasOwn(books, bible) && Object.hasOwn(books[bible], book) ? books[bible][book] : "";
	if (file) add(start + file, "preload", "fetch");
} else if (bible && book && chapter === undefined && !live) {
	for (const href of ${JSON.stringify([...bookPage.modules, ...modules])}) add(href, "modulepreload");
	for (const href of ${JSON.stringify(bookPage.styles)}) add(href, "preload", "style");
}
}`;
}

/** The CSP source that allows an inline script. @param {string} script */
export const scriptHash = (script) =>
	`'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The page's HTML with the script in its head after its own preloads (which the page needs first)
 * and before its first style sheet (a script waits for the style sheets before it to load), and the
 * script's hash in its CSP's `script-src`.
 * @param {string} html
 * @param {string} script
 */
export function withDemoChapterPreload(html, script) {
	const csp = /(<meta http-equiv="content-security-policy" content="[^"]*script-src [^;"]*)/;
	if (!csp.test(html))
		throw new Error('The fallback page has no CSP with a script-src to allow its script');
	const withHash = html.replace(csp, `$1 ${scriptHash(script)}`);
	const sheet = /<link [^>]*rel="stylesheet"[^>]*>/.exec(withHash);
	const at = sheet?.index ?? withHash.indexOf('</head>');
	if (at < 0) throw new Error('The fallback page has no </head>');
	return `${withHash.slice(0, at)}<script>${script}</script>\n\t\t${withHash.slice(at)}`;
}

/**
 * Wraps an adapter: once it has written the site to `dir`, adds the script to the fallback page.
 * @param {import('@sveltejs/kit').Adapter} adapter
 * @param {string} dir the built site
 * @param {{ fallback: string, dataDir: string, serviceModules: readonly string[], bookPage: string }} options
 * `dataDir`: the demo Bible's folder, with names.json; `serviceModules`: the demo service's modules
 * as the reader's preload imports them (src/lib/fakes/bible/names.ts), from the project's root;
 * `bookPage`: a book's page (a `+page.svelte`, from the project's root)
 */
export function withDemoChapterPreloads(
	adapter,
	dir,
	{ fallback, dataDir, serviceModules, bookPage }
) {
	return {
		...adapter,
		/** @param {import('@sveltejs/kit').Builder} builder */
		async adapt(builder) {
			await adapter.adapt(builder);
			const base = builder.config.kit.paths.base;
			/** @type {Manifest} */
			const manifest = JSON.parse(
				await readFile(join(builder.config.kit.outDir, 'output/client/.vite/manifest.json'), 'utf8')
			);
			/** @type {DemoNames} */
			const names = JSON.parse(await readFile(join(dataDir, 'names.json'), 'utf8'));
			const entries = serviceModules.map((source) => {
				const built = manifest[source]?.file;
				if (!built) throw new Error(`${source} is not in the build: did the demo service move?`);
				return built;
			});
			const books = demoBookHrefs(names, manifest, dataDir, base);
			if (Object.keys(books).length === 0)
				throw new Error(`No demo Bible book of ${dataDir}/names.json is in the build`);
			const page = join(dir, fallback);
			const html = await readFile(page, 'utf8');
			// What the page preloads (or carries) already is not asked for twice.
			const notLinked = (/** @type {string} */ href) => !html.includes(`href="${href}"`);
			const modules = preloadsFor(manifest, entries)
				.modules.map((file) => `${base}/${file}`)
				.filter(notLinked);
			// A book's page (its chapters) is served by the fallback too: its own code, which the
			// fallback does not preload, and the service, which it lists the chapters with.
			const bookFiles = await nodesOfPage(
				manifest,
				join(builder.config.kit.outDir, 'generated/client-optimized/nodes'),
				bookPage
			);
			if (bookFiles.length === 0) throw new Error(`No route node draws ${bookPage}`);
			const forBook = preloadsFor(manifest, bookFiles);
			const script = demoChapterPreloadScript({
				base,
				books,
				modules,
				bookPage: {
					modules: forBook.modules.map((file) => `${base}/${file}`).filter(notLinked),
					styles: forBook.styles.map((file) => `${base}/${file}`).filter(notLinked)
				}
			});
			await writeFile(page, withDemoChapterPreload(html, script));
			builder.log.minor(`The fallback page preloads a demo chapter's book and service`);
		}
	};
}
