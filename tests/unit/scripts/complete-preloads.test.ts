import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import {
	completePreloads,
	nodesOfPage,
	preloadsFor,
	withCompletePreloads,
	withLargestFirst
} from '../../../scripts/complete-preloads.js';

// A build shaped like this app's: the shell chunk imports every page lazily, and the Bible page
// imports the areas' chunk and its area's chunk, which imports one more.
const MANIFEST = {
	'.svelte-kit/generated/client-optimized/app.js': {
		file: '_app/immutable/entry/app.A.js',
		imports: ['_shell.js']
	},
	'_shell.js': {
		file: '_app/immutable/chunks/shell.js',
		css: ['_app/immutable/assets/shell.css'],
		dynamicImports: ['.svelte-kit/generated/client-optimized/nodes/4.js']
	},
	'_areas.js': {
		file: '_app/immutable/chunks/areas.js',
		imports: ['_shell.js'],
		css: ['_app/immutable/assets/areas.css']
	},
	'_bible.js': {
		file: '_app/immutable/chunks/bible.js',
		imports: ['_areas.js', '_bible-base.js'],
		css: ['_app/immutable/assets/bible.css']
	},
	'_bible-base.js': { file: '_app/immutable/chunks/bible-base.js', imports: ['_shell.js'] },
	'.svelte-kit/generated/client-optimized/nodes/4.js': {
		file: '_app/immutable/nodes/4.B.js',
		imports: ['_shell.js', '_areas.js', '_bible.js']
	}
};

/** A page as SvelteKit prerenders it: the node's own file linked, its area's chunks left out. */
const page = (base = '') => `<!doctype html>
<html>
	<head>
		<link href="${base}/_app/immutable/entry/app.A.js" rel="modulepreload">
		<link href="${base}/_app/immutable/chunks/shell.js" rel="modulepreload">
		<link href="${base}/_app/immutable/nodes/4.B.js" rel="modulepreload">
		<link href="${base}/_app/immutable/assets/shell.css" rel="stylesheet">
	</head>
	<body><p>Bible reader</p></body>
</html>`;

const linksOf = (html: string) =>
	[...html.matchAll(/<link href="([^"]+)" rel="([^"]+)"( as="style" crossorigin)?>/g)].map(
		([, href, rel, as]) => `${rel}${as ? ' style' : ''} ${href}`
	);

describe('preloadsFor', () => {
	it('follows static imports at any depth and collects their style sheets', () => {
		const { modules, styles } = preloadsFor(MANIFEST, ['_app/immutable/nodes/4.B.js']);
		expect(modules.sort()).toEqual(
			[
				'_app/immutable/nodes/4.B.js',
				'_app/immutable/chunks/shell.js',
				'_app/immutable/chunks/areas.js',
				'_app/immutable/chunks/bible.js',
				'_app/immutable/chunks/bible-base.js'
			].sort()
		);
		expect(styles.sort()).toEqual(
			[
				'_app/immutable/assets/shell.css',
				'_app/immutable/assets/areas.css',
				'_app/immutable/assets/bible.css'
			].sort()
		);
	});

	it('does not follow dynamic imports: a page preloads only what its first render runs', () => {
		const { modules } = preloadsFor(MANIFEST, ['_app/immutable/chunks/shell.js']);
		expect(modules).toEqual(['_app/immutable/chunks/shell.js']);
	});

	it('ignores linked files the manifest does not know', () => {
		expect(preloadsFor(MANIFEST, ['_app/immutable/chunks/gone.js'])).toEqual({
			modules: [],
			styles: []
		});
	});
});

describe('withCompletePreloads', () => {
	it('adds a module preload for each chunk the page imports and does not link, and preloads their style sheets', () => {
		const links = linksOf(withCompletePreloads(page(), MANIFEST));
		expect(links).toEqual([
			'modulepreload /_app/immutable/entry/app.A.js',
			'modulepreload /_app/immutable/chunks/shell.js',
			'modulepreload /_app/immutable/nodes/4.B.js',
			'modulepreload /_app/immutable/chunks/areas.js',
			'modulepreload /_app/immutable/chunks/bible.js',
			'modulepreload /_app/immutable/chunks/bible-base.js',
			'preload style /_app/immutable/assets/areas.css',
			'preload style /_app/immutable/assets/bible.css',
			// Linked already, as a stylesheet: not preloaded again.
			'stylesheet /_app/immutable/assets/shell.css'
		]);
	});

	it('keeps the base path of a site hosted under one', () => {
		const links = linksOf(withCompletePreloads(page('/tools/client'), MANIFEST));
		expect(links).toContain('modulepreload /tools/client/_app/immutable/chunks/bible.js');
		expect(links).toContain('preload style /tools/client/_app/immutable/assets/bible.css');
		expect(links.every((link) => link.includes(' /tools/client/_app/'))).toBe(true);
	});

	it('leaves a page unchanged when it links everything already, or links no module', () => {
		const complete = withCompletePreloads(page(), MANIFEST);
		expect(withCompletePreloads(complete, MANIFEST)).toBe(complete);
		const plain = '<!doctype html><title>Offline</title><p>No code here</p>';
		expect(withCompletePreloads(plain, MANIFEST)).toBe(plain);
	});
});

