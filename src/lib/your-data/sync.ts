/**
 * Sync with a repository on the code host, through its own API and the explorer's connection:
 * Push writes every changed file in ONE commit (create, update, delete; `last_commit_id` on
 * every update and delete, so a file someone else changed since the last pull is never
 * overwritten); Pull reads the folder's tree (every page, following Link) and each file, and
 * works out, file by file, what changed here, there, or in both places. Nothing is written here
 * before every answer has come: a half-done push or pull changes nothing. No Svelte here.
 */
import type { HttpClient, HttpResult } from '$lib/http/client';
import { parseLinkHeader } from '$lib/http/link-header';
import { isApiProblem } from '$lib/http/problem';
import { holdsSecret } from '$lib/http/redact';
import { digestOf } from './snapshots';
import { isDataPath, itemName, type FileMap } from './sync-files';

export interface SyncTarget {
	/** A project id, or its path (`group/project`). */
	project: string;
	branch: string;
	/** The folder the files live in ('' for the repository's root). */
	folder: string;
	token: string;
}

/** What this browser last saw of each file: its text's digest and the commit that last changed it. */
export type SyncBase = Record<string, { digest: string; commit: string }>;

/** Why a push or pull stopped, in words for the person; nothing was changed. */
export class SyncProblem extends Error {
	/** A file changed in the repository since the last pull: pulling first is the way on. */
	readonly conflict: boolean;
	constructor(message: string, conflict = false) {
		super(message);
		this.conflict = conflict;
	}
}

/**
 * The real server's words for a commit that someone else's push got ahead of: an update of a file
 * changed since (`last_commit_id`), a create of a file that is there now, an update or delete of
 * one that is gone (reference facts).
 */
const CHANGED_SINCE =
	/changed since you started editing|file with this name already exists|file with this name doesn.?t exist/i;

/** What the person pressed: the messages say what happened to it and what to press next. */
export type SyncAction = 'push' | 'pull';

/** A folder as the person typed it, or the reason it cannot be used. */
export function cleanFolder(folder: string): string {
	const f = folder.trim().replace(/^\/+|\/+$/g, '');
	if (f.split('/').some((s) => s === '..' || s === '.'))
		throw new SyncProblem('The folder cannot contain “.” or “..”: enter a path such as my-data.');
	return f;
}

export function targetProblem(t: SyncTarget): string | null {
	if (!t.project.trim())
		return 'Enter the project: its number (such as 42) or its path (such as group/project).';
	if (!t.branch.trim()) return 'Enter the branch to keep your data on, such as main.';
	if (!t.token.trim())
		return 'Enter a personal access token with the api scope (it stays in this tab unless you chose to remember the code host’s secrets).';
	return null;
}

const projectPath = (t: SyncTarget) =>
	`projects/${encodeURIComponent(t.project.trim())}/repository`;
const full = (t: SyncTarget, path: string) => {
	const folder = cleanFolder(t.folder);
	return folder ? `${folder}/${path}` : path;
};

/** The answer's body as JSON, or undefined. */
function bodyOf(result: HttpResult): Record<string, unknown> | undefined {
	try {
		const data = JSON.parse(result.text) as unknown;
		return data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
	} catch {
		return undefined;
	}
}

function bodyMessage(result: HttpResult): string {
	const data = bodyOf(result);
	if (!data) return result.text.slice(0, 200);
	const m = data.message ?? data.error;
	return typeof m === 'string' ? m : JSON.stringify(m ?? '');
}

