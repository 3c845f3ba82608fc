import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { type SavedRequestData } from '$lib/codehost/collections/collections';
import {
	IMPORT_LIMITS,
	listNames,
	notCarriedLines,
	PreviewBuilder
} from '$lib/codehost/import/preview';

const request: SavedRequestData = {
	name: 'r',
	method: 'GET',
	path: '/user',
	pathParams: {},
	query: '',
	params: '',
	bodyKind: 'query',
	headers: '',
	auth: { method: 'none', way: 'none' }
};

describe('PreviewBuilder', () => {
	it('notes of one kind are one line, naming where', () => {
		const b = new PreviewBuilder('postman-collection-2.1');
		for (const w of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) b.note('Descriptions', 'left out.', w);
		b.note('Descriptions', 'left out.', 'a');
		expect(notCarriedLines(b.build())).toEqual([
			'Descriptions (“a”, “b”, “c”, “d”, “e” and 2 more): left out.'
		]);
		expect(listNames(['x', 'y'])).toBe('“x” and “y”');
	});

	it('secret variables: by the file’s word, by name, or by use for a credential; their values set apart', () => {
		const b = new PreviewBuilder('postman-environment');
		b.credentialVariables.add('used');
		const env = b.environment('E', [
			{ name: 'plain', value: 'p' },
			{ name: 'marked', value: 'm', secret: true },
			{ name: 'api_key', value: 'k' },
			{ name: 'used', value: 'u' },
			{ name: 'empty_token', value: '' }
		]);
		const preview = b.build();
		const out = preview.environments[0]!;
		expect(out.values).toEqual({ plain: 'p', marked: '', api_key: '', used: '', empty_token: '' });
		expect(out.secret?.sort()).toEqual(['api_key', 'empty_token', 'marked', 'used']);
		expect(preview.secretValues[env.id]).toEqual({ marked: 'm', api_key: 'k', used: 'u' });
		expect(preview.counts.variables).toBe(5);
	});

	it('refuses more requests, collections or environments than the explorer keeps', () => {
		const b = new PreviewBuilder('har-1.2');
		expect(() => b.countRequests(IMPORT_LIMITS.requests + 1)).toThrow(FileRefused);
		const c = new PreviewBuilder('har-1.2');
		for (let i = 0; i < IMPORT_LIMITS.collections; i++) c.add(`c${i}`, request);
		expect(() => c.add('one more', request)).toThrow(/more than 200 collections/);
		const e = new PreviewBuilder('har-1.2');
		for (let i = 0; i < IMPORT_LIMITS.environments; i++) e.environment(`e${i}`, []);
		expect(() => e.environment('one more', [])).toThrow(/more than 100 environments/);
	});

	it('a name is one line of at most 200 characters', () => {
		const b = new PreviewBuilder('har-1.2');
		b.add(`x\n${'y'.repeat(300)}`, request);
		const name = b.build().collections[0]!.name;
		expect(name.length).toBe(200);
		expect(name).toMatch(/^x y+…$/);
	});
});
