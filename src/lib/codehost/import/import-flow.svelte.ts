/**
 * One import in Collections, of a file (chosen or dropped) or pasted text of any tool this
 * explorer reads: read in the import worker, shown as a preview, then applied as one step. This
 * explorer's own collections file is applied at once, as it always was. Applying is all or
 * nothing: the saved requests are written first, then the environments, and if the environments
 * cannot be kept the requests just written are taken out again, so a failure leaves nothing of
 * the file. What happened is said in the Collections status (`collections.message`).
 *
 * An OpenAPI description may also go into the endpoint list (`addToCatalogue`). A newer version
 * of one already there (same title or server) is shown as what it adds, changes and removes
 * (`diff`); Import then updates the saved requests the earlier version made and the list.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { type Collection } from '../collections/collections';
import type { DescribedCatalogue } from '../catalogue/described.svelte';
import { sameDescription, type ApiDescription } from '../catalogue/described';
import { diffDescriptions, type DescriptionDiff } from '../catalogue/described-diff';
import type { CollectionsState } from '../collections/collections.svelte';
import type { Environment } from '../environments/environments';
import type { EnvironmentsState } from '../environments/environments.svelte';
import { snapshotBefore } from '$lib/ui/snapshot-before';
import { planUpdate } from './description-sync';
import { walkDroppedFolder, type Dropped } from './dropped-items';
import { brunoFolderFiles, droppedBrunoFiles, type FolderFile } from './folder-files';
import { ImportJob, type ImportOutcome } from './job.svelte';
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
	/** An API description's operations go into the endpoint list too. */
	addToCatalogue = $state(false);
	/** The earlier version of the description in the preview, already in the endpoint list. */
	previous = $state.raw<ApiDescription | null>(null);
	/** What the description in the preview changes against `previous`. */
	readonly diff: DescriptionDiff | null = $derived(
		this.previous && this.preview?.description
			? diffDescriptions(this.previous, this.preview.description)
			: null
	);
	/** Reading the file, with progress and Cancel import. */
	readonly job = new ImportJob();
	#collections: CollectionsState;
	#environments: EnvironmentsState;
	#apiRoot: () => string;
	#catalogue: DescribedCatalogue;

	constructor(parts: {
		collections: CollectionsState;
		environments: EnvironmentsState;
		apiRoot: () => string;
		/** The API descriptions in the endpoint list. */
		catalogue: DescribedCatalogue;
	}) {
		this.#collections = parts.collections;
		this.#environments = parts.environments;
		this.#apiRoot = parts.apiRoot;
		this.#catalogue = parts.catalogue;
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
		if (outcome.ok && 'own' in outcome.value) {
			const undo = await snapshotBefore('import-collections');
			const environments = this.#collections.importFile(outcome.value.own);
			if (environments) this.#say(this.#collections.message + undo);
			if (environments?.length) void this.#environments.merge(environments);
			return 'imported';
		}
		return this.#show(outcome, file.name);
	}

	/**
	 * Reads the files of a folder chosen as a Bruno collection (only its bruno.json and .bru
	 * files); resolves to whether a preview is shown.
	 */
	readFolder(picked: readonly File[]): Promise<'preview' | 'unchanged'> {
		return this.#readFolder(() => Promise.resolve(brunoFolderFiles(picked)));
	}

	/**
	 * What was dropped on the import area (dropped-items.ts): a file is read as if chosen, a
	 * folder as if chosen in “Import a Bruno folder”; anything else is refused with what to drop.
	 */
	async readDropped(dropped: Dropped): Promise<'preview' | 'imported' | 'unchanged'> {
		if (this.applying || dropped.kind === 'none') return 'unchanged';
		if (dropped.kind === 'file') return this.read(dropped.file);
		if (dropped.kind === 'refused') {
			this.preview = null;
			this.#say(`Not imported, nothing changed: ${dropped.message}`);
			return 'unchanged';
		}
		const entry = dropped.entry;
		return this.#readFolder(async () => {
			const walked = await this.job.walk(entry.name, (watch) => walkDroppedFolder(entry, watch));
			return walked.ok ? droppedBrunoFiles(walked.value) : null;
		});
	}

	/** `files`: the folder's files, or null when the person cancelled before they were found. */
	async #readFolder(
		files: () => Promise<{ name: string; files: FolderFile[] } | null>
	): Promise<'preview' | 'unchanged'> {
		if (this.applying) return 'unchanged';
		this.preview = null;
		let folder: { name: string; files: FolderFile[] } | null;
		try {
			folder = await files();
			if (!folder) {
				this.#say('Import cancelled; nothing changed.');
				return 'unchanged';
			}
		} catch (error) {
			this.#say(
				`Not imported, nothing changed: ${error instanceof FileRefused ? error.message : 'the folder could not be read.'}`
			);
			return 'unchanged';
		}
		const outcome = await this.job.runFolder(folder.name, folder.files, this.#apiRoot());
		const shown = await this.#show(outcome, folder.name);
		return shown === 'preview' ? 'preview' : 'unchanged';
	}

	/** Shows what was read as a preview, or says why nothing changed. */
	async #show(outcome: ImportOutcome<'any'>, source: string): Promise<'preview' | 'unchanged'> {
		if (!outcome.ok) {
			this.#say(
				'cancelled' in outcome
					? 'Import cancelled; nothing changed.'
					: `Not imported, nothing changed: ${outcome.message}`
			);
			return 'unchanged';
		}
		if ('own' in outcome.value) return 'unchanged';
		const preview = outcome.value.preview;
		if (!preview.counts.requests && !preview.counts.environments) {
			this.#say(
				`Not imported, nothing changed: the ${preview.formatName} holds no request and no environment.`
			);
			return 'unchanged';
		}
		this.previous = null;
		if (preview.description) {
			await this.#catalogue.load();
			this.previous = sameDescription(this.#catalogue.list, preview.description) ?? null;
		}
		// A description already in the endpoint list is updated unless the person says otherwise.
		this.addToCatalogue = this.previous !== null;
		this.preview = preview;
		this.source = source;
		this.keepSecrets = false;
		this.#say(
			`Read “${source}” as a ${preview.formatName}. Check the import preview, then choose Import or Cancel.`
		);
		return 'preview';
	}

	/** Closes the preview; nothing was written. */
	cancel(): void {
		if (!this.preview || this.applying) return;
		this.preview = null;
		this.previous = null;
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
			const described = this.addToCatalogue ? preview.description : undefined;
			if (described && this.previous) return await this.#update(preview, this.previous, undo);
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
			const listed = described ? await this.#keep(described) : '';
			this.#say(importedText(preview, this.keepSecrets) + listed + undo);
			return true;
		} finally {
			this.applying = false;
		}
	}

	/** Puts a description into the endpoint list; says so, or why it could not. */
	async #keep(description: ApiDescription): Promise<string> {
		try {
			await this.#catalogue.put(description);
		} catch {
			return ' The endpoint list could not keep its operations: this browser refused to store them.';
		}
		const n = description.operations.length;
		return ` ${n} operation${n === 1 ? ' is' : 's are'} in the endpoint list now.`;
	}

	/**
	 * A newer version of a description in the endpoint list: the saved requests its earlier
	 * version made follow it (description-sync.ts), after the environments; then the list. All or
	 * nothing for the requests and environments.
	 */
	async #update(preview: ImportPreview, previous: ApiDescription, undo: string): Promise<boolean> {
		const { diff, replace, remove, add, description } = planUpdate(
			previous,
			preview.description!,
			preview.collections,
			(id) => this.#collections.find(id) !== undefined
		);
		const environments = this.#environmentsOf(preview);
		const envBefore = $state.snapshot<Environment[]>(this.#environments.environments);
		if (environments.length && !(await this.#environments.merge(environments))) {
			const why = this.#environments.notKept;
			await this.#environments.restore(envBefore);
			return this.#refused(why);
		}
		if (!(await this.#collections.sync({ replace, remove, add }))) {
			const why = this.#collections.message;
			if (environments.length) await this.#environments.restore(envBefore);
			return this.#refused(why);
		}
		this.preview = null;
		this.previous = null;
		const listed = await this.#keep(description);
		this.#say(`${updatedText(description.title, diff)}${listed}${undo}`);
		return true;
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

const count = (n: number, what: string) => `${n} operation${n === 1 ? '' : 's'} ${what}`;

/** What an update from a newer version of a description did, in one sentence. */
export function updatedText(title: string, diff: DescriptionDiff): string {
	const parts = [
		count(diff.added.length, 'added'),
		count(diff.changed.length, 'changed'),
		count(diff.removed.length, 'removed')
	];
	return `Updated “${title}” from its newer version: ${parts.join(', ')}; the saved requests it made follow it.`;
}

const idsOf = (collections: readonly Collection[]) =>
	new Set(collections.flatMap((c) => c.requests.map((r) => r.id)));
