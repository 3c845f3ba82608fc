import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { listAccounts } from './api';
import type { Account } from './schemas';

/** Balances as the dashboard shows them. */
export class AccountsState {
	accounts = $state<Account[]>([]);
	loading = $state(false);
	problem = $state<ApiProblem | null>(null);

	buyer = $derived(this.accounts.find((a) => a.section === 'buyer'));

	async load(client: HttpClient): Promise<void> {
		this.loading = true;
		this.problem = null;
		try {
			this.accounts = (await listAccounts(client)).data;
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.problem = error;
		} finally {
			this.loading = false;
		}
	}
}
