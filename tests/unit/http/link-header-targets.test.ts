import { describe, expect, it } from 'vitest';
import { linksByRel, parseLinkHeader } from '$lib/http/link-header';

const PAGE = 'https://git.example.com/api/v4/projects?page=1';

describe('Link targets against the URL the answer came from (RFC 8288 §3.2)', () => {
	it('resolves relative references', () => {
		const header =
			'<?page=2>; rel="next", </api/v4/projects?t=a:b>; rel="last", <//cdn.example.com/x>; rel="alt"';
		expect(linksByRel(header, PAGE)).toEqual({
			next: 'https://git.example.com/api/v4/projects?page=2',
			last: 'https://git.example.com/api/v4/projects?t=a:b',
			alt: 'https://cdn.example.com/x'
		});
	});

	it('keeps an absolute target exactly as the server wrote it', () => {
		const header = '<HTTPS://Git.Example.com/api?page=2>; rel=next, <S3://Bucket/Key>; rel=data';
		expect(linksByRel(header, PAGE)).toEqual({
			next: 'HTTPS://Git.Example.com/api?page=2',
			data: 'S3://Bucket/Key'
		});
	});

	it('keeps a target as written without a base or when the base cannot be read', () => {
		expect(linksByRel('<?page=2>; rel=next')).toEqual({ next: '?page=2' });
		expect(linksByRel('<?page=2>; rel=next', 'not a url')).toEqual({ next: '?page=2' });
	});
});

describe('Link header edges', () => {
	const rels = (header: string) => parseLinkHeader(header).map((e) => `${e.rel} ${e.url}`);

	it('reads an entry that starts after white space', () => {
		expect(rels(' <https://a.test/2>; rel="next"')).toEqual(['next https://a.test/2']);
	});

	it('ends at trailing junk that holds no further entry', () => {
		expect(rels('<https://a.test/2>; rel=next, junk')).toEqual(['next https://a.test/2']);
		expect(rels('<https://a.test/2>; rel=next,><https://a.test/9>; rel=last')).toEqual([
			'next https://a.test/2',
			'last https://a.test/9'
		]);
	});

	it('reads an entry that follows a quoted value with no comma between', () => {
		const header =
			'<https://a.test/1>; rel="prev" <https://a.test/3>; rel="next", <https://a.test/9>; rel="last"';
		expect(rels(header)).toEqual([
			'prev https://a.test/1',
			'next https://a.test/3',
			'last https://a.test/9'
		]);
	});

	it('skips an empty parameter', () => {
		expect(rels('<https://a.test/2>; ; rel=next')).toEqual(['next https://a.test/2']);
		expect(rels('<https://a.test/2>;; rel=next')).toEqual(['next https://a.test/2']);
	});

	it('does not start a new entry at a "<" inside a bare value', () => {
		expect(rels('<https://a.test/2>; rel=next; t=x<, <https://a.test/1>; rel=prev')).toEqual([
			'next https://a.test/2',
			'prev https://a.test/1'
		]);
	});

	it('reads an unterminated quoted value up to the end, a final backslash included', () => {
		expect(parseLinkHeader('<https://a.test/2>; rel="next')).toEqual([
			{ url: 'https://a.test/2', rel: 'next', params: { rel: 'next' } }
		]);
		expect(parseLinkHeader('<https://a.test/2>; rel=next; title="a\\')).toEqual([
			{ url: 'https://a.test/2', rel: 'next', params: { rel: 'next', title: 'a\\' } }
		]);
	});
});
