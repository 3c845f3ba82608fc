/** Deterministic demo data for the code host, generated lazily so 10,050 projects cost nothing. */
import type { Listing } from './offset-pagination';

export interface DemoProject {
	id: number;
	name: string;
	path: string;
	path_with_namespace: string;
	description: string | null;
	visibility: 'public' | 'internal' | 'private';
	default_branch: string;
	archived: boolean | null;
	created_at: string;
	web_url: string;
}

export const NAMESPACES = ['diaspora', 'gitlab-org', 'tools', 'docs', 'infra'];
const WORDS = [
	'client',
	'server',
	'runner',
	'pages',
	'charts',
	'cli',
	'api',
	'website',
	'handbook',
	'terraform'
];

/** More than 10,000, so offset listings leave out the totals (CH-OFF-4). */
export const PROJECT_COUNT = 10_050;
/** A project renamed from this old path answers 301 (CH-REDIR-1). */
export const RENAMED_PROJECTS: Record<string, number> = { 'diaspora/old-client': 81 };

/** One project by id; a project's path differs from its name (CH-PATH-4). */
export function projectById(id: number, host = 'https://codehost.demo'): DemoProject | undefined {
	if (!Number.isInteger(id) || id < 1 || id > PROJECT_COUNT) return undefined;
	const i = id - 1;
	const ns = NAMESPACES[i % NAMESPACES.length]!;
	const word = WORDS[i % WORDS.length]!;
	const path = `${word}-${id}`;
	return {
		id,
		name: `${word[0]!.toUpperCase()}${word.slice(1)} ${id}`,
		path,
		path_with_namespace: `${ns}/${path}`,
		description: i % 4 === 0 ? null : `Demo ${word} project number ${id}.`,
		visibility: id % 10 === 3 ? 'private' : id % 10 === 7 ? 'internal' : 'public',
		default_branch: 'main',
		archived: i % 7 === 0 ? null : false,
		created_at: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
		web_url: `${host}/${ns}/${path}`
	};
}

export function projectByPath(path: string): DemoProject | undefined {
	const m = /^([a-z-]+)\/[a-z]+-(\d+)$/.exec(path.toLowerCase());
	if (!m) return undefined;
	const p = projectById(Number(m[2]));
	return p && p.path_with_namespace === path.toLowerCase() ? p : undefined;
}

/** The projects listing, ascending by id, without building 10,050 objects. */
export function projectListing(
	host?: string,
	descending = false,
	fromId?: number
): Listing<DemoProject> {
	const first = descending ? (fromId ?? PROJECT_COUNT + 1) - 1 : (fromId ?? 0) + 1;
	const length = descending ? Math.max(0, first) : Math.max(0, PROJECT_COUNT - first + 1);
	return {
		length,
		slice(start, end) {
			const out: DemoProject[] = [];
			for (let k = start; k < Math.min(end, length); k++) {
				const id = descending ? first - k : first + k;
				out.push(projectById(id, host)!);
			}
			return out;
		}
	};
}

/** Kept for older callers: the first `count` projects as an array. */
export function demoProjects(count = 137): DemoProject[] {
	return projectListing().slice(0, count);
}

export interface DemoUser {
	id: number;
	username: string;
	name: string;
	state: 'active';
	is_admin: boolean;
	web_url: string;
}

const FIRST_NAMES = [
	'Alice',
	'Bob',
	'Carol',
	'Dave',
	'Erin',
	'Frank',
	'Grace',
	'Heidi',
	'Ivan',
	'Judy',
	'Mallory',
	'Niaj',
	'Olivia',
	'Peggy',
	'Rupert',
	'Sybil',
	'Trent',
	'Victor',
	'Walter'
];
export const USER_COUNT = 120;

export function demoUsers(): DemoUser[] {
	const users: DemoUser[] = [
		{
			id: 1,
			username: 'root',
			name: 'Administrator',
			state: 'active',
			is_admin: true,
			web_url: 'https://codehost.demo/root'
		}
	];
	for (let id = 2; id <= USER_COUNT; id++) {
		const first = FIRST_NAMES[(id - 2) % FIRST_NAMES.length]!;
		const n = Math.floor((id - 2) / FIRST_NAMES.length);
		const username = n ? `${first.toLowerCase()}${n}` : first.toLowerCase();
		users.push({
			id,
			username,
			name: n ? `${first} ${n}` : `${first} Example`,
			state: 'active',
			is_admin: false,
			web_url: `https://codehost.demo/${username}`
		});
	}
	return users;
}

