/**
 * Where an imported request goes, as this explorer keeps it: a path under the API root when the
 * URL's scheme, host and API path are the API root's (then it is an ordinary explorer request and
 * the token comes from this app's Auth), otherwise the full URL (which the send path sends without
 * credentials). A `{{baseUrl}}`-style variable at the start is read from the file's own variables,
 * and a raw `/` inside an id is encoded as the code host needs (`group/project` → `group%2Fproject`).
 * No Svelte, no DOM.
 */
import { ENDPOINTS } from '../contract/endpoints';

export interface TargetContext {
	/** This explorer's API root, `https://gitlab.example.com/api/v4`. */
	apiRoot: string;
	/** The file's own variable values (collection variables, its first environment). */
	variables: Readonly<Record<string, string>>;
	/** Path templates under the API root (`/projects/:id/issues`), to find an id holding a raw `/`. */
	knownPaths?: readonly string[];
}

export interface Target {
	/** The path under the API root (`/projects/:id`), or the full URL where the request goes elsewhere. */
	path: string;
	/** The query as the URL writes it, without `?`. */
	query: string;
	underRoot: boolean;
	/** Why the target is what it is, where a person should know (a variable read as the API root). */
	notes: { what: string; why: string }[];
}

/**
 * The explorer's own templates: the default where no fuller list is given (the import reads the
 * endpoint catalogue's, see read-import.ts).
 */
export const EXPLORER_PATHS: readonly string[] = [...new Set(ENDPOINTS.map((e) => e.path))];

const LEADING_VARIABLE = /^\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/;
const ABSOLUTE = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i;

function rootParts(apiRoot: string): { origin: string; path: string } {
	const url = new URL(apiRoot);
	return { origin: url.origin, path: url.pathname.replace(/\/+$/, '') };
}

function originOf(head: string): string | undefined {
	try {
		const origin = new URL(head).origin;
		return origin === 'null' ? undefined : origin;
	} catch {
		return undefined;
	}
}

/** The URL split into where it goes and its query; see the module's comment. */
export function splitTarget(url: string, ctx: TargetContext): Target {
	const notes: Target['notes'] = [];
	let rest = url.trim().replace(/#.*$/s, '');
	const q = rest.indexOf('?');
	const query = q === -1 ? '' : rest.slice(q + 1);
	if (q !== -1) rest = rest.slice(0, q);
	const root = rootParts(ctx.apiRoot);

	const lead = LEADING_VARIABLE.exec(rest);
	if (lead) {
		const name = lead[1]!;
		const value = Object.hasOwn(ctx.variables, name) ? ctx.variables[name]!.trim() : '';
		if (value && !LEADING_VARIABLE.test(value))
			rest = value.replace(/\/+$/, '') + rest.slice(lead[0].length);
		else {
			notes.push({
				what: `The variable {{${name}}} at the start of the URL`,
				why: `read as this explorer's API root (${ctx.apiRoot}): the file gives it no value.`
			});
			rest = rest.slice(lead[0].length) || '/';
			if (!rest.startsWith('/')) rest = `/${rest}`;
			return finish(stripRoot(rest, root.path), query, true, ctx, notes);
		}
	}
	if (rest.startsWith('/')) return finish(stripRoot(rest, root.path), query, true, ctx, notes);
	// Postman and Insomnia send a URL without a scheme over http.
	if (!ABSOLUTE.test(rest)) rest = `http://${rest}`;
	const [, written, rawPath] = ABSOLUTE.exec(rest)!;
	const path = rawPath || '/';
	// A variable in the host (`https://{{host}}/api/v4`) is read from the file's own values.
	const head = written!.replace(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g, (whole, name: string) =>
		Object.hasOwn(ctx.variables, name) && ctx.variables[name] ? ctx.variables[name] : whole
	);
	const origin = originOf(head);
	if (origin === root.origin && (path === root.path || path.startsWith(`${root.path}/`)))
		return finish(stripRoot(path, root.path), query, true, ctx, notes);
	if (!origin || /\{\{/.test(head))
		notes.push({
			what: 'Requests whose server is a variable without a value',
			why: 'kept with their full URL; give the variable a value in the environment, or change the URL to a path under the API root.'
		});
	return { path: `${head}${path}`, query, underRoot: false, notes };
}

/** `/api/v4/projects` → `/projects` when the root's path is `/api/v4`. */
function stripRoot(path: string, rootPath: string): string {
	if (rootPath && (path === rootPath || path.startsWith(`${rootPath}/`)))
		return path.slice(rootPath.length) || '/';
	return path;
}

function finish(
	path: string,
	query: string,
	underRoot: boolean,
	ctx: TargetContext,
	notes: Target['notes']
): Target {
	return {
		path: underRoot ? encodeRawIds(path, ctx.knownPaths ?? EXPLORER_PATHS) : path,
		query,
		underRoot,
		notes
	};
}

/** Parameters that hold a path of their own at the end of a template (a file path, a branch). */
const PATH_LIKE = /^:(file_path|path|branch|tag|tag_name|ref|key)$/;

const segmentsOf = (path: string) => path.split('/').slice(1);

/** Whether one template segment takes one concrete segment. */
const fits = (want: string, got: string) => (want.startsWith(':') ? got !== '' : want === got);

/** Whether the parameter at `at` can take `extra` more segments, the rest fitting after it. */
function absorbs(
	want: readonly string[],
	got: readonly string[],
	at: number,
	extra: number
): boolean {
	// Anchored by a fixed segment after it, or a parameter that names a path by its nature.
	if (at === want.length - 1 && !PATH_LIKE.test(want[at]!)) return false;
	for (let i = at + 1; i < want.length; i++) if (!fits(want[i]!, got[i + extra]!)) return false;
	// Only segments of the id itself are joined; a variable or `:param` there is left to its value.
	for (let i = at; i <= at + extra; i++) if (got[i] === '' || /[{}:]/.test(got[i]!)) return false;
	return true;
}

const shapeCache = new WeakMap<readonly string[], string[][]>();

/** The templates' segments, longest first (the id then takes the fewest segments), made once per list. */
function shapesOf(templates: readonly string[]): string[][] {
	let shapes = shapeCache.get(templates);
	if (!shapes) {
		shapes = templates.map(segmentsOf).sort((a, b) => b.length - a.length);
		shapeCache.set(templates, shapes);
	}
	return shapes;
}

/**
 * A path whose id holds a raw `/` (`/projects/group/project/issues`), with that id encoded the
 * way the code host needs (`/projects/group%2Fproject/issues`), found by the first template where
 * one parameter takes the extra segments. A path that fits a template as it is stays as it is.
 */
export function encodeRawIds(path: string, templates: readonly string[]): string {
	const got = segmentsOf(path);
	const shapes = shapesOf(templates);
	const fitsAll = (want: string[]) => want.every((w, i) => fits(w, got[i]!));
	if (shapes.some((want) => want.length === got.length && fitsAll(want))) return path;
	for (const want of shapes) {
		const extra = got.length - want.length;
		if (extra <= 0) continue;
		for (let at = 0; at < want.length; at++) {
			const w = want[at]!;
			// The segments before must fit as they are; past the first misfit no later place can.
			if (!w.startsWith(':')) {
				if (w !== got[at]) break;
				continue;
			}
			if (absorbs(want, got, at, extra)) {
				const joined = got.slice(at, at + extra + 1).join('%2F');
				return `/${[...got.slice(0, at), joined, ...got.slice(at + extra + 1)].join('/')}`;
			}
			// Passed over, the parameter takes one segment.
			if (got[at] === '') break;
		}
	}
	return path;
}