/** How long Retry-After asks to wait, in words ("about 30 seconds", "until 14:05"); or null. */
export function waitWords(retryAfter: string | null, now = Date.now()): string | null {
	if (!retryAfter?.trim()) return null;
	const text = retryAfter.trim();
	let seconds = /^\d+$/.test(text) ? Number(text) : (Date.parse(text) - now) / 1000;
	if (!Number.isFinite(seconds)) return null;
	seconds = Math.max(1, Math.ceil(seconds));
	if (seconds < 90) return `about ${seconds} second${seconds === 1 ? '' : 's'}`;
	if (seconds < 3600) return `about ${Math.round(seconds / 60)} minutes`;
	const at = new Date(now + seconds * 1000);
	return `until ${at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
}

/**
 * A refused answer as a message that says what happened and what to do. `action` is what the
 * person pressed; `writing` whether this answer is to the commit (else to a read).
 */
function problemOf(
	result: HttpResult,
	t: SyncTarget,
	action: SyncAction,
	writing: boolean
): SyncProblem {
	const status = result.response.status;
	const message = bodyMessage(result);
	const press = action === 'push' ? 'Push' : 'Pull';
	const nothing =
		action === 'push'
			? 'Nothing was pushed, and your data here is as it was.'
			: 'Your data here is as it was.';
	switch (status) {
		case 401:
			return new SyncProblem(
				`The code host did not accept the token (401): it is wrong, has expired or was revoked. Create a personal access token with the api scope on the code host, enter it in Token, and press ${press} again. ${nothing}`
			);
		case 403: {
			const scope = bodyOf(result)?.error === 'insufficient_scope';
			if (writing && scope)
				return new SyncProblem(
					`This token may only read (403): writing to a repository needs a token with the api scope. Create a personal access token with the api scope, enter it in Token, and press Push again. ${nothing}`
				);
			if (writing)
				return new SyncProblem(
					`The code host does not let this token push to the branch “${t.branch.trim()}” (403): the branch is protected, or your role in the project may not push to it. Enter in Branch a branch you may push to, or ask a maintainer of the project to let you push to this one, then press Push again. ${nothing}`
				);
			if (scope)
				return new SyncProblem(
					`This token may not read the repository (403): it needs the read_api or api scope (api to push as well). Create a personal access token with the api scope, enter it in Token, and press ${press} again. ${nothing}`
				);
			return new SyncProblem(
				`The code host does not let this token read this project’s files (403): your role in the project may not see its code. Ask a maintainer of the project for access, or enter another project, then press ${press} again. ${nothing}`
			);
		}
		case 404:
			if (/branch/i.test(message))
				return new SyncProblem(
					`The branch “${t.branch}” does not exist in this project (404). Create it, or enter another branch. ${nothing}`
				);
			return new SyncProblem(
				`The project “${t.project}” was not found (404), or the token may not see it. Check the Project field: its number, or group/project. ${nothing}`
			);
		case 409:
		case 400:
			if (writing && (status === 409 || CHANGED_SINCE.test(message)))
				return new SyncProblem(
					`Someone changed your data in the repository since your last pull, so nothing was pushed and their version stands. Press Pull to bring their changes here (you choose what to keep), then Push again. Your data here is as it was.`,
					true
				);
			return new SyncProblem(
				`The code host refused the ${writing ? 'commit' : 'request'}: ${message}. ${nothing} Check Project, Branch and Folder, then press ${press} again.`
			);
		case 429: {
			const wait = waitWords(result.response.headers.get('retry-after'));
			return new SyncProblem(
				`The code host is limiting how many requests it takes (429). Wait ${wait ?? 'a minute'}, then press ${press} again. ${nothing}`
			);
		}
		default:
			return new SyncProblem(
				`The code host answered ${status} to the ${writing ? 'commit' : 'request'}. ${nothing} Try ${press} again later.`
			);
	}
}

/** Sends one request; an answer that never came becomes a SyncProblem saying nothing changed. */
async function send(
	client: HttpClient,
	t: SyncTarget,
	spec: { method: string; path: string; query?: Record<string, string>; json?: unknown },
	signal?: AbortSignal
): Promise<HttpResult> {
	try {
		return await client.send({
			...spec,
			headers: { 'PRIVATE-TOKEN': t.token.trim() },
			signal,
			retry: spec.method === 'GET'
		});
	} catch (error) {
		if (isApiProblem(error)) {
			if (error.kind === 'aborted') throw new SyncProblem('Stopped. Nothing was changed.');
			if (spec.method !== 'GET')
				// The commit may have been made and only its answer lost: Pull tells which.
				throw new SyncProblem(
					`The code host’s answer to the commit did not come (${error.message.replace(/\.$/, '')}). Your data here is as it was; the commit may or may not have been made. Check your connection, press Pull (it finds out), then Push again if anything is left to push.`
				);
			throw new SyncProblem(
				`The code host could not be reached (${error.message.replace(/\.$/, '')}). Check your connection and the code host’s address in Settings, then try again. Nothing was changed.`
			);
		}
		throw error;
	}
}

const ok = (r: HttpResult) => r.response.status >= 200 && r.response.status < 300;

/** Every file path of the folder (all pages of the tree); an empty list when the folder is not there yet. */
export async function listFiles(
	client: HttpClient,
	t: SyncTarget,
	action: SyncAction = 'pull',
	signal?: AbortSignal
): Promise<string[]> {
	const folder = cleanFolder(t.folder);
	const out: string[] = [];
	let next: string | undefined = undefined;
	for (let page = 0; page < 200; page++) {
		const result: HttpResult = await send(
			client,
			t,
			next
				? { method: 'GET', path: next }
				: {
						method: 'GET',
						path: `${projectPath(t)}/tree`,
						query: {
							...(folder ? { path: folder } : {}),
							ref: t.branch.trim(),
							recursive: 'true',
							per_page: '100'
						}
					},
			signal
		);
		if (result.response.status === 404 && /tree not found/i.test(bodyMessage(result))) {
			// No such folder yet, or no such branch: the branch is asked about, to tell them apart.
			await checkBranch(client, t, action, signal);
			return out;
		}
		if (!ok(result)) throw problemOf(result, t, action, false);
		let entries: unknown;
		try {
			entries = JSON.parse(result.text);
		} catch {
			throw new SyncProblem('The code host’s list of files was not JSON. Nothing was changed.');
		}
		if (!Array.isArray(entries))
			throw new SyncProblem('The code host’s list of files was not a list. Nothing was changed.');
		for (const e of entries as { type?: unknown; path?: unknown }[])
			if (e && e.type === 'blob' && typeof e.path === 'string') {
				const rel = folder ? e.path.slice(folder.length + 1) : e.path;
				if (!folder || e.path.startsWith(`${folder}/`)) out.push(rel);
			}
		next = parseLinkHeader(result.response.headers.get('link'), result.url).find(
			(l) => l.rel === 'next'
		)?.url;
		if (!next) return out;
	}
	throw new SyncProblem('The folder lists more than 20,000 files. Nothing was changed.');
}

async function checkBranch(
	client: HttpClient,
	t: SyncTarget,
	action: SyncAction,
	signal?: AbortSignal
) {
	const result = await send(
		client,
		t,
		{ method: 'GET', path: `${projectPath(t)}/branches/${encodeURIComponent(t.branch.trim())}` },
		signal
	);
	if (result.response.status === 404)
		throw problemOf(
			{ ...result, text: JSON.stringify({ message: '404 Branch Not Found' }) },
			t,
			action,
			false
		);
	if (!ok(result)) throw problemOf(result, t, action, false);
}

/** One file's text and the commit that last changed it. */
export async function readRemoteFile(
	client: HttpClient,
	t: SyncTarget,
	path: string,
	signal?: AbortSignal
): Promise<{ text: string; commit: string }> {
	const result = await send(
		client,
		t,
		{
			method: 'GET',
			path: `${projectPath(t)}/files/${encodeURIComponent(full(t, path))}`,
			query: { ref: t.branch.trim() }
		},
		signal
	);
	if (!ok(result)) throw problemOf(result, t, 'pull', false);
	try {
		const data = JSON.parse(result.text) as {
			content?: unknown;
			encoding?: unknown;
			last_commit_id?: unknown;
		};
		if (typeof data.content !== 'string' || typeof data.last_commit_id !== 'string')
			throw new Error('no content');
		const text =
			data.encoding === 'base64'
				? new TextDecoder('utf-8', { fatal: true }).decode(
						Uint8Array.from(atob(data.content), (c) => c.charCodeAt(0))
					)
				: data.content;
		return { text, commit: data.last_commit_id };
	} catch {
		throw new SyncProblem(
			`The code host’s copy of ${path} could not be read. Nothing was changed.`
		);
	}
}

/** Every file of the folder that this app writes, read whole. */
export async function pullFiles(
	client: HttpClient,
	t: SyncTarget,
	signal?: AbortSignal
): Promise<{ files: FileMap; commits: Record<string, string> }> {
	const files: FileMap = new Map();
	const commits: Record<string, string> = {};
	for (const path of (await listFiles(client, t, 'pull', signal)).filter(isDataPath)) {
		const { text, commit } = await readRemoteFile(client, t, path, signal);
		files.set(path, text);
		commits[path] = commit;
	}
	return { files, commits };
}

/** One file changed here and in the repository since the last pull. */
export interface BothChanged {
	path: string;
	name: string;
	mine: string;
	theirs: string;
}

/** What a pull does: the files as they will be here, and those that need the person's choice. */
export interface PullPlan {
	files: FileMap;
	conflicts: BothChanged[];
	/** Files taken from the repository (new or changed there). */
	taken: string[];
	/** Files removed here because the repository removed them. */
	removed: string[];
}

/** File by file: what changed here, there, or in both places since `base`. */
export function planPull(local: FileMap, remote: FileMap, base: SyncBase): PullPlan {
	const files: FileMap = new Map();
	const plan: PullPlan = { files, conflicts: [], taken: [], removed: [] };
	const paths = new Set([...local.keys(), ...remote.keys(), ...Object.keys(base)]);
	for (const path of [...paths].sort()) {
		const mine = local.get(path);
		const theirs = remote.get(path);
		const was = base[path]?.digest;
		const d = (text: string | undefined) => (text === undefined ? undefined : digestOf(text));
		if (theirs === undefined) {
			if (mine === undefined) continue;
			if (was !== undefined && d(mine) === was) plan.removed.push(path);
			else files.set(path, mine);
		} else if (mine === theirs) files.set(path, mine);
		else if (mine === undefined) {
			if (was !== undefined && d(theirs) === was) continue;
			files.set(path, theirs);
			plan.taken.push(path);
		} else if (d(theirs) === was) files.set(path, mine);
		else if (d(mine) === was) {
			files.set(path, theirs);
			plan.taken.push(path);
		} else {
			files.set(path, mine);
			plan.conflicts.push({ path, name: itemName(path, mine), mine, theirs });
		}
	}
	return plan;
}

/** The base after a pull: what the repository holds now. */
export function baseOf(remote: FileMap, commits: Record<string, string>): SyncBase {
	const out: SyncBase = {};
	for (const [path, text] of remote)
		out[path] = { digest: digestOf(text), commit: commits[path] ?? '' };
	return out;
}

export interface CommitAction {
	action: 'create' | 'update' | 'delete';
	file_path: string;
	content?: string;
	last_commit_id?: string;
}

/**
 * The actions a push sends: a file new here is created, one changed since the last pull is
 * updated, one removed here is deleted; the last two carry the commit the file had at the last
 * pull. A file in the repository that this browser never pulled is not written over: Pull first.
 */
export function planPush(
	local: FileMap,
	remotePaths: readonly string[],
	base: SyncBase,
	t: Pick<SyncTarget, 'folder'>
): CommitAction[] {
	const there = new Set(remotePaths.filter(isDataPath));
	const folder = cleanFolder(t.folder);
	const at = (path: string) => (folder ? `${folder}/${path}` : path);
	const actions: CommitAction[] = [];
	for (const [path, content] of [...local].sort(([a], [b]) => (a < b ? -1 : 1))) {
		const was = base[path];
		if (!there.has(path)) actions.push({ action: 'create', file_path: at(path), content });
		else if (!was)
			throw new SyncProblem(
				`The repository already has ${path}, which this browser has not pulled yet. Press Pull first, then Push. Nothing was pushed.`,
				true
			);
		else if (digestOf(content) !== was.digest)
			actions.push({
				action: 'update',
				file_path: at(path),
				content,
				last_commit_id: was.commit
			});
	}
	for (const path of there)
		if (!local.has(path) && base[path])
			actions.push({ action: 'delete', file_path: at(path), last_commit_id: base[path].commit });
	return actions;
}

/**
 * Sends the actions as one commit, refusing first, before any request, a file that would hold a
 * known secret value. Resolves to the commit's id.
 */
export async function pushCommit(
	client: HttpClient,
	t: SyncTarget,
	actions: readonly CommitAction[],
	secrets: readonly string[],
	signal?: AbortSignal
): Promise<string> {
	const body = {
		branch: t.branch.trim(),
		commit_message: `Update my data from API Workbench (${actions.length} file${actions.length === 1 ? '' : 's'})`,
		actions
	};
	const leak = actions.find((a) => holdsSecret(JSON.stringify(a), secrets));
	if (leak || holdsSecret(JSON.stringify(body), secrets))
		throw new SyncProblem(
			`${leak ? leak.file_path : 'The commit'} would contain one of your tokens, passwords or secret values, so nothing was sent. Mark the variable that holds it as Secret (or remove the value from the saved request), then push again.`
		);
	const result = await send(
		client,
		t,
		{ method: 'POST', path: `${projectPath(t)}/commits`, json: body },
		signal
	);
	if (!ok(result)) throw problemOf(result, t, 'push', true);
	try {
		const id = (JSON.parse(result.text) as { id?: unknown }).id;
		if (typeof id === 'string' && id) return id;
	} catch {
		// Said below.
	}
	throw new SyncProblem(
		'The code host took the commit but did not say its id. Press Pull before the next Push.'
	);
}

/** The base after a push: each file written now carries the new commit. */
export function baseAfterPush(
	base: SyncBase,
	local: FileMap,
	actions: readonly CommitAction[],
	commit: string,
	t: Pick<SyncTarget, 'folder'>
): SyncBase {
	const folder = cleanFolder(t.folder);
	const rel = (p: string) => (folder ? p.slice(folder.length + 1) : p);
	const out: SyncBase = { ...base };
	for (const a of actions) {
		const path = rel(a.file_path);
		if (a.action === 'delete') delete out[path];
		else out[path] = { digest: digestOf(local.get(path) ?? ''), commit };
	}
	return out;
}
