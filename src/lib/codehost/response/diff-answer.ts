/** The diff worker's answer to one request (also run on the page where no worker starts). */
import { bodyDiff } from './diff';
import type { DiffReply, DiffRequest } from './diff-protocol';

export function answerDiff(request: DiffRequest): DiffReply {
	try {
		return { id: request.id, changes: bodyDiff(request.before, request.after) };
	} catch (error) {
		// A body nested deeper than the walk can go, say.
		return { id: request.id, failed: error instanceof Error ? error.message : String(error) };
	}
}
