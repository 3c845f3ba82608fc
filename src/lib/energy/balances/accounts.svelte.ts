import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { getAccount, listAccounts } from '../api';
import type { Account } from '../schemas';

/** Balances as the dashboard shows them. */
export class AccountsState {
	accounts = $state<Account[]>([]);
	loading = $state(false);
	/** A first answer (or failure) has come: until then the page keeps the balances' room. */
	settled = $state(false);
	problem = $state<ApiProblem | null>(null);
	/** The account opened with account/get, by its per-user id (EN-ACCG-1). */
	detail = $state<Account | null>(null);
	detailProblem = $state<ApiProblem | null>(null);

	buyer = $derived(this.accounts.find((a) => a.section === 'buyer'));
	readonly #session: AreaSession<'energy'>;

	constructor(session: AreaSession<'energy'>) {
		this.#session = session;
	}

	async load(): Promise<void> {
		this.loading = true;
		this.problem = null;
		try {
			this.accounts = (await listAccounts(this.#session.client())).data;
			if (this.detail) {
				const id = this.detail.id;
				this.detail = this.accounts.find((a) => a.id === id) ?? null;
			}
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.problem = error;
		} finally {
			this.loading = false;
			this.settled = true;
		}
	}

	async open(id: number): Promise<void> {
		this.detailProblem = null;
		try {
			this.detail = await getAccount(this.#session.client(), id);
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.detailProblem = error;
		}
	}

	/** A balance the buy answer reported, shown at once (EN-BUY-7); the list refresh follows. */
	setBuyerBalance(balance: string): void {
		this.accounts = this.accounts.map((a) => (a.section === 'buyer' ? { ...a, balance } : a));
	}

	clear(): void {
		this.accounts = [];
		this.detail = null;
		this.problem = null;
		this.detailProblem = null;
	}
}