/** The text of each style sheet of MANIFEST. */
const STYLES = new Map([
	['_app/immutable/assets/shell.css', 'body{margin:0}'],
	['_app/immutable/assets/areas.css', '.banner{display:flex}'],
	['_app/immutable/assets/bible.css', '.verse{line-height:1.6}']
]);

describe('withCompletePreloads, for a page that carries its style sheets', () => {
	const written = (html: string) =>
		[
			...html.matchAll(
				/<link href="([^"]+)" rel="stylesheet" disabled media="\(max-width: 0\)"><style>([^<]*)<\/style>/g
			)
		].map(([, href, css]) => `${href} ${css}`);

	it('writes its own and its chunks’ style sheets into it, in the order it would link them, and fetches none', () => {
		const html = withCompletePreloads(page(), MANIFEST, [], STYLES);
		expect(written(html)).toEqual([
			'/_app/immutable/assets/shell.css body{margin:0}',
			'/_app/immutable/assets/areas.css .banner{display:flex}',
			'/_app/immutable/assets/bible.css .verse{line-height:1.6}'
		]);
		// No sheet is requested: no preload of one, no link the browser would follow.
		expect(html).not.toContain('as="style"');
		expect(html.match(/rel="stylesheet"(?! disabled)/g)).toBeNull();
		expect(html.indexOf('bible.css')).toBeLessThan(html.indexOf('</head>'));
		expect(linksOf(html)).toContain('modulepreload /_app/immutable/chunks/bible.js');
	});

	it('keeps the base path of a site hosted under one', () => {
		const html = withCompletePreloads(page('/tools/client'), MANIFEST, [], STYLES);
		expect(written(html).map((sheet) => sheet.split(' ')[0])).toEqual([
			'/tools/client/_app/immutable/assets/shell.css',
			'/tools/client/_app/immutable/assets/areas.css',
			'/tools/client/_app/immutable/assets/bible.css'
		]);
	});

	it('never lets a sheet end its style element early', () => {
		const hostile = new Map(STYLES).set(
			'_app/immutable/assets/bible.css',
			'a{content:"</style><p>"}'
		);
		const html = withCompletePreloads(page(), MANIFEST, [], hostile);
		expect(html).not.toContain('</style><p>');
		expect(html.split('</style>').length - 1).toBe(3);
	});

	it('refuses to write a sheet it has no text for', () => {
		const partial = new Map(STYLES);
		partial.delete('_app/immutable/assets/areas.css');
		expect(() => withCompletePreloads(page(), MANIFEST, [], partial)).toThrow(/areas\.css/);
	});
});

describe('withLargestFirst', () => {
	it('names the page’s modules largest first, each link where one was', () => {
		const sizes: Record<string, number> = {
			'/_app/immutable/entry/app.A.js': 500,
			'/_app/immutable/chunks/shell.js': 30_000,
			'/_app/immutable/nodes/4.B.js': 108_000
		};
		const html = withLargestFirst(page(), (href) => sizes[href] ?? 0);
		expect(linksOf(html)).toEqual([
			'modulepreload /_app/immutable/nodes/4.B.js',
			'modulepreload /_app/immutable/chunks/shell.js',
			'modulepreload /_app/immutable/entry/app.A.js',
			'stylesheet /_app/immutable/assets/shell.css'
		]);
		expect(html.replace(/<link [^>]*>/g, '')).toBe(page().replace(/<link [^>]*>/g, ''));
	});
});

