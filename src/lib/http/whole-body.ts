/**
 * A long answer's bytes gathered into one Blob, to be saved whole. Making a Blob copies its bytes
 * into the browser's store: about 16 ms a MB on the page's thread here, 800 ms for 50 MB; posting
 * a copy to a worker cost as much again. So the bytes are handed to a worker (whole-body.worker.ts,
 * one per long answer), moved, not copied, while the answer arrives. Until the worker has started
 * the page holds them; where none starts, the page gathers them itself, a chunk per task.
 */
import { nextTask } from './next-task';

export type WholeBodyMessage = { chunks: Uint8Array[] } | { type: string };

export class WholeBody {
	/** Bytes not yet handed over: all of them, where no worker starts. */
	#held: Uint8Array[] = [];
	#worker: Worker | null = null;
	/** null while the worker starts; false once it cannot. */
	#ready: boolean | null = null;
	#started: Promise<void>;
	/** Some bytes went to a worker that then stopped: the whole can no longer be made. */
	#lost = false;

	constructor() {
		this.#started = new Promise<void>((settle) => {
			const failed = () => {
				if (this.#ready) this.#lost = true;
				this.#ready = false;
				this.#worker?.terminate();
				settle();
			};
			try {
				if (typeof Worker === 'undefined') return failed();
				this.#worker = new Worker(new URL('./whole-body.worker.ts', import.meta.url), {
					type: 'module',
					name: 'answer'
				});
			} catch {
				return failed();
			}
			this.#worker.onerror = (event) => {
				event.preventDefault();
				failed();
			};
			this.#worker.onmessage = () => {
				this.#ready = true;
				this.#hand();
				settle();
			};
		});
	}

	/** The next chunk of the body, as read. It is the worker's from now on: not to be read again. */
	add(chunk: Uint8Array): void {
		this.#held.push(chunk);
		if (this.#ready) this.#hand();
	}

	/** The whole body, once every chunk is in. */
	async blob(type: string): Promise<Blob> {
		await this.#started;
		if (this.#lost) throw new Error('The worker keeping the answer stopped.');
		const worker = this.#worker;
		if (this.#ready && worker) {
			this.#hand();
			// The bytes are the worker's now: one that stops has them, and the read fails, not hangs.
			const blob = new Promise<Blob>((resolve, reject) => {
				worker.onmessage = (event: MessageEvent<Blob>) => resolve(event.data);
				worker.onerror = (event) => {
					event.preventDefault();
					reject(new Error('The worker keeping the answer stopped.'));
				};
				worker.postMessage({ type } satisfies WholeBodyMessage);
			});
			return blob.finally(() => worker.terminate());
		}
		const blobs: Blob[] = [];
		for (const chunk of this.#held) {
			blobs.push(new Blob([chunk as BlobPart]));
			await nextTask();
		}
		return new Blob(blobs, { type });
	}

	/** Stops gathering (the answer did not arrive whole). */
	discard(): void {
		this.#worker?.terminate();
		this.#held = [];
	}

	#hand(): void {
		if (!this.#held.length) return;
		// A view that is all of its buffer moves as it is; a part of a bigger one as a copy.
		const chunks = this.#held.map((c) =>
			c.byteOffset === 0 && c.byteLength === c.buffer.byteLength ? c : c.slice()
		);
		this.#held = [];
		this.#worker?.postMessage(
			{ chunks } satisfies WholeBodyMessage,
			chunks.map((c) => c.buffer as ArrayBuffer)
		);
	}
}
