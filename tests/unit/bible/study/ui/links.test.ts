import { describe, expect, it } from 'vitest';
import { readerHref } from '$lib/bible/study/ui/links';

describe('where a study tool’s verse opens', () => {
	it('the reader’s chapter page of the KJV, at the verse; or of the translation named', () => {
		const ref = { bookRef: '1John', chapter: 4, verse: 8 };
		expect(readerHref()(ref)).toBe('/bible/KJV/1John/4#v8');
		expect(readerHref('WEB')(ref)).toBe('/bible/WEB/1John/4#v8');
	});
});
