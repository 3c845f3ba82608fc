/**
 * "Compare with…" asks the diff worker (diff.worker.ts, a module worker bundled by Vite as its
 * own file); one worker serves the page, started on the first comparison. Where no worker can
 * start, the page compares in its next task: slower for big answers, still correct.
 */
import { nextTask } from '$lib/http/next-task';
import { answerDiff } from './diff-answer';
import type { DiffReply, DiffTask } from './diff-protocol';

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (reply: DiffReply) => void>();

function started(): Worker | null {
	if (worker !== undefined) return worker;
	try {
		worker =
			typeof Worker === 'undefined'
				? null
				: new Worker(new URL('./diff.worker.ts', import.meta.url), {
						type: 'module',
						name: 'compare'
					});
	} catch {
		worker = null;
	}
	if (worker) {
		worker.onmessage = (event: MessageEvent<DiffReply>) => {
			waiting.get(event.data.id)?.(event.data);
			waiting.delete(event.data.id);
		};
		worker.onerror = (event) => {
			// A worker that fails to load: every request waiting, and those to come, run here.
			event.preventDefault();
			worker?.terminate();
			worker = null;
			for (const [id, resolve] of waiting) resolve({ id, failed: 'retry' });
			waiting.clear();
		};
	}
	return worker;
}

async function inPage(task: DiffTask): Promise<DiffReply> {
	await nextTask();
	return answerDiff(task);
}

/** The differences between two bodies, computed off the page's thread where it can be. */
export async function diffBodies(before: string, after: string): Promise<DiffReply> {
	const task: DiffTask = { id: nextId++, before, after };
	const w = started();
	if (!w) return inPage(task);
	const reply = await new Promise<DiffReply>((resolve) => {
		waiting.set(task.id, resolve);
		w.postMessage(task);
	});
	return 'failed' in reply && reply.failed === 'retry' ? inPage(task) : reply;
}
