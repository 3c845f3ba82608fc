import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
	SETTINGS_COPY_KEY,
	demoBookHrefs,
	demoChapterPreloadScript,
	withDemoChapterPreload
} from '../../../scripts/demo-chapter-preload.js';

const NAMES = {
	KJV: {
		books: { John: { file: 'KJV/John.json' }, Gen: { file: 'KJV/Gen.json' } }
	},
	// A translation that shares another's book names has no files of its own to preload.
	ASV: { booksNamedAs: 'KJV' }
};
const MANIFEST = {
	'generated/demo-bible/KJV/John.json': { file: '_app/immutable/assets/John.abc123.json' },
	'generated/demo-bible/KJV/Gen.json': { file: '_app/immutable/assets/Gen.def456.json' }
};
const MODULES = ['/_app/immutable/chunks/service.js', '/_app/immutable/chunks/transport.js'];

interface Link {
	rel: string;
	href: string;
	as?: string;
	crossOrigin?: string;
}

/** Runs the script as the fallback page would, at `path`, with `stored` as the settings' copy. */
/** A book's page's own code and style sheet, which the fallback does not preload. */
const BOOK_PAGE = {
	modules: ['/_app/immutable/nodes/6.js', '/_app/immutable/chunks/bible-more.js'],
	styles: ['/_app/immutable/assets/bible-more.css']
};

function runAt(path: string, stored?: string, base = ''): Link[] {
	const books = demoBookHrefs(NAMES, MANIFEST, 'generated/demo-bible', base);
	const script = demoChapterPreloadScript({ base, books, modules: MODULES, bookPage: BOOK_PAGE });
	const head: Link[] = [];
	const document = {
		createElement: () => ({ rel: '', href: '' }),
		head: { append: (link: Link) => head.push({ ...link }) }
	};
	const localStorage = {
		getItem: (key: string) => (key === SETTINGS_COPY_KEY ? (stored ?? null) : null)
	};
	new Function('location', 'localStorage', 'document', script)(
		{ pathname: path },
		localStorage,
		document
	);
	return head;
}

const modulePreloads = MODULES.map((href) => ({ rel: 'modulepreload', href }));

describe('demoBookHrefs', () => {
	it('gives each book of a translation with its own files its built URL, under the base path', () => {
		expect(demoBookHrefs(NAMES, MANIFEST, 'generated/demo-bible', '/tools')).toEqual({
			KJV: {
				John: '/tools/_app/immutable/assets/John.abc123.json',
				Gen: '/tools/_app/immutable/assets/Gen.def456.json'
			}
		});
	});

	it('leaves out a book whose file is not in the build', () => {
		const { KJV } = demoBookHrefs(
			NAMES,
			{ 'generated/demo-bible/KJV/Gen.json': MANIFEST['generated/demo-bible/KJV/Gen.json'] },
			'generated/demo-bible',
			''
		);
		expect(KJV).toEqual({ Gen: '/_app/immutable/assets/Gen.def456.json' });
	});
});

describe('the fallback page’s script', () => {
	it('at a chapter on a first visit, preloads the demo service’s modules and the book, as the demo service fetches it', () => {
		expect(runAt('/bible/KJV/John/3')).toEqual([
			...modulePreloads,
			{
				rel: 'preload',
				href: '/_app/immutable/assets/John.abc123.json',
				as: 'fetch',
				crossOrigin: 'anonymous'
			}
		]);
	});

	it('preloads the same when the stored settings say the Bible is in Demo mode', () => {
		const stored = JSON.stringify({ bible: { mode: 'demo' }, energy: { mode: 'live' } });
		expect(runAt('/bible/KJV/Gen/1', stored).map((link) => link.href)).toEqual([
			...MODULES,
			'/_app/immutable/assets/Gen.def456.json'
		]);
	});

	it('fetches nothing for a Bible in Live mode', () => {
		expect(runAt('/bible/KJV/John/3', JSON.stringify({ bible: { mode: 'live' } }))).toEqual([]);
	});

	it('treats unreadable stored settings as the default, Demo mode', () => {
		expect(runAt('/bible/KJV/John/3', '{not json').map((link) => link.rel)).toEqual([
			'modulepreload',
			'modulepreload',
			'preload'
		]);
	});

	it('at a book, preloads its page’s code and style sheet and the demo service, not a book’s file', () => {
		expect(runAt('/bible/KJV/John')).toEqual([
			...[...BOOK_PAGE.modules, ...MODULES].map((href) => ({ rel: 'modulepreload', href })),
			{
				rel: 'preload',
				href: '/_app/immutable/assets/bible-more.css',
				as: 'style',
				crossOrigin: 'anonymous'
			}
		]);
		expect(runAt('/bible/KJV/John', JSON.stringify({ bible: { mode: 'live' } }))).toEqual([]);
	});

	it('fetches nothing at another page the fallback serves: a translation, a longer path, another area', () => {
		expect(runAt('/bible/KJV')).toEqual([]);
		expect(runAt('/bible/KJV/John/3/extra')).toEqual([]);
		expect(runAt('/explorer/KJV/John/3')).toEqual([]);
		expect(runAt('/bible/KJV/%E0%A4%A/3')).toEqual([]);
	});

	it('preloads only the service for a book it has no file of (the reader says what is missing)', () => {
		expect(runAt('/bible/KJV/Nope/1')).toEqual(modulePreloads);
		expect(runAt('/bible/ASV/John/1')).toEqual(modulePreloads);
		expect(runAt('/bible/KJV/__proto__/1')).toEqual(modulePreloads);
	});

	it('reads the chapter after the site’s base path', () => {
		expect(runAt('/tools/bible/KJV/John/3', undefined, '/tools').at(-1)?.href).toBe(
			'/tools/_app/immutable/assets/John.abc123.json'
		);
		expect(runAt('/bible/KJV/John/3', undefined, '/tools')).toEqual([]);
	});
});

describe('withDemoChapterPreload', () => {
	const HTML = [
		'<html><head>',
		`<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-kit='; style-src 'self'">`,
		'<link href="/_app/immutable/entry/start.js" rel="modulepreload">',
		'<link href="/_app/immutable/assets/shell.css" rel="stylesheet">',
		'</head><body></body></html>'
	].join('\n');

	it('puts the script after the page’s preloads and before its style sheet, and allows it by its hash', () => {
		const script = 'console.log(1)';
		const html = withDemoChapterPreload(HTML, script);
		const hash = createHash('sha256').update(script).digest('base64');
		expect(html).toContain(`script-src 'self' 'sha256-kit=' 'sha256-${hash}'; style-src`);
		const at = html.indexOf(`<script>${script}</script>`);
		expect(at).toBeGreaterThan(html.indexOf('rel="modulepreload"'));
		expect(at).toBeLessThan(html.indexOf('rel="stylesheet"'));
	});

	it('refuses a page whose CSP would block the script', () => {
		expect(() => withDemoChapterPreload('<html><head></head></html>', 'x')).toThrow(/CSP/);
	});
});
