import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { linksByRel, parseLinkHeader } from '$lib/http/link-header';

const simplify = (header: string | null | undefined) =>
	parseLinkHeader(header).map(({ url, rel }) => ({ url, rel }));

describe('parseLinkHeader', () => {
	it('returns nothing for an empty, null or undefined header', () => {
		expect(parseLinkHeader('')).toEqual([]);
		expect(parseLinkHeader(null)).toEqual([]);
		expect(parseLinkHeader(undefined)).toEqual([]);
		expect(parseLinkHeader('   ')).toEqual([]);
	});

	it('CH-OFF-2: reads the real code host format (prev, next, first, last joined by ", ")', () => {
		const base = 'https://gitlab.example.com/api/v4/projects';
		const header = [
			`<${base}?page=1&per_page=3>; rel="prev"`,
			`<${base}?page=3&per_page=3>; rel="next"`,
			`<${base}?page=1&per_page=3>; rel="first"`,
			`<${base}?page=4&per_page=3>; rel="last"`
		].join(', ');
		expect(simplify(header)).toEqual([
			{ url: `${base}?page=1&per_page=3`, rel: 'prev' },
			{ url: `${base}?page=3&per_page=3`, rel: 'next' },
			{ url: `${base}?page=1&per_page=3`, rel: 'first' },
			{ url: `${base}?page=4&per_page=3`, rel: 'last' }
		]);
		expect(linksByRel(header)).toEqual({
			prev: `${base}?page=1&per_page=3`,
			next: `${base}?page=3&per_page=3`,
			first: `${base}?page=1&per_page=3`,
			last: `${base}?page=4&per_page=3`
		});
	});

	it('accepts a bare rel and a quoted rel, in any order and spacing', () => {
		const header = '<https://a.test/2>;rel=next ,   <https://a.test/1> ;  rel = "prev"';
		expect(simplify(header)).toEqual([
			{ url: 'https://a.test/2', rel: 'next' },
			{ url: 'https://a.test/1', rel: 'prev' }
		]);
	});

	it('splits a multi-rel value into one entry per rel', () => {
		const header = '<https://a.test/9>; rel="next last"';
		expect(simplify(header)).toEqual([
			{ url: 'https://a.test/9', rel: 'next' },
			{ url: 'https://a.test/9', rel: 'last' }
		]);
	});

	it('keeps commas and semicolons inside <…> as part of the URL', () => {
		const header =
			'<https://a.test/x?ids=1,2,3;v=2>; rel="next", <https://a.test/y?a=b,c>; rel="prev"';
		expect(linksByRel(header)).toEqual({
			next: 'https://a.test/x?ids=1,2,3;v=2',
			prev: 'https://a.test/y?a=b,c'
		});
	});

	it('reads other parameters, quoted values with commas and escaped quotes, and lower-cases rel', () => {
		const header = '<https://a.test/p>; title="a, \\"b\\"; c"; REL="NEXT"; type=application/json';
		const [entry, ...rest] = parseLinkHeader(header);
		expect(rest).toEqual([]);
		expect(entry).toEqual({
			url: 'https://a.test/p',
			rel: 'next',
			params: { title: 'a, "b"; c', rel: 'NEXT', type: 'application/json' }
		});
	});

	it('skips garbage pieces and entries without rel, keeping the good ones', () => {
		const header = [
			'garbage',
			'<https://a.test/1>; rel="first"',
			'nonsense;;',
			'<https://a.test/2>junk; rel="next"',
			'<https://a.test/3>; title="no rel"',
			'<https://a.test/4>; rel="last"'
		].join(', ');
		expect(simplify(header)).toEqual([
			{ url: 'https://a.test/1', rel: 'first' },
			{ url: 'https://a.test/4', rel: 'last' }
		]);
	});

	it('gives up quietly on an unterminated URL', () => {
		expect(simplify('<https://a.test/1>; rel="next", <https://a.test/2; rel="last"')).toEqual([
			{ url: 'https://a.test/1', rel: 'next' }
		]);
		expect(parseLinkHeader('<https://a.test/1; rel="next"')).toEqual([]);
	});

	it('CH-KEY-2: reads a keyset next link as given', () => {
		const url =
			'https://gitlab.example.com/api/v4/projects?id_after=42&order_by=id&pagination=keyset&per_page=50&sort=asc';
		expect(linksByRel(`<${url}>; rel="next"`)).toEqual({ next: url });
	});
});

describe('linksByRel', () => {
	it('returns the first URL when a rel repeats', () => {
		expect(
			linksByRel('<https://a.test/1>; rel="next", <https://a.test/2>; rel="next prev"')
		).toEqual({ next: 'https://a.test/1', prev: 'https://a.test/2' });
	});

	it('returns an empty object for a missing header', () => {
		expect(linksByRel(null)).toEqual({});
	});
});

