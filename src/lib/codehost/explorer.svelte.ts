/**
 * The explorer page's state: the parts it shows, built around one exchange and wired once, all
 * made from one area session (the code host's connection as it was when the explorer opened),
 * whose close ends every request, walk and collection run of the explorer.
 * Each panel is given the part it shows (the form, the exchange, history, fetch all, tools,
 * saved requests and environments, OAuth calls); the work is in the parts and their services.
 * The route reads it with `explorerArea()`: one for the app per connection (area-state.svelte.ts),
 * so the request being written stays while the person is on another page.
 */
import { AuthState } from './auth/auth.svelte';
import { CollectionsState } from './collections/collections.svelte';
import { EnvironmentsState } from './environments/environments.svelte';
import { ExchangeState } from './exchange.svelte';
import { Extractions } from './request/extractions.svelte';
import { connections } from '$lib/settings/area-connection.svelte';
import { AreaSession, type SessionSource } from '$lib/settings/area-session.svelte';
import { areaState } from '$lib/settings/area-state.svelte';
import { FetchAllState } from './pagination/fetch-all-state.svelte';
import { HistoryStore } from './history/history';
import { HistoryState } from './history/history-state.svelte';
import { ImportJob } from './import/job.svelte';
import { OAuthCalls } from './auth/oauth-calls.svelte';
import { RequestFormState } from './request/form.svelte';
import { RequestTools } from './codegen/tools.svelte';
import { credentialVariables } from './secrets/variables';
import { Workspace } from './workspace.svelte';
import { sendSaved } from './runner/send-saved';

export type { ResponseTab, ExchangeResult } from './exchange-types';
export type { ExplorerResponse } from './response/explorer-response';
export type { Hop } from './send';
export { EXPLORER_METHODS, type ExplorerMethod } from './request/request';

export class ExplorerState {
	/** Rule ids and field paths for readers of the API's conventions; off for everyone else. */
	showRefs = $state(false);

	readonly auth: AuthState;
	readonly environments: EnvironmentsState;
	readonly collections: CollectionsState;
	readonly form: RequestFormState;
	readonly exchange: ExchangeState;
	readonly history: HistoryState;
	/** An import of a History file: read in the worker, with progress and Cancel. */
	readonly historyImport = new ImportJob();
	readonly allPages: FetchAllState;
	readonly tools: RequestTools;
	readonly workspace: Workspace;
	readonly oauth: OAuthCalls;
	readonly extractions: Extractions;
	readonly session: AreaSession<'codehost'>;

	constructor(
		session: AreaSession<'codehost'>,
		history: HistoryStore = new HistoryStore(),
		environments: EnvironmentsState = new EnvironmentsState(),
		collections: CollectionsState = new CollectionsState()
	) {
		this.session = session;
		const auth = (this.auth = new AuthState(() => session.remember));
		this.environments = environments;
		this.collections = collections;
		const form = (this.form = new RequestFormState(() => ({
			apiRoot: session.apiRoot,
			auth,
			status: this.exchange.response?.status,
			variables: environments.values
		})));
		this.history = new HistoryState(() => this.exchange, history, session.signal);
		this.exchange = new ExchangeState({
			session,
			auth,
			form,
			secrets: () => [...auth.secrets, ...environments.secretValues],
			record: (exchange, saved, run) => {
				this.history.record(exchange, saved, run);
				// The form's own request answered: values set as variables follow its answer.
				if (saved && !run) this.extractions.apply(exchange.responseBody);
			}
		});
		environments.keepSecrets(() => credentialVariables(form.headers, form.query));
		this.allPages = new FetchAllState(session, this.exchange, () => this.history.showNow());
		this.tools = new RequestTools(this.exchange);
		this.extractions = new Extractions(environments);
		this.workspace = new Workspace({
			session,
			collections,
			environments,
			form,
			auth,
			send: (item, variables, signal) => sendSaved(item, variables, this.exchange.context(signal)),
			extractions: this.extractions
		});
		this.oauth = new OAuthCalls(this.exchange);
		session.onClose(() => {
			this.workspace.vault.close();
			this.historyImport.cancel();
		});
	}

	/**
	 * Reads what is kept on this device: the saved requests first (the first thing the page
	 * shows, and each store waits for the one asked before it to open), environments, history.
	 */
	load(): Promise<unknown> {
		return Promise.all([this.collections.load(), this.environments.load(), this.history.load()]);
	}

	/**
	 * Stops this explorer's work: the request in flight, Fetch all pages, a collection run, news
	 * of other tabs. All of it belongs to the session.
	 */
	close(): void {
		this.session.close();
	}

	/** Takes over the request being written in an explorer this one replaces. */
	carryOver(previous: ExplorerState): void {
		this.form.load(previous.form.request());
		this.form.templateId = previous.form.templateId;
	}

	/** Demo mode: the fake code host answers, and its tokens are offered. */
	get demo(): boolean {
		return !this.exchange.live;
	}
}

/** The explorer for a connection, with what is kept on this device read in (area-state.svelte.ts). */
export function openExplorer(
	connection: SessionSource<'codehost'>,
	previous?: ExplorerState
): ExplorerState {
	const explorer = new ExplorerState(new AreaSession(connection));
	void explorer.load();
	if (previous) explorer.carryOver(previous);
	return explorer;
}

/** The explorer for the code host's connection as it is now; read it inside `$derived` (in a route). */
export function explorerArea(): ExplorerState {
	return areaState<ExplorerState, 'codehost'>(connections.codehost, openExplorer);
}
