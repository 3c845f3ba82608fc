/** Every failure of a call becomes one ApiProblem, so one component can explain any of them. */
export type ProblemKind =
	'network' | 'cors' | 'timeout' | 'http' | 'parse' | 'contract' | 'aborted';

export interface ApiProblemInit {
	kind: ProblemKind;
	message: string;
	hint: string;
	method?: string;
	url?: string;
	status?: number;
	headers?: Record<string, string>;
	bodyText?: string;
	body?: unknown;
	cause?: unknown;
	/** The demo itself could not run (its code or data did not arrive): no server is to blame. */
	demoFailure?: boolean;
}

/** How much of a body a person sees when it could not be understood. */
export const BODY_PREVIEW_CHARS = 300;

export class ApiProblem extends Error {
	override readonly name = 'ApiProblem';
	readonly kind: ProblemKind;
	readonly hint: string;
	readonly method?: string;
	readonly url?: string;
	readonly status?: number;
	readonly headers: Record<string, string>;
	readonly bodyText?: string;
	readonly body?: unknown;
	readonly demoFailure: boolean;

	constructor(init: ApiProblemInit) {
		super(init.message, { cause: init.cause });
		this.kind = init.kind;
		this.hint = init.hint;
		this.method = init.method;
		this.url = init.url;
		this.status = init.status;
		this.headers = init.headers ?? {};
		this.bodyText = init.bodyText;
		this.body = init.body;
		this.demoFailure = init.demoFailure ?? false;
	}

	/** The first part of the raw body, for showing an unparseable answer as text. */
	get bodyPreview(): string {
		const text = this.bodyText ?? '';
		return text.length > BODY_PREVIEW_CHARS ? `${text.slice(0, BODY_PREVIEW_CHARS)}…` : text;
	}
}

export function isApiProblem(value: unknown): value is ApiProblem {
	return value instanceof ApiProblem;
}
