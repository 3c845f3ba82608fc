import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { listBibles } from './api';
import type { Bible } from './schemas';

/** The translations the reader offers. */
export class LibraryState {
	bibles = $state<Bible[]>([]);
	loading = $state(false);
	problem = $state<ApiProblem | null>(null);

	async load(client: HttpClient): Promise<void> {
		this.loading = true;
		this.problem = null;
		try {
			this.bibles = await listBibles(client);
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.problem = error;
		} finally {
			this.loading = false;
		}
	}
}
