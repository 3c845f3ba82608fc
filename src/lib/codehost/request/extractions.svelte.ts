/**
 * Values carried from one answer into the next request: "Set as variable" keeps a value of the
 * answer in the active environment under a name, and the JSON path it came from; after each
 * later send the path is read again, so `{{name}}` follows the newest answer.
 */
import type { EnvironmentsState } from '../environments/environments.svelte';
import type { Extraction } from '../runner/checks';
import { extractVariable } from '../runner/json-path';
import { parseJsonBody } from '$lib/http/validate';
import { formatSize } from '../response/explorer-response';

/** A variable name from a path's last step: `$[0].web_url` → `web_url`, `$[0]` → `value`. */
export function nameFor(path: string): string {
	const last = /(?:\.|\[')([A-Za-z_][\w-]*)'?\]?$/.exec(path)?.[1];
	return last ?? 'value';
}

/** A value as the message shows it: a long one by its start and size, not all of it. */
function shortened(value: string): string {
	return value.length > 200 ? `${value.slice(0, 80)}… (${formatSize(value.length)})` : value;
}

export class Extractions {
	list = $state.raw<Extraction[]>([]);
	message = $state('');
	#environments: EnvironmentsState;

	constructor(environments: EnvironmentsState) {
		this.#environments = environments;
	}

	/**
	 * Keeps `value` (found at `path` in the answer on show) as `{{name}}`, and the path for later.
	 * If the device cannot keep it (its storage is full), `message` says so and what to do.
	 */
	set(path: string, value: string, name = nameFor(path)): void {
		this.#environments.setValue(name, value);
		this.list = [...this.list.filter((e) => e.name !== name), { name, path }];
		// A secret's value is not written out on the page either.
		const shown = this.#environments.isSecret(name) ? 'the value' : shortened(value);
		this.#say(
			`Set {{${name}}} to ${shown} (from ${path}); use {{${name}}} in the next request. It follows each new answer.`,
			`Set {{${name}}} for this page only.`
		);
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
		let set = 0;
		for (const { name, path } of this.list) {
			const found = extractVariable(parsed.value, path);
			if (!found.ok) missed.push(`{{${name}}} (${path})`);
			else {
				this.#environments.setValue(name, found.value);
				set++;
			}
		}
		if (missed.length) this.message = `Not in this answer, kept as before: ${missed.join(', ')}.`;
		if (set) this.#say(this.message, 'The values set from this answer are for this page only.');
	}

	/** Says `done`; once the environments are written, says `notKept` instead if they were not. */
	#say(done: string, notKept: string): void {
		this.message = done;
		void this.#environments.saved().then((kept) => {
			// Said where the button was pressed, unless something newer is said there by now.
			if (!kept && this.message === done)
				this.message = `${notKept} ${this.#environments.notKept}`.trim();
		});
	}
}
