/** A long answer's bytes gathered into one Blob: by a worker where one starts, by the page where not. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WholeBody } from '$lib/http/whole-body';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A stand-in for the worker: `start()` is its "ready", and it answers the Blob as the real one does. */
class FakeWorker {
	static made: FakeWorker[] = [];
	onmessage: ((event: { data: unknown }) => void) | null = null;
	onerror: ((event: { preventDefault(): void }) => void) | null = null;
	received: Uint8Array[] = [];
	moved: ArrayBuffer[] = [];
	terminate = vi.fn();
	constructor(
		readonly url: URL,
		readonly options: WorkerOptions
	) {
		FakeWorker.made.push(this);
	}
	postMessage(message: { chunks: Uint8Array[] } | { type: string }, transfer: ArrayBuffer[] = []) {
		this.moved.push(...transfer);
		if ('chunks' in message) this.received.push(...message.chunks);
		else
			queueMicrotask(() =>
				this.onmessage?.({ data: new Blob(this.received as BlobPart[], { type: message.type }) })
			);
	}
	start() {
		this.onmessage?.({ data: 'ready' });
	}
	fail() {
		this.onerror?.({ preventDefault() {} });
	}
}

afterEach(() => {
	FakeWorker.made = [];
	vi.unstubAllGlobals();
});

describe('WholeBody', () => {
	it('where no worker can start, the page gathers the chunks itself, in order', async () => {
		vi.stubGlobal('Worker', undefined);
		const whole = new WholeBody();
		whole.add(bytes('ab'));
		whole.add(bytes('c'));
		const blob = await whole.blob('text/plain');
		expect(blob.type).toBe('text/plain');
		expect(await blob.text()).toBe('abc');
	});

	it('hands the chunks to its worker once it has started, moved, not copied, and ends the worker', async () => {
		vi.stubGlobal('Worker', FakeWorker);
		const whole = new WholeBody();
		const worker = FakeWorker.made[0]!;
		expect(worker.options).toMatchObject({ type: 'module', name: 'answer' });
		const first = bytes('held ');
		whole.add(first);
		expect(worker.received).toEqual([]);
		worker.start();
		expect(worker.received).toEqual([first]);
		expect(worker.moved).toEqual([first.buffer]);
		// A part of a bigger buffer goes as a copy: the rest of that buffer is not the worker's.
		const part = bytes('xthen').subarray(1);
		whole.add(part);
		expect(worker.moved).toHaveLength(2);
		expect(worker.moved[1]).not.toBe(part.buffer);
		expect(part.buffer.byteLength).toBe(5);
		const blob = await whole.blob('application/json');
		expect(await blob.text()).toBe('held then');
		expect(worker.terminate).toHaveBeenCalled();
	});

	it('gathers on the page when the worker fails to start, losing nothing', async () => {
		vi.stubGlobal('Worker', FakeWorker);
		const whole = new WholeBody();
		whole.add(bytes('one '));
		FakeWorker.made[0]!.fail();
		whole.add(bytes('two'));
		expect(await (await whole.blob('text/plain')).text()).toBe('one two');
	});

	it('fails, not hangs, when a worker that had some bytes stops', async () => {
		vi.stubGlobal('Worker', FakeWorker);
		const whole = new WholeBody();
		const worker = FakeWorker.made[0]!;
		worker.start();
		whole.add(bytes('gone'));
		worker.fail();
		await expect(whole.blob('text/plain')).rejects.toThrow(
			'The worker keeping the answer stopped.'
		);
	});
});
