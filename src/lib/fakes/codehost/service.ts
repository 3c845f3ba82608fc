/**
 * The demo code host's state and rules, without HTTP: who a credential is, who sudo makes them,
 * which project a reference names, and what the read-only resources hold. `app.ts` turns these
 * outcomes into the server's answers.
 */
import {
	DEMO_SESSION,
	DEMO_TOKENS,
	OAuthProvider,
	type AuthRefusal,
	type Credential,
	type Principal,
	type SudoRefusal
} from './auth';
import {
	BRANCHES,
	demoGroups,
	demoNamespaces,
	demoUsers,
	issuesOf,
	notesOf,
	projectById,
	projectByPath,
	RENAMED_PROJECTS,
	REPOSITORY_FILES,
	TAGS,
	type DemoGroup,
	type DemoIssue,
	type DemoNamespace,
	type DemoProject,
	type DemoUser
} from './data';
import { CodehostWrites } from './writes';

/** A project reference: found, moved (a renamed path), or not there for this caller. */
export type ProjectLookup = { found: DemoProject } | { movedTo: number } | { missing: true };

export interface RepositoryFile {
	path: string;
	ref: string;
	content: string;
}

export class CodehostService {
	readonly users: DemoUser[] = demoUsers();
	readonly groups: DemoGroup[] = demoGroups();
	readonly namespaces: DemoNamespace[] = demoNamespaces(this.users, this.groups);
	readonly oauth: OAuthProvider;
	readonly writes = new CodehostWrites(this.groups);

	constructor(now?: () => number) {
		this.oauth = new OAuthProvider(now);
	}

	/**
	 * Who the credential is; null for no credential. A job token is accepted only where
	 * `jobEndpoint` says so (CH-AUTH-3); a deploy token never on the REST API (CH-AUTH-6).
	 */
	authenticate(cred: Credential, jobEndpoint: boolean): Principal | null | AuthRefusal {
		const unauthorized: AuthRefusal = { refused: 'unauthorized' };
		if (cred.kind === 'none') return null;
		if (cred.kind === 'cookie')
			return cred.session === DEMO_SESSION
				? { username: 'alice', admin: false, scopes: ['api'], via: 'session' }
				: unauthorized;
		const known = DEMO_TOKENS[cred.token];
		if (cred.kind === 'job') {
			if (!known || known === 'deploy' || known.via !== 'job') return unauthorized;
			return jobEndpoint ? known : unauthorized;
		}
		if (known === 'deploy') return unauthorized;
		if (known) return known.via === 'job' ? unauthorized : known;
		if (cred.kind === 'bearer' || cred.kind === 'access') {
			const o = this.oauth.check(cred.token);
			if (o === 'expired' || o === 'revoked') return { refused: o };
			if (o) return o;
		}
		return unauthorized;
	}

	findUser(idOrName: string): DemoUser | undefined {
		const lower = idOrName.toLowerCase();
		return this.users.find((u) => String(u.id) === idOrName || u.username.toLowerCase() === lower);
	}

	/** Sudo: only an admin's personal or OAuth token with the sudo scope may act as another user. */
	sudo(principal: Principal | null, target: string): Principal | SudoRefusal {
		if (!principal) return { refused: 'unauthorized' };
		if (!principal.admin || principal.via === 'job' || principal.via === 'session')
			return { refused: 'not-admin' };
		if (!principal.scopes.includes('sudo')) return { refused: 'no-scope' };
		const user = this.findUser(target);
		if (!user) return { refused: 'no-user' };
		return { username: user.username, admin: user.is_admin, scopes: ['api'], via: principal.via };
	}

	/** A project by id or path, as seen from `origin`; private ones only for a signed-in caller. */
	project(ref: string, origin: string, principal: Principal | null): ProjectLookup {
		const moved = RENAMED_PROJECTS[ref];
		if (moved !== undefined) return { movedTo: moved };
		const p = /^\d+$/.test(ref) ? projectById(Number(ref), origin) : projectByPath(ref);
		if (!p || (p.visibility !== 'public' && !principal)) return { missing: true };
		return { found: p.web_url.startsWith(origin) ? p : projectById(p.id, origin)! };
	}

	issues(project: DemoProject): DemoIssue[] {
		return issuesOf(project.id);
	}

	/** Issues are fetched by iid, not id (CH-ID-1, CH-EP-7). */
	issue(project: DemoProject, iid: string): DemoIssue | undefined {
		return issuesOf(project.id).find((i) => String(i.iid) === iid);
	}

	notes(issue: DemoIssue): unknown[] {
		return notesOf(issue);
	}

	/** A file at a branch; undefined when the file or the branch is not there. */
	file(path: string, ref: string): RepositoryFile | undefined {
		const content = REPOSITORY_FILES[path];
		return content === undefined || !BRANCHES.includes(ref) ? undefined : { path, ref, content };
	}

	tag(name: string) {
		return TAGS.includes(name)
			? { name, message: `Tag ${name}`, target: 'a1b2c3d4', protected: false }
			: undefined;
	}

	commitsOf(branch: string) {
		return BRANCHES.includes(branch)
			? [
					{
						id: 'a1b2c3d4e5',
						short_id: 'a1b2c3d4',
						title: `Latest commit on ${branch}`,
						author_name: 'Alice Example'
					}
				]
			: undefined;
	}

	/** Only job 7 has artifacts in the demo. */
	hasArtifacts(jobId: string): boolean {
		return jobId === '7';
	}

	releases(project: DemoProject) {
		return [
			{
				tag_name: 'release/1.0',
				name: 'Release 1.0',
				description: 'First release.',
				project_id: project.id
			}
		];
	}
}