export interface DemoGroup {
	id: number;
	name: string;
	path: string;
	full_path: string;
	visibility: 'public' | 'private';
}

export function demoGroups(): DemoGroup[] {
	const names = [
		'Alpha',
		'Beta',
		'Gamma',
		'Delta',
		'Epsilon',
		'Zeta',
		'Eta',
		'Theta',
		'Iota',
		'Kappa',
		'Lambda',
		'Mu',
		'Nu',
		'Xi',
		'Omicron',
		'Pi',
		'Rho',
		'Sigma',
		'Tau',
		'Upsilon',
		'Phi',
		'Chi',
		'Psi',
		'Omega'
	];
	const groups: DemoGroup[] = NAMESPACES.map((ns, i) => ({
		id: i + 1,
		name: ns,
		path: ns,
		full_path: ns,
		visibility: 'public'
	}));
	names.forEach((name, i) => {
		const path = `team-${name.toLowerCase()}`;
		groups.push({
			id: NAMESPACES.length + i + 1,
			name: `Team ${name}`,
			path,
			full_path: path,
			visibility: i % 5 === 4 ? 'private' : 'public'
		});
	});
	return groups;
}

export interface DemoNamespace {
	id: number;
	name: string;
	path: string;
	kind: 'group' | 'user';
	full_path: string;
}

export function demoNamespaces(users: DemoUser[], groups: DemoGroup[]): DemoNamespace[] {
	return [
		...groups.map((g) => ({
			id: g.id,
			name: g.name,
			path: g.path,
			kind: 'group' as const,
			full_path: g.full_path
		})),
		...users.map((u) => ({
			id: 1000 + u.id,
			name: u.name,
			path: u.username,
			kind: 'user' as const,
			full_path: u.username
		}))
	];
}

export interface DemoIssue {
	id: number;
	iid: number;
	project_id: number;
	title: string;
	state: 'opened' | 'closed';
	confidential: boolean | null;
}

/** Issues of a project; `id` is global and differs from `iid` (CH-ID-1): project 42's iid 5 is id 46. */
export function issuesOf(projectId: number): DemoIssue[] {
	const count = projectId === 42 ? 10 : 3;
	return Array.from({ length: count }, (_, k) => {
		const iid = k + 1;
		const id = projectId === 42 ? 41 + iid : 100_000 + projectId * 10 + iid;
		return {
			id,
			iid,
			project_id: projectId,
			title: `Issue ${iid} of project ${projectId}`,
			state: iid % 4 === 0 ? 'closed' : 'opened',
			confidential: iid % 3 === 0 ? null : false
		};
	});
}

/** A project's merge requests: two open and one merged, by iid like issues. */
export function mergeRequestsOf(projectId: number): Record<string, unknown>[] {
	return Array.from({ length: 3 }, (_, k) => ({
		id: 200_000 + projectId * 10 + k + 1,
		iid: k + 1,
		project_id: projectId,
		title: `Merge request ${k + 1} of project ${projectId}`,
		state: k === 2 ? 'merged' : 'opened',
		source_branch: `feature-${k + 1}`,
		target_branch: 'main',
		draft: k === 1
	}));
}

export function notesOf(
	issue: DemoIssue
): { id: number; body: string; author: { username: string }; system: boolean }[] {
	return Array.from({ length: 5 }, (_, k) => ({
		id: issue.id * 100 + k + 1,
		body: `Note ${k + 1} on issue #${issue.iid}`,
		author: { username: FIRST_NAMES[k]!.toLowerCase() },
		system: false
	}));
}

/** Names with '/' inside, to exercise %2F (CH-PATH-2). */
export const REPOSITORY_FILES: Record<string, string> = {
	'README.md': '# Demo project\n',
	'docs/guide/README.md': '# Guide\n\nRead me first.\n',
	'src/app/main.ts': 'console.log("hello");\n'
};
export const BRANCHES = ['main', 'feature/login', 'release/1.0'];
export const TAGS = ['v1.0', 'release/1.0'];
