/** The worker that gathers a long answer's bytes off the page's thread, driven as the page drives it. */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

describe('the whole-body worker', () => {
	it('says it has started, keeps each message’s chunks, and answers one Blob of them all, typed', async () => {
		const posted: unknown[] = [];
		const scope: { onmessage: ((event: { data: unknown }) => void) | null } & {
			postMessage: (message: unknown) => void;
		} = { onmessage: null, postMessage: (message) => posted.push(message) };
		vi.stubGlobal('self', scope);
		await import('$lib/http/whole-body.worker');
		expect(posted).toEqual(['ready']);
		const bytes = (text: string) => new TextEncoder().encode(text);
		scope.onmessage!({ data: { chunks: [bytes('{"a":'), bytes('1')] } });
		scope.onmessage!({ data: { chunks: [bytes('}')] } });
		expect(posted).toHaveLength(1);
		scope.onmessage!({ data: { type: 'application/json' } });
		const blob = posted[1] as Blob;
		expect(blob).toBeInstanceOf(Blob);
		expect(blob.type).toBe('application/json');
		expect(await blob.text()).toBe('{"a":1}');
	});
});
