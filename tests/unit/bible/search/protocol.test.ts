// The messages between the page and the search worker (protocol.ts): each asks or answers by its
// `type`, and every question that waits for an answer carries the `id` its answer comes back with.
import { describe, expectTypeOf, it } from 'vitest';
import type { FromWorker, ToWorker } from '$lib/bible/search/protocol';

describe('the search worker’s messages', () => {
	it('every message names its server; a question that is answered carries an id, and so does its answer', () => {
		expectTypeOf<ToWorker>().toHaveProperty('apiRoot').toEqualTypeOf<string>();
		expectTypeOf<Extract<ToWorker, { type: 'search' }>>()
			.toHaveProperty('id')
			.toEqualTypeOf<number>();
		expectTypeOf<Extract<FromWorker, { type: 'answer' }>>()
			.toHaveProperty('id')
			.toEqualTypeOf<number>();
		expectTypeOf<ToWorker['type']>().toEqualTypeOf<
			'sync' | 'change' | 'search' | 'bytes' | 'save'
		>();
		expectTypeOf<FromWorker['type']>().toEqualTypeOf<
			'indexed' | 'synced' | 'index-saved' | 'answer' | 'bytes' | 'saved'
		>();
	});
});
