/**
 * Saved requests and environments, and what ties them to the form and the auth: saving the form,
 * opening a saved request into it, exporting both, an environment choosing the auth method, and
 * running a collection.
 */
import type { AreaSession } from '$lib/settings/area-session.svelte';
import type { AuthState } from './auth/auth.svelte';
import type { ImportedFile, SavedRequest } from './collections/collections';
import type { CollectionsState } from './collections/collections.svelte';
import { referenceLabel, type TokenReference } from './environments/environments';
import type { EnvironmentsState } from './environments/environments.svelte';
import type { Extractions } from './request/extractions.svelte';
import type { RequestFormState } from './request/form.svelte';
import type { RunResponse } from './runner/assertions';
import { CollectionRun } from './runner/collection-run.svelte';
import { ImportFlow } from './import/import-flow.svelte';
import { DescribedCatalogue } from './catalogue/described.svelte';
import { SecretVaultState } from './secrets/vault-state.svelte';
import { keepStorage } from '$lib/ui/kept-storage';

/** Sends a saved request with a run's variables through the explorer's send path. */
export type SendSaved = (
	item: SavedRequest,
	variables: Readonly<Record<string, string>>,
	signal: AbortSignal
) => Promise<RunResponse>;

export class Workspace {
	readonly collections: CollectionsState;
	readonly environments: EnvironmentsState;
	/** Secret variables kept on this device, sealed, if the person opts in. */
	readonly vault: SecretVaultState;
	/** The last "Run collection": progress, results, the report. */
	readonly run: CollectionRun;
	/** Which collection the run is of (its results show under it). */
	runOf = $state('');
	/** An import of any tool's file: read, previewed, then applied in one step. */
	readonly imports: ImportFlow;
	/** The API descriptions an import added to the endpoint list (path completion, parameters). */
	readonly catalogue = new DescribedCatalogue();
	/** This explorer's API root, as the connection gives it now. */
	readonly apiRoot: () => string;
	#form: RequestFormState;
	#auth: AuthState;
	#send: SendSaved;
	#extractions: Extractions;

	constructor(parts: {
		/** The explorer's session: its close stops a collection run. */
		session: AreaSession<'codehost'>;
		collections: CollectionsState;
		environments: EnvironmentsState;
		form: RequestFormState;
		auth: AuthState;
		send: SendSaved;
		extractions: Extractions;
	}) {
		this.run = new CollectionRun(parts.session);
		this.#extractions = parts.extractions;
		this.#send = parts.send;
		this.collections = parts.collections;
		this.environments = parts.environments;
		this.vault = new SecretVaultState(parts.environments);
		const session = parts.session;
		this.apiRoot = () => session.apiRoot;
		this.imports = new ImportFlow({
			...parts,
			apiRoot: this.apiRoot,
			catalogue: this.catalogue
		});
		this.#form = parts.form;
		this.#auth = parts.auth;
	}

	/**
	 * Saves the form as it stands (no secret) under a name in a collection, with the values set as
	 * variables from its answer, so a run sets them too.
	 */
	saveRequest(name: string, collection: string): boolean {
		const extractions = this.#extractions.list.map(({ name, path }) => ({ name, path }));
		const saved =
			this.collections.save(name, collection, this.#form.request(), { extractions }) !== null;
		if (saved) keepStorage();
		return saved;
	}

	/** Puts a saved request into the form; nothing is sent. */
	openSaved(id: string): void {
		const item = this.collections.find(id);
		if (!item) return;
		this.#form.load(item);
		this.#extractions.adopt(item.extractions ?? []);
		this.collections.message = `Opened “${item.name}” in the request form.`;
	}

	exportCollections(): string {
		return this.collections.exportFile(this.environments.forExport());
	}

	/** `text`: a file's text, or what the import worker read from it. */
	importCollections(text: string | ImportedFile): void {
		const environments = this.collections.importFile(text);
		if (environments?.length) void this.environments.merge(environments);
	}

	/**
	 * Runs a collection's requests in order with the active environment's variables, once per row
	 * of `csv` when given (a malformed row refuses the run before anything is sent); `skip` names
	 * requests left out of this run.
	 */
	async runCollection(
		id: string,
		options: { csv?: string; stopOnFailure?: boolean; skip?: readonly string[] } = {}
	) {
		const collection = this.collections.collections.find((c) => c.id === id);
		if (!collection || this.run.running) return;
		this.runOf = id;
		const data = options.csv?.trim() ? this.run.readRows(options.csv) : undefined;
		if (options.csv?.trim() && !data) return;
		await this.run.start({
			requests: collection.requests
				.filter((item) => !options.skip?.includes(item.id))
				.map((item) => ({
					...item,
					name: `${item.name} (${item.method} ${item.path})`,
					assertions: item.assertions ?? [],
					extractions: item.extractions ?? []
				})),
			send: (item, variables, signal) => this.#send(item, variables, signal),
			rows: data?.rows,
			variables: this.environments.values,
			stopOnFailure: options.stopOnFailure
		});
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
