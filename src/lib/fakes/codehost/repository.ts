/**
 * The demo code host's repositories, writable: each project has its branches (seeded with the same
 * few files), a tree, files with their last commit, and commits of several actions that all apply
 * or none, refusing an update or delete whose `last_commit_id` is not the file's last commit, as
 * the real server does (reference: "Repository files and commits"). No HTTP here: `app.ts` turns
 * these outcomes into answers.
 */
import { BRANCHES, REPOSITORY_FILES } from './data';

/** The commit the seeded files were last changed in (also what `commitsOf` lists). */
export const SEED_COMMIT = 'a1b2c3d4e5';

export interface StoredFile {
	content: string;
	lastCommitId: string;
}

export interface TreeEntry {
	id: string;
	name: string;
	type: 'blob' | 'tree';
	path: string;
	mode: string;
}

export interface CommitAction {
	action: string;
	file_path: string;
	content?: string;
	encoding?: string;
	last_commit_id?: string;
}

/** Why a commit was refused: the status and the body the real server answers. */
export interface CommitRefusal {
	status: 400 | 404;
	message: string;
}

export interface Commit {
	id: string;
	short_id: string;
	title: string;
	message: string;
	author_name: string;
	created_at: string;
	parent_ids: string[];
}

/** Messages of the real server, word for word. */
export const CHANGED_SINCE =
	'You are attempting to update a file that has changed since you started editing it.';
export const ALREADY_EXISTS = 'A file with this name already exists';
export const DOES_NOT_EXIST = "A file with this name doesn't exist";

/** A short stable hex digest (FNV-1a, 40 hex digits from five rounds): ids, never security. */
export function hexId(text: string): string {
	let out = '';
	for (let round = 0; round < 5; round++) {
		let h = 0x811c9dc5 ^ round;
		for (let i = 0; i < text.length; i++) {
			h ^= text.charCodeAt(i);
			h = Math.imul(h, 0x01000193);
		}
		out += (h >>> 0).toString(16).padStart(8, '0');
	}
	return out;
}

/** UTF-8 text as base64, and back (the file API's `encoding: "base64"`). */
export function toBase64(text: string): string {
	let binary = '';
	for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
	return btoa(binary);
}

