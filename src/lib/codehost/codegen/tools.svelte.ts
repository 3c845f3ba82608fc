/**
 * Tools around the request: code in five forms, cURL out and in, and "will it work from a
 * browser?". Each reads the form and the exchange; none sends anything.
 */
import { redactText } from '$lib/http/redact';
import {
	browserCheck,
	explainFailure,
	pageOrigin,
	type BrowserCheck
} from '../request/browser-check';
import { generate, type Client, type CodeRequest } from './codegen';
import { toCurl } from './curl';
import { parseCurl, toRequest } from '../import/curl';
import { flattenParams } from '../request/encoding';
import type { SentRequest } from '../request/request';
import type { ExchangeState } from '../exchange.svelte';
import { CODEHOST_EXPOSED_HEADERS } from '$lib/contracts/codehost-cors';
import { sentWith } from '../request/target';

export class RequestTools {
	/** What Import cURL did: what it filled, and what it left out. */
	curlImport = $state<{ ok: boolean; message: string; notes: string[] } | null>(null);

	#exchange: ExchangeState;

	constructor(exchange: ExchangeState) {
		this.#exchange = exchange;
	}

	/** In Live mode: what the browser will add to and keep back from this request. */
	get browserCheck(): BrowserCheck | null {
		const x = this.#exchange;
		if (!x.live) return null;
		const b = x.form.build();
		const applied = x.auth.applied;
		return browserCheck({
			pageOrigin: pageOrigin(),
			apiRoot: x.apiRoot,
			method: b.method,
			headers: { ...b.headers, ...applied.headers },
			credentials: applied.credentials,
			exposed: CODEHOST_EXPOSED_HEADERS
		});
	}

	/** Why the last request got no answer, told apart: CORS, network or mixed content. */
	get failureCause(): string | null {
		const x = this.#exchange;
		if (!x.failure || !x.live) return null;
		return explainFailure(x.failure.kind, pageOrigin(), x.apiRoot);
	}

	/** The request as the form builds it now, with its connection, for the code generators. */
	codeRequest(): CodeRequest {
		const { form, connection } = this.#exchange;
		const b = form.build();
		// A file as the whole body (curl --upload-file): its name, read from disk by the code.
		const upload = form.fileSlot?.field === null && b.method !== 'GET';
		const multipart = !upload && form.bodyKind === 'multipart' && b.method !== 'GET';
		const params = form.parsedParams;
		return {
			method: b.method,
			target: b.target,
			query: b.query,
			headers: b.headers,
			bodyText: multipart || upload ? undefined : b.bodyText,
			form: multipart
				? {
						fields: flattenParams(params.ok ? params.value : {}),
						file: form.file?.name,
						...(form.fileSlot?.field ? { field: form.fileSlot.field } : {})
					}
				: undefined,
			...(upload ? { upload: form.file?.name ?? form.fileSlot!.source } : {}),
			...connection
		};
	}

	/** Code for the request in one client's form; the token only when asked for. */
	code(client: Client, includeToken = false): string {
		const text = generate(client, this.codeRequest(), includeToken);
		return includeToken ? text : redactText(text, this.#exchange.secrets);
	}

	/** The last request as cURL (or the form's, before any); secrets only when asked for. */
	curl(includeSecrets: boolean): string {
		const x = this.#exchange;
		const last = x.lastSent ?? this.#notSentYet();
		const curl = toCurl(
			{
				method: last.method,
				url: last.url,
				headers: { Accept: 'application/json', ...last.headers },
				body: last.bodyText,
				withCookies: last.withCookies
			},
			{ includeSecrets }
		);
		return includeSecrets ? curl : redactText(curl, x.secrets);
	}

	/** Where the form's request would go, with credentials only on the API root's origin. */
	#notSentYet(): SentRequest {
		const { form, connection } = this.#exchange;
		return sentWith(form.build(), connection);
	}

	/**
	 * Fills the form from a cURL command. Its token goes to the Token field (kept as the Code
	 * host's "Remember" says), never into the saved form, and is sent only to the base URL.
	 */
	importCurl(command: string): boolean {
		const { form, auth, apiRoot } = this.#exchange;
		try {
			const imported = toRequest(parseCurl(command), apiRoot);
			form.load(imported.request);
			if (imported.token) auth.token = imported.token;
			if (imported.sudo) {
				auth.sudo = imported.sudo.value;
				auth.sudoWay = imported.sudo.way;
			}
			auth.save();
			const { method, path } = imported.request;
			this.curlImport = {
				ok: true,
				message: `Imported ${method} ${path}${imported.token ? '; the token is in the Token field' : ''}.`,
				notes: imported.notes
			};
			return true;
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			this.curlImport = { ok: false, message: `Not imported: ${reason}`, notes: [] };
			return false;
		}
	}
}
