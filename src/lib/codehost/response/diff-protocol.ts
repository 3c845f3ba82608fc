/** What the page and the diff worker say to each other. */
import type { ShownChange } from './diff';

export interface DiffRequest {
	id: number;
	before: string;
	after: string;
}

/** `changes` null: the bodies are not both JSON, and differ; `failed`: they could not be read. */
export type DiffReply =
	{ id: number; changes: ShownChange[] | null } | { id: number; failed: string };
