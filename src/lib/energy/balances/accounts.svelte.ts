import type { AreaSession } from '$lib/settings/area-session.svelte';
import type { AsyncResult } from '$lib/ui/async-result.svelte';
import { getAccount, listAccounts } from '../api';
import type { Account } from '../schemas';

/**
 * Balances as the dashboard shows them: the accounts (account/list) and the one opened
 * (account/get), each an async result of the area's session. While a read is on its way the
 * balances shown stay; a failure is said over them; the latest read wins.
 */
export class AccountsState {
	/** Every account, the buyer's among them. */
	readonly list: AsyncResult<Account[]>;
	/** The account opened with account/get, by its per-user id (EN-ACCG-1). */
	readonly opened: AsyncResult<Account>;
	readonly #session: AreaSession<'energy'>;

	constructor(session: AreaSession<'energy'>) {
		this.#session = session;
		this.list = session.result<Account[]>();
		this.opened = session.result<Account>();
	}

	/** The accounts shown (none before the first answer). */
	get accounts(): Account[] {
		return this.list.value ?? [];
	}

	get buyer(): Account | undefined {
		return this.accounts.find((a) => a.section === 'buyer');
	}

	/** A first answer (or failure) has come: until then the page keeps the balances' room. */
	get settled(): boolean {
		return this.list.value !== undefined || this.list.problem !== undefined;
	}

	async load(): Promise<void> {
		const outcome = await this.list.run(
			async (signal) => (await listAccounts(this.#session.client(), signal)).data
		);
		// The account opened shows its balance as listed now, or goes if it is no longer listed.
		const open = this.opened.value;
		if (!outcome.shown || !open) return;
		const listed = outcome.value.find((a) => a.id === open.id);
		if (listed) this.opened.set(listed);
		else this.opened.reset();
	}

	async open(id: number): Promise<void> {
		await this.opened.run((signal) => getAccount(this.#session.client(), id, signal));
	}

	/** A balance the buy answer reported, shown at once (EN-BUY-7); the list refresh follows. */
	setBuyerBalance(balance: string): void {
		const accounts = this.list.value;
		if (!accounts) return;
		this.list.set(accounts.map((a) => (a.section === 'buyer' ? { ...a, balance } : a)));
	}

	clear(): void {
		this.list.reset();
		this.opened.reset();
	}
}
