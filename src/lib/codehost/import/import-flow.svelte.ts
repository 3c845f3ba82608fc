/**
 * One import in Collections, of a file (chosen or dropped) or pasted text of any tool this
 * explorer reads: read in the import worker, shown as a preview, then applied as one step. This
 * explorer's own collections file is applied at once, as it always was. Applying is all or
 * nothing: the saved requests are written first, then the environments, and if the environments
 * cannot be kept the requests just written are taken out again, so a failure leaves nothing of
 * the file. What happened is said in the Collections status (`collections.message`).
 */
import type { Collection } from '../collections/collections';
import type { CollectionsState } from '../collections/collections.svelte';
import type { Environment } from '../environments/environments';
import type { EnvironmentsState } from '../environments/environments.svelte';
import { snapshotBefore } from '$lib/ui/snapshot-before';
import { ImportJob } from './job.svelte';
import { importedText, type ImportPreview } from './preview';

export class ImportFlow {
	/** What the file brings, waiting for Import or Cancel; null when no preview is open. */
	preview = $state.raw<ImportPreview | null>(null);
	/** The file's name (or “pasted text”) the preview is of. */
	source = $state('');
	/** Whether the secret values of the file's environments come in too (for this tab only). */
	keepSecrets = $state(false);
	/** Import was chosen and is being written. */
	applying = $state(false);
	/** Reading the file, with progress and Cancel import. */
	readonly job = new ImportJob();
	#collections: CollectionsState;
	#environments: EnvironmentsState;
	#apiRoot: () => string;

	constructor(parts: {
		collections: CollectionsState;
		environments: EnvironmentsState;
		apiRoot: () => string;
	}) {
		this.#collections = parts.collections;
		this.#environments = parts.environments;
		this.#apiRoot = parts.apiRoot;
	}

	#say(text: string): void {
		this.#collections.message = text;
	}

	/**
	 * Reads a file (or pasted text as a file). Resolves to what happened: a preview is shown, the
	 * explorer's own file was imported, or nothing changed (refused, cancelled).
	 */
	async read(file: File): Promise<'preview' | 'imported' | 'unchanged'> {
		if (this.applying) return 'unchanged';
		this.preview = null;
		const outcome = await this.job.run('any', file, this.#apiRoot());
		if (!outcome.ok) {
			this.#say(
				'cancelled' in outcome
					? 'Import cancelled; nothing changed.'
					: `Not imported, nothing changed: ${outcome.message}`
			);
			return 'unchanged';
		}
		if ('own' in outcome.value) {
			const undo = await snapshotBefore('import-collections');
			const environments = this.#collections.importFile(outcome.value.own);
			if (environments) this.#say(this.#collections.message + undo);
			if (environments?.length) void this.#environments.merge(environments);
			return 'imported';
		}
		const preview = outcome.value.preview;
		if (!preview.counts.requests && !preview.counts.environments) {
			this.#say(
				`Not imported, nothing changed: the ${preview.formatName} holds no request and no environment.`
			);
			return 'unchanged';
		}
		this.preview = preview;
		this.source = file.name;
		this.keepSecrets = false;
		this.#say(
			`Read “${file.name}” as a ${preview.formatName}. Check the import preview, then choose Import or Cancel.`
		);
		return 'preview';
	}

	/** Closes the preview; nothing was written. */
	cancel(): void {
		if (!this.preview || this.applying) return;
		this.preview = null;
		this.#say('Import cancelled; nothing changed.');
	}

	/**
	 * Writes the preview's collections and environments as one step; resolves to whether they
	 * were kept. On a refusal nothing of the file stays, and the status says so.
	 */
	async apply(): Promise<boolean> {
		const preview = this.preview;
		if (!preview || this.applying) return false;
		this.applying = true;
		try {
			const undo = await snapshotBefore('import-collections');
			const collections = preview.collections.filter((c) => c.requests.length);
			const environments = this.#environmentsOf(preview);
			const before = $state.snapshot<Environment[]>(this.#environments.environments);
			if (collections.length && !(await this.#collections.add(collections)))
				return this.#refused(this.#collections.message);
			if (environments.length && !(await this.#environments.merge(environments))) {
				const why = this.#environments.notKept;
				await this.#environments.restore(before);
				await this.#collections.removeAll(idsOf(collections));
				return this.#refused(why);
			}
			this.preview = null;
			this.#say(importedText(preview, this.keepSecrets) + undo);
			return true;
		} finally {
			this.applying = false;
		}
	}

	#refused(why: string | null): false {
		this.preview = null;
		this.#say(`Not imported, nothing changed: ${why || 'this browser could not keep the import.'}`);
		return false;
	}

	/**
	 * The environments to merge: secret values put in only if chosen (they are then secret
	 * variables, kept for this tab, never in IndexedDB), and no empty value of the file
	 * blanking a variable that already has one.
	 */
	#environmentsOf(preview: ImportPreview): Environment[] {
		return preview.environments.map((env) => {
			const have = this.#environments.environments.find((e) => e.name === env.name)?.values;
			const secrets = this.keepSecrets ? (preview.secretValues[env.id] ?? {}) : {};
			const values = Object.fromEntries(
				Object.entries({ ...env.values, ...secrets }).filter(([k, v]) => v !== '' || !have?.[k])
			);
			return { ...env, values };
		});
	}
}

const idsOf = (collections: readonly Collection[]) =>
	new Set(collections.flatMap((c) => c.requests.map((r) => r.id)));
