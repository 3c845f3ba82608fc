/**
 * One service's "Test connection" in Settings: makes the client of the connection as typed with
 * the service's own area code (the energy client adds its `Token`; the code host sends the
 * explorer's token as a header, never in the URL), runs the test, and keeps its answer only while
 * it is about the settings as they are.
 */
import { applyAuth, methodInfo, type AuthMethod } from '$lib/codehost/auth/auth';
import { loadExplorerSecrets } from '$lib/codehost/secrets/secrets';
import { energyClient } from '$lib/energy/energy-client.svelte';
import type { HttpClient } from '$lib/http/client';
import { AsyncResult } from '$lib/ui/async-result.svelte';
import { clientFor, type ClientExtras } from './client-for';
import { connectionError, effectiveApiRoot, type Connection, type ServiceId } from './connection';
import { TEST_TIMEOUT_MS, testConnection, type TestAnswer } from './connection-test';
import { settings } from './settings.svelte';

/** The explorer's auth methods whose token `GET /user` reads (a job token or cookie it does not). */
const USER_TOKEN_METHODS: readonly AuthMethod[] = ['personal', 'oauth', 'impersonation'];

/** The explorer's token as a header (its header way, whatever way the explorer sends it). */
export function codehostTokenHeaders(): Record<string, string> {
	const { method, token } = loadExplorerSecrets();
	if (!USER_TOKEN_METHODS.includes(method) || !token.trim()) return {};
	const way = methodInfo(method).ways.find((w) => !w.endsWith('-query'));
	return way ? applyAuth({ method, way, token }).headers : {};
}

/** One request, one try, a short wait: a test, not the area's work. */
const TEST_EXTRAS: ClientExtras = { timeoutMs: TEST_TIMEOUT_MS, retryLimit: 0 };

function testClient(service: ServiceId, connection: Connection, secrets: readonly string[]) {
	const extras: ClientExtras = { ...TEST_EXTRAS, secrets: () => secrets };
	if (service !== 'energy') return clientFor(service, connection, '', extras);
	const secret = settings.secrets.apiToken;
	return energyClient(
		{
			service,
			mode: connection.mode,
			apiRoot: effectiveApiRoot(service, connection),
			secret,
			client: (more?: ClientExtras): HttpClient =>
				clientFor(service, connection, secret, { ...more, ...extras })
		},
		extras
	);
}

/** The answer and what it was about: the connection, and the credential it was tested with. */
interface Tested {
	about: string;
	answer: TestAnswer;
}

export class ConnectionCheck {
	readonly service: ServiceId;
	readonly #result = new AsyncResult<Tested>();

	constructor(service: ServiceId) {
		this.service = service;
	}

	get running(): boolean {
		return this.#result.loading;
	}

	/** What the test is about: the connection, and the credential as it is now. */
	#about(connection: Connection): string {
		const secret =
			this.service === 'energy'
				? settings.secrets.apiToken
				: this.service === 'codehost'
					? Object.values(codehostTokenHeaders()).join()
					: '';
		return JSON.stringify([connection.mode, connection.baseUrl, connection.proxyUrl, secret]);
	}

	/** The last answer, while the connection is still the one it was given for. */
	answerFor(connection: Connection): TestAnswer | null {
		const last = this.#result.ready ? this.#result.value : undefined;
		return last && last.about === this.#about(connection) ? last.answer : null;
	}

	/** Tests `connection` as typed; a newer test replaces one still running. */
	async run(connection: Connection): Promise<void> {
		await this.#result.run(async (signal) => {
			const about = this.#about(connection);
			const problem = connectionError(connection);
			if (problem)
				return {
					about,
					answer: {
						outcome: 'not-tested',
						summary: 'Not tested: fix the base URL first.',
						detail: problem
					}
				};
			const headers = this.service === 'codehost' ? codehostTokenHeaders() : {};
			const client = testClient(this.service, connection, Object.values(headers));
			return {
				about,
				answer: await testConnection({ service: this.service, client, headers, signal })
			};
		});
	}
}