describe('completePreloads', () => {
	let root: string;
	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), 'preloads-'));
		mkdirSync(join(root, 'site', 'bible'), { recursive: true });
		// The built files of MANIFEST, as the build writes them.
		for (const chunk of Object.values(MANIFEST)) {
			mkdirSync(join(root, 'site', chunk.file, '..'), { recursive: true });
			writeFileSync(
				join(root, 'site', chunk.file),
				`export const code = ${JSON.stringify(chunk.file)};`
			);
		}
		mkdirSync(join(root, 'site', '_app/immutable/assets'), { recursive: true });
		for (const [file, css] of STYLES) writeFileSync(join(root, 'site', file), css);
	});
	afterEach(() => rmSync(root, { recursive: true, force: true }));

	it('has the fallback page preload the page it is given, and only the fallback', async () => {
		const fallback = `<!doctype html><head><link href="/_app/immutable/entry/app.A.js" rel="modulepreload"></head>`;
		writeFileSync(join(root, 'site', '200.html'), fallback);
		writeFileSync(join(root, 'site', 'index.html'), fallback);
		await completePreloads(join(root, 'site'), MANIFEST, {
			fallback: '200.html',
			files: ['_app/immutable/nodes/4.B.js']
		});
		expect(linksOf(readFileSync(join(root, 'site', '200.html'), 'utf8'))).toContain(
			'modulepreload /_app/immutable/chunks/bible.js'
		);
		expect(readFileSync(join(root, 'site', 'index.html'), 'utf8')).not.toContain('bible.js');
	});

	it('completes every page of the site, in folders too, and leaves other files alone', async () => {
		writeFileSync(join(root, 'site', 'bible.html'), page());
		writeFileSync(join(root, 'site', 'bible', 'notes.html'), page());
		writeFileSync(join(root, 'site', 'bible', 'data.json'), page());
		const changed = await completePreloads(join(root, 'site'), MANIFEST);
		expect(changed).toBe(2);
		for (const file of ['bible.html', 'bible/notes.html'])
			expect(readFileSync(join(root, 'site', file), 'utf8')).toContain(
				'<link href="/_app/immutable/chunks/bible.js" rel="modulepreload">'
			);
		expect(readFileSync(join(root, 'site', 'bible', 'data.json'), 'utf8')).toBe(page());
	});

	it('writes the style sheets into every page but those that keep linking them', async () => {
		writeFileSync(join(root, 'site', 'index.html'), page());
		writeFileSync(join(root, 'site', 'bible.html'), page());
		await completePreloads(join(root, 'site'), MANIFEST, undefined, ['index.html']);
		const bible = readFileSync(join(root, 'site', 'bible.html'), 'utf8');
		const home = readFileSync(join(root, 'site', 'index.html'), 'utf8');
		expect(bible).toContain('<style>.verse{line-height:1.6}</style>');
		expect(bible).not.toContain('as="style"');
		expect(home).not.toContain('<style>');
		expect(linksOf(home)).toContain('preload style /_app/immutable/assets/bible.css');
	});
});

describe('nodesOfPage', () => {
	let root: string;
	beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'nodes-'))));
	afterEach(() => rmSync(root, { recursive: true, force: true }));

	it('finds the node of the page and those of its layouts, as SvelteKit generates them', async () => {
		const nodes = join(root, 'generated', 'client-optimized', 'nodes');
		mkdirSync(nodes, { recursive: true });
		const routes = '../../../src/routes';
		const node = (files: string[]) =>
			files.map((file) => `export { default as component } from "${routes}/${file}";`).join('\n');
		writeFileSync(join(nodes, '0.js'), node(['+layout.svelte']));
		writeFileSync(join(nodes, '2.js'), node(['(areas)/+layout.svelte']));
		writeFileSync(join(nodes, '4.js'), node(['(areas)/bible/[bible]/+page.svelte']));
		writeFileSync(join(nodes, '5.js'), node(['(areas)/bible/[bible]/[chapter]/+page.svelte']));
		writeFileSync(join(nodes, '6.js'), node(['(areas)/energy/+layout.svelte']));
		const key = (n: number) =>
			relative('.', join(nodes, `${n}.js`))
				.split(sep)
				.join('/');
		const manifest = Object.fromEntries(
			[0, 2, 4, 5, 6].map((n) => [key(n), { file: `_app/immutable/nodes/${n}.js` }])
		);
		const page = relative(
			'.',
			join(root, 'src/routes/(areas)/bible/[bible]/[chapter]/+page.svelte')
		);
		expect((await nodesOfPage(manifest, nodes, page)).sort()).toEqual([
			'_app/immutable/nodes/0.js',
			'_app/immutable/nodes/2.js',
			'_app/immutable/nodes/5.js'
		]);
	});
});
