import type { HttpClient, HttpResult } from '$lib/http/client';
import { ApiProblem, isApiProblem } from '$lib/http/problem';
import { parseJsonBody } from '$lib/http/validate';
import { readPagination, type PaginationInfo } from './pagination';

export const EXPLORER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ExplorerMethod = (typeof EXPLORER_METHODS)[number];

export interface ExplorerResponse {
	status: number;
	statusText: string;
	url: string;
	headers: Record<string, string>;
	bodyText: string;
	json: unknown;
	isJson: boolean;
	durationMs: number;
	sizeBytes: number;
	pagination: PaginationInfo;
}

function toResponse(result: HttpResult): ExplorerResponse {
	const parsed = parseJsonBody(result.text);
	return {
		status: result.response.status,
		statusText: result.response.statusText,
		url: result.exchange.url,
		headers: result.exchange.responseHeaders,
		bodyText: result.text,
		json: parsed.ok ? parsed.value : undefined,
		isJson: parsed.ok,
		durationMs: result.exchange.durationMs,
		sizeBytes: result.exchange.sizeBytes,
		pagination: readPagination(result.exchange.responseHeaders)
	};
}

/** What the explorer page shows: the request being built and the last answer. */
export class ExplorerState {
	method = $state<ExplorerMethod>('GET');
	path = $state('/projects');
	query = $state('per_page=5');
	sending = $state(false);
	response = $state<ExplorerResponse | null>(null);
	problem = $state<ApiProblem | null>(null);
	#controller: AbortController | undefined;

	/** Sends the request as built; `url` follows a Link exactly as the server gave it (CH-OFF-3). */
	async send(client: HttpClient, url?: string): Promise<void> {
		this.#controller?.abort();
		const controller = new AbortController();
		this.#controller = controller;
		this.sending = true;
		this.problem = null;
		try {
			const result = await client.send({
				method: url ? 'GET' : this.method,
				path: url ?? this.path,
				query: url ? undefined : this.query,
				signal: controller.signal
			});
			this.response = toResponse(result);
		} catch (error) {
			if (controller.signal.aborted) return;
			this.problem = isApiProblem(error)
				? error
				: new ApiProblem({ kind: 'network', message: String(error), hint: 'Try again.' });
		} finally {
			if (this.#controller === controller) this.sending = false;
		}
	}

	cancel(): void {
		this.#controller?.abort();
		this.sending = false;
	}
}
