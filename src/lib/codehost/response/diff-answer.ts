/** The diff worker's answer to one request (also run on the page where no worker starts). */
import { bodyDiff } from './diff';
import type { DiffReply, DiffTask } from './diff-protocol';

export function answerDiff(task: DiffTask): DiffReply {
	try {
		return { id: task.id, changes: bodyDiff(task.before, task.after) };
	} catch (error) {
		// A body nested deeper than the walk can go, say.
		return { id: task.id, failed: error instanceof Error ? error.message : String(error) };
	}
}
