/**
 * What a newer version of an API description changes against the one kept in the endpoint
 * list: the operations added, removed, and changed (their parameters, body or summary), each
 * change said in words for the import preview. Operations are the same across versions when
 * their method and path shape are (a renamed path parameter is a change, not a new operation).
 * No Svelte, no DOM.
 */
import {
	operationKey,
	type ApiDescription,
	type DescribedOperation,
	type DescribedParam
} from './described';

export interface ChangedOperation {
	before: DescribedOperation;
	after: DescribedOperation;
	/** What changed, one phrase each: “parameter “sort” added”, “summary changed”. */
	changes: string[];
}

export interface DescriptionDiff {
	added: DescribedOperation[];
	changed: ChangedOperation[];
	removed: DescribedOperation[];
	unchanged: number;
}

const WHERE: Record<DescribedParam['in'], string> = {
	path: 'path parameter',
	query: 'query parameter',
	header: 'header',
	body: 'body field'
};

const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
	a.length === b.length && a.every((x, i) => x === b[i]);

/** The changes of one group of parameters (those outside the body, or the body's fields). */
function paramChanges(before: DescribedParam[], after: DescribedParam[]): string[] {
	const key = (p: DescribedParam) => `${p.in}\u0000${p.name}`;
	const old = new Map(before.map((p) => [key(p), p]));
	const next = new Map(after.map((p) => [key(p), p]));
	const out: string[] = [];
	for (const [k, p] of next) {
		const was = old.get(k);
		const what = `${WHERE[p.in]} “${p.name}”`;
		if (!was) {
			out.push(`${what} added${p.required ? ' (required)' : ''}`);
			continue;
		}
		if (was.required !== p.required)
			out.push(`${what} now ${p.required ? 'required' : 'optional'}`);
		if ((was.type ?? '') !== (p.type ?? ''))
			out.push(`${what}: type ${was.type || 'not given'} → ${p.type || 'not given'}`);
		if (!sameList(was.values, p.values))
			out.push(
				p.values?.length
					? `${what}: allowed values now ${p.values.join(', ')}`
					: `${what}: any value now allowed`
			);
		if ((was.description ?? '') !== (p.description ?? '')) out.push(`${what}: description changed`);
	}
	for (const [k, p] of old) if (!next.has(k)) out.push(`${WHERE[p.in]} “${p.name}” removed`);
	return out;
}

/** Every change of one operation, parameters first, then the body, then the summary. */
export function operationChanges(before: DescribedOperation, after: DescribedOperation): string[] {
	const out: string[] = [];
	if (before.path !== after.path) out.push(`path ${before.path} → ${after.path}`);
	out.push(
		...paramChanges(
			before.params.filter((p) => p.in !== 'body'),
			after.params.filter((p) => p.in !== 'body')
		)
	);
	if ((before.bodyType ?? '') !== (after.bodyType ?? ''))
		out.push(
			!after.bodyType
				? 'body removed'
				: !before.bodyType
					? `body added (${after.bodyType})`
					: `body now ${after.bodyType} (was ${before.bodyType})`
		);
	out.push(
		...paramChanges(
			before.params.filter((p) => p.in === 'body'),
			after.params.filter((p) => p.in === 'body')
		)
	);
	if (before.summary !== after.summary)
		out.push(`summary “${before.summary || 'none'}” → “${after.summary || 'none'}”`);
	return out;
}

/** What `next` adds, changes and removes against `saved`, in `next`'s order (removed: `saved`'s). */
export function diffDescriptions(saved: ApiDescription, next: ApiDescription): DescriptionDiff {
	const old = new Map(saved.operations.map((op) => [operationKey(op), op]));
	const seen = new Set<string>();
	const diff: DescriptionDiff = { added: [], changed: [], removed: [], unchanged: 0 };
	for (const op of next.operations) {
		const key = operationKey(op);
		seen.add(key);
		const before = old.get(key);
		if (!before) {
			diff.added.push(op);
			continue;
		}
		const changes = operationChanges(before, op);
		if (changes.length) diff.changed.push({ before, after: op, changes });
		else diff.unchanged++;
	}
	for (const [key, op] of old) if (!seen.has(key)) diff.removed.push(op);
	return diff;
}
