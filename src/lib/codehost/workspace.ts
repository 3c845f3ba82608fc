/**
 * Saved requests and environments, and what ties them to the form and the auth: saving the form,
 * opening a saved request into it, exporting both, and an environment choosing the auth method.
 */
import type { AuthState } from './auth.svelte';
import type { ImportedFile } from './collections';
import type { CollectionsState } from './collections.svelte';
import { referenceLabel, type TokenReference } from './environments';
import type { EnvironmentsState } from './environments.svelte';
import type { RequestFormState } from './request-form.svelte';

export class Workspace {
	readonly collections: CollectionsState;
	readonly environments: EnvironmentsState;
	#form: RequestFormState;
	#auth: AuthState;

	constructor(parts: {
		collections: CollectionsState;
		environments: EnvironmentsState;
		form: RequestFormState;
		auth: AuthState;
	}) {
		this.collections = parts.collections;
		this.environments = parts.environments;
		this.#form = parts.form;
		this.#auth = parts.auth;
	}

	/** Saves the form as it stands (no secret) under a name in a collection. */
	saveRequest(name: string, collection: string): boolean {
		return this.collections.save(name, collection, this.#form.snapshot()) !== null;
	}

	/** Puts a saved request into the form; nothing is sent. */
	openSaved(id: string): void {
		const item = this.collections.find(id);
		if (!item) return;
		this.#form.restore(item);
		this.collections.message = `Opened “${item.name}” in the request form.`;
	}

	exportCollections(): string {
		return this.collections.exportFile(this.environments.forExport());
	}

	/** `text`: a file's text, or what the import worker read from it. */
	importCollections(text: string | ImportedFile): void {
		const environments = this.collections.importFile(text);
		if (environments?.length) this.environments.merge(environments);
	}

	/** Selects an environment; one with a token reference switches the auth method to it. */
	selectEnvironment(id: string): void {
		this.environments.select(id);
		this.#followReference();
	}

	/** Makes the active environment use an auth method (undefined: keep whatever is chosen). */
	setEnvironmentAuth(ref: TokenReference | undefined): void {
		this.environments.setReference(ref);
		if (ref) this.#followReference();
		else
			this.environments.message = `“${this.environments.active.name}” leaves the auth method as it is.`;
	}

	#followReference(): void {
		const env = this.environments.active;
		if (!env.auth) return;
		const hasToken = this.#auth.use(env.auth.method, env.auth.way);
		const what = referenceLabel(env.auth);
		this.environments.message = hasToken
			? `“${env.name}” uses ${what}.`
			: `“${env.name}” uses ${what}: enter its token in the Token field (it is kept for this tab, never in the environment).`;
	}
}
