/**
 * Values carried from one answer into the next request: "Set as variable" keeps a value of the
 * answer in the active environment under a name, and the JSON path it came from; after each
 * later send the path is read again, so `{{name}}` follows the newest answer.
 */
import type { EnvironmentsState } from './environments.svelte';
import type { Extraction } from './runner/checks';
import { extractVariable } from './runner/json-path';
import { parseJsonBody } from '$lib/http/validate';

/** A variable name from a path's last step: `$[0].web_url` → `web_url`, `$[0]` → `value`. */
export function nameFor(path: string): string {
	const last = /(?:\.|\[')([A-Za-z_][\w-]*)'?\]?$/.exec(path)?.[1];
	return last ?? 'value';
}

export class Extractions {
	list = $state.raw<Extraction[]>([]);
	message = $state('');
	#environments: EnvironmentsState;

	constructor(environments: EnvironmentsState) {
		this.#environments = environments;
	}

	/** Keeps `value` (found at `path` in the answer on show) as `{{name}}`, and the path for later. */
	set(path: string, value: string, name = nameFor(path)): void {
		this.#environments.setValue(name, value);
		this.list = [...this.list.filter((e) => e.name !== name), { name, path }];
		this.message = `Set {{${name}}} to ${value} (from ${path}); use {{${name}}} in the next request. It follows each new answer.`;
	}

	/** Takes a saved request's extractions: they follow its answers from now on. */
	adopt(extractions: readonly Extraction[]): void {
		if (!extractions.length) return;
		const names = extractions.map((e) => e.name);
		this.list = [...this.list.filter((e) => !names.includes(e.name)), ...extractions];
	}

	forget(name: string): void {
		this.list = this.list.filter((e) => e.name !== name);
	}

	/** After a send: each kept path read from its answer; a path not found leaves the value. */
	apply(bodyText: string | undefined): void {
		if (!this.list.length || !bodyText) return;
		const parsed = parseJsonBody(bodyText);
		if (!parsed.ok) return;
		const missed: string[] = [];
		for (const { name, path } of this.list) {
			const found = extractVariable(parsed.value, path);
			if (found.ok) this.#environments.setValue(name, found.value);
			else missed.push(`{{${name}}} (${path})`);
		}
		if (missed.length) this.message = `Not in this answer, kept as before: ${missed.join(', ')}.`;
	}
}