// Property tests: any entries serialised any legal way come back exactly.
const spaces = fc.constantFrom('', ' ', '  ', '\t', ' \t ');
const relToken = fc.stringMatching(/^[a-z][a-z0-9.-]{0,11}$/);
const safeUrl = fc.oneof(
	fc.webUrl({ withQueryParameters: true, withFragments: true }),
	fc
		.string({ minLength: 1, maxLength: 40 })
		.filter((s) => !s.includes('<') && !s.includes('>') && s.trim() === s)
);
const extraParam = fc.record({
	name: fc.constantFrom('title', 'type', 'hreflang', 'anchor'),
	value: fc.stringMatching(/^[a-zA-Z0-9 ,;=/-]{0,12}$/)
});
const entry = fc.record({
	url: safeUrl,
	rels: fc.array(relToken, { minLength: 1, maxLength: 3 }),
	quoted: fc.boolean(),
	extras: fc.array(extraParam, { maxLength: 2 }),
	relFirst: fc.boolean(),
	sp: fc.array(spaces, { minLength: 6, maxLength: 6 })
});

type Entry = {
	url: string;
	rels: string[];
	quoted: boolean;
	extras: { name: string; value: string }[];
	relFirst: boolean;
	sp: string[];
};

function serialise(e: Entry): string {
	const [a = '', b = '', c = '', d = '', f = '', g = ''] = e.sp;
	// Several rels need quotes; a single one may be bare.
	const relValue = e.quoted || e.rels.length > 1 ? `"${e.rels.join(' ')}"` : e.rels[0]!;
	const rel = `${a};${b}rel${c}=${d}${relValue}`;
	const extras = e.extras.map((x) => `${f};${g}${x.name}="${x.value}"`).join('');
	return `<${e.url}>${e.relFirst ? rel + extras : extras + rel}`;
}

describe('parseLinkHeader properties', () => {
	it('recovers exactly the serialised (url, rel) entries, whatever the spacing and quoting', () => {
		fc.assert(
			fc.property(fc.array(entry, { maxLength: 6 }), spaces, spaces, (entries, before, sep) => {
				const header = entries.map(serialise).join(`${sep},${before}`);
				const expected = entries.flatMap((e) => e.rels.map((rel) => ({ url: e.url, rel })));
				expect(simplify(header)).toEqual(expected);
			})
		);
	});

	it('linksByRel maps each rel to the URL of its first entry', () => {
		fc.assert(
			fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
				const header = entries.map(serialise).join(', ');
				const expected: Record<string, string> = {};
				for (const e of entries) for (const rel of e.rels) expected[rel] ??= e.url;
				expect(linksByRel(header)).toEqual(expected);
			})
		);
	});
});

describe('parseLinkHeader details', () => {
	it('trims white space inside <…> and around a bare value', () => {
		expect(
			parseLinkHeader('< https://a.test/2 >; rel=next ; title=two , <https://a.test/3>; rel=last')
		).toEqual([
			{ url: 'https://a.test/2', rel: 'next', params: { rel: 'next', title: 'two' } },
			{ url: 'https://a.test/3', rel: 'last', params: { rel: 'last' } }
		]);
	});

	it('a parameter without a value is read as empty and does not swallow the next one', () => {
		expect(parseLinkHeader('<https://a.test/2>; crossorigin; rel="next"')).toEqual([
			{ url: 'https://a.test/2', rel: 'next', params: { crossorigin: '', rel: 'next' } }
		]);
	});

	it('the first of a repeated parameter wins (RFC 8288 §3)', () => {
		expect(parseLinkHeader('<https://a.test/2>; rel="next"; rel="prev"')).toEqual([
			{ url: 'https://a.test/2', rel: 'next', params: { rel: 'next' } }
		]);
	});

	it('junk after an entry is skipped up to the next entry, with or without a comma', () => {
		const expected = [
			{ url: 'https://a.test/1', rel: 'next' },
			{ url: 'https://a.test/2', rel: 'prev' }
		];
		expect(simplify('<https://a.test/1>; rel="next" junk <https://a.test/2>; rel="prev"')).toEqual(
			expected
		);
		expect(simplify('<https://a.test/1>; rel="next" junk, <https://a.test/2>; rel="prev"')).toEqual(
			expected
		);
		expect(simplify('<https://a.test/1>; rel="next" junk')).toEqual([expected[0]]);
	});

	it('an escaped quote at the very end of a quoted value is kept', () => {
		expect(parseLinkHeader('<https://a.test/2>; title="a\\\\"; rel=next')[0]!.params).toEqual({
			title: 'a\\',
			rel: 'next'
		});
	});
});