export function fromBase64(b64: string): string | null {
	try {
		const binary = atob(b64);
		return new TextDecoder('utf-8', { fatal: true }).decode(
			Uint8Array.from(binary, (c) => c.charCodeAt(0))
		);
	} catch {
		return null;
	}
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** A path the server would take: relative, no empty, `.` or `..` segment. */
const goodPath = (path: string) =>
	path.length > 0 &&
	path.length <= 1024 &&
	path.split('/').every((s) => s !== '' && s !== '.' && s !== '..');

/** One project's branches and their files. */
class ProjectRepository {
	readonly branches = new Map<string, Map<string, StoredFile>>();
	readonly commits: Commit[] = [];

	constructor() {
		for (const branch of BRANCHES) {
			const files = new Map<string, StoredFile>();
			for (const [path, content] of Object.entries(REPOSITORY_FILES))
				files.set(path, { content, lastCommitId: SEED_COMMIT });
			this.branches.set(branch, files);
		}
	}
}

export class DemoRepositories {
	readonly #projects = new Map<number, ProjectRepository>();
	#commits = 0;
	readonly #now: () => number;

	constructor(now: () => number = () => Date.now()) {
		this.#now = now;
	}

	#project(id: number): ProjectRepository {
		let repo = this.#projects.get(id);
		if (!repo) this.#projects.set(id, (repo = new ProjectRepository()));
		return repo;
	}

	hasBranch(projectId: number, branch: string): boolean {
		return this.#project(projectId).branches.has(branch);
	}

	file(projectId: number, branch: string, path: string): StoredFile | undefined {
		return this.#project(projectId).branches.get(branch)?.get(path);
	}

	/** The entries under `dir` (all depths when `recursive`), by path; null: no such branch or folder. */
	tree(projectId: number, branch: string, dir: string, recursive: boolean): TreeEntry[] | null {
		const files = this.#project(projectId).branches.get(branch);
		if (!files) return null;
		const base = dir.replace(/^\/+|\/+$/g, '');
		const prefix = base ? `${base}/` : '';
		const entries = new Map<string, TreeEntry>();
		for (const [path, file] of files) {
			if (!path.startsWith(prefix)) continue;
			const parts = path.slice(prefix.length).split('/');
			const depth = recursive ? parts.length : 1;
			for (let i = 0; i < depth; i++) {
				const entryPath = prefix + parts.slice(0, i + 1).join('/');
				const blob = i === parts.length - 1;
				if (entries.has(entryPath)) continue;
				entries.set(entryPath, {
					id: hexId(blob ? file.content : `tree:${entryPath}`),
					name: parts[i]!,
					type: blob ? 'blob' : 'tree',
					path: entryPath,
					mode: blob ? '100644' : '040000'
				});
			}
		}
		if (base && entries.size === 0) return null;
		return [...entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	}

	/**
	 * Applies every action, or none: a create of a file that is there, an update or delete of one
	 * that is not, or a `last_commit_id` other than the file's last commit refuses the whole commit.
	 */
	commit(
		projectId: number,
		body: {
			branch?: unknown;
			commit_message?: unknown;
			actions?: unknown;
			author_name?: string;
		}
	): Commit | CommitRefusal {
		const branch = body.branch;
		if (!isText(branch) || !branch) return { status: 400, message: 'branch is missing' };
		if (!isText(body.commit_message) || !body.commit_message.trim())
			return { status: 400, message: 'commit_message is missing' };
		if (!Array.isArray(body.actions) || body.actions.length === 0)
			return { status: 400, message: 'actions is missing' };
		const files = this.#project(projectId).branches.get(branch);
		if (!files)
			return { status: 400, message: 'You can only create or edit files when you are on a branch' };
		const next = new Map(files);
		const id = hexId(`commit ${++this.#commits} ${this.#now()} ${body.commit_message}`);
		for (const raw of body.actions as unknown[]) {
			if (!raw || typeof raw !== 'object') return { status: 400, message: 'actions is invalid' };
			const a = raw as CommitAction;
			if (!isText(a.file_path) || !goodPath(a.file_path))
				return { status: 400, message: 'actions[file_path] is invalid' };
			const current = next.get(a.file_path);
			if (a.last_commit_id !== undefined && current && a.last_commit_id !== current.lastCommitId)
				return { status: 400, message: CHANGED_SINCE };
			let content: string | null = null;
			if (a.action === 'create' || a.action === 'update') {
				if (!isText(a.content)) return { status: 400, message: 'actions[content] is missing' };
				content = a.encoding === 'base64' ? fromBase64(a.content) : a.content;
				if (content === null) return { status: 400, message: 'actions[content] is invalid' };
			}
			switch (a.action) {
				case 'create':
					if (current) return { status: 400, message: ALREADY_EXISTS };
					next.set(a.file_path, { content: content!, lastCommitId: id });
					break;
				case 'update':
					if (!current) return { status: 400, message: DOES_NOT_EXIST };
					next.set(a.file_path, { content: content!, lastCommitId: id });
					break;
				case 'delete':
					if (!current) return { status: 400, message: DOES_NOT_EXIST };
					next.delete(a.file_path);
					break;
				default:
					return { status: 400, message: 'actions[action] does not have a valid value' };
			}
		}
		this.#project(projectId).branches.set(branch, next);
		const title = body.commit_message.split('\n')[0]!;
		const commit: Commit = {
			id,
			short_id: id.slice(0, 8),
			title,
			message: body.commit_message,
			author_name: body.author_name ?? 'Demo User',
			created_at: new Date(this.#now()).toISOString(),
			parent_ids: []
		};
		this.#project(projectId).commits.push(commit);
		return commit;
	}
}
