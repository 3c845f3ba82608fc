/**
 * What changed between two answers: status, headers, and a structural JSON diff (added, removed
 * and changed paths; arrays matched by `id` when every element has a distinct one, else by
 * index). Own code rather than jsondiffpatch or microdiff: the first brings a delta format and
 * formatters the page does not use, the second matches arrays by index only. No Svelte here.
 */

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface Change {
	kind: ChangeKind;
	/** Readable path: `[id=3].name`, `[0]`, `.links.self`; `(whole body)` at the root. */
	path: string;
	before?: unknown;
	after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);

/** Arrays whose elements all carry distinct scalar `id`s are matched by id. */
function idsOf(list: readonly unknown[]): (string | number)[] | null {
	const ids: (string | number)[] = [];
	for (const item of list) {
		if (!isObject(item)) return null;
		const id = item.id;
		if (typeof id !== 'string' && typeof id !== 'number') return null;
		ids.push(id);
	}
	return new Set(ids).size === ids.length ? ids : null;
}

const key = (name: string) =>
	/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;

export function jsonDiff(before: unknown, after: unknown, limit = 500): Change[] {
	const out: Change[] = [];
	const walk = (a: unknown, b: unknown, path: string) => {
		if (out.length >= limit) return;
		if (Array.isArray(a) && Array.isArray(b)) {
			const ia = idsOf(a);
			const ib = idsOf(b);
			if (ia && ib && (a.length || b.length)) {
				const byId = new Map(b.map((x, i) => [ib[i], x]));
				ia.forEach((id, i) => {
					const p = `${path}[id=${JSON.stringify(id)}]`;
					if (byId.has(id)) walk(a[i], byId.get(id), p);
					else out.push({ kind: 'removed', path: p, before: a[i] });
				});
				const known = new Set(ia);
				ib.forEach((id, i) => {
					if (!known.has(id))
						out.push({ kind: 'added', path: `${path}[id=${JSON.stringify(id)}]`, after: b[i] });
				});
				return;
			}
			const n = Math.max(a.length, b.length);
			for (let i = 0; i < n; i++) {
				const p = `${path}[${i}]`;
				if (i >= b.length) out.push({ kind: 'removed', path: p, before: a[i] });
				else if (i >= a.length) out.push({ kind: 'added', path: p, after: b[i] });
				else walk(a[i], b[i], p);
			}
			return;
		}
		if (isObject(a) && isObject(b)) {
			for (const k of Object.keys(a)) {
				const p = `${path}${key(k)}`;
				if (!Object.hasOwn(b, k)) out.push({ kind: 'removed', path: p, before: a[k] });
				else walk(a[k], b[k], p);
			}
			for (const k of Object.keys(b))
				if (!Object.hasOwn(a, k))
					out.push({ kind: 'added', path: `${path}${key(k)}`, after: b[k] });
			return;
		}
		if (!Object.is(a, b))
			out.push({ kind: 'changed', path: path || '(whole body)', before: a, after: b });
	};
	walk(before, after, '');
	return out;
}

export interface HeaderChange {
	kind: ChangeKind;
	name: string;
	before?: string;
	after?: string;
}

/** Headers compared by lower-case name; Date and the timing headers change every time and are left out. */
export function headerDiff(
	before: Record<string, string>,
	after: Record<string, string>
): HeaderChange[] {
	const skip = new Set(['date', 'x-runtime', 'x-request-id']);
	const lower = (h: Record<string, string>) =>
		new Map(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v] as const));
	const a = lower(before);
	const b = lower(after);
	const out: HeaderChange[] = [];
	for (const [name, value] of a) {
		if (skip.has(name)) continue;
		if (!b.has(name)) out.push({ kind: 'removed', name, before: value });
		else if (b.get(name) !== value)
			out.push({ kind: 'changed', name, before: value, after: b.get(name) });
	}
	for (const [name, value] of b)
		if (!skip.has(name) && !a.has(name)) out.push({ kind: 'added', name, after: value });
	return out;
}

/** A value as one short line for the diff list. */
export function shortValue(v: unknown): string {
	const text = v === undefined ? '' : JSON.stringify(v);
	return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** A body change as the list shows it: the values already one short line each. */
export interface ShownChange {
	kind: ChangeKind;
	path: string;
	before?: string;
	after?: string;
}

const parseOrNot = (text: string): { ok: true; value: unknown } | { ok: false } => {
	if (text.trim() === '') return { ok: false };
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		return { ok: false };
	}
};

/**
 * Two bodies compared as "Compare with…" lists them: JSON by structure (at most `limit`
 * changes), anything else as the same or not (null: not both JSON, and different). Run in the
 * diff worker: two answers of a few MB are parsed and walked off the page's thread.
 */
export function bodyDiff(before: string, after: string, limit = 500): ShownChange[] | null {
	const a = parseOrNot(before);
	const b = a.ok ? parseOrNot(after) : { ok: false as const };
	if (!a.ok || !b.ok) return before === after ? [] : null;
	return jsonDiff(a.value, b.value, limit).map((c) => ({
		kind: c.kind,
		path: c.path,
		...(c.kind !== 'added' && { before: shortValue(c.before) }),
		...(c.kind !== 'removed' && { after: shortValue(c.after) })
	}));
}
