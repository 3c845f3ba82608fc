/** What the page and the diff worker say to each other. */
import type { ShownChange } from './diff';

/** Two bodies for the diff worker to compare (a message to a worker, not an HTTP request). */
export interface DiffTask {
	id: number;
	before: string;
	after: string;
}

/** `changes` null: the bodies are not both JSON, and differ; `failed`: they could not be read. */
export type DiffReply =
	{ id: number; changes: ShownChange[] | null } | { id: number; failed: string };
