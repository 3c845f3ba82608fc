/**
 * Variables that hold secrets: marked so by the person, named like one (`token`, `password`,
 * `secret`, `*_token`, `*_key`), or used where a credential goes. Their values are kept like the
 * Token field (this tab's session storage, or the device with "Remember"), never in IndexedDB,
 * and are redacted in history, code and exports. No Svelte here.
 */
import { CREDENTIAL_HEADERS, CREDENTIAL_PARAMS } from '$lib/http/credentials';
import { SECRET_VARIABLE_KEY } from '$lib/settings/connection';
import { readSecret, writeSecret, type SecretStorages } from '$lib/settings/secret-storage';
import type { Environment } from './environments';
import { variableNames } from './variables';

const SECRET_NAME = /^(token|password|passwd|secret|api_?key)$|[_.-](token|key|secret|password)$/i;

/** Whether a variable's name says it holds a secret. */
export function looksSecret(name: string): boolean {
	return SECRET_NAME.test(name);
}

/** The variables a request uses in a credential header or parameter. */
export function credentialVariables(headersText: string, query: string): string[] {
	const out: string[] = [];
	for (const line of headersText.split('\n')) {
		const at = line.indexOf(':');
		if (at > 0 && CREDENTIAL_HEADERS.has(line.slice(0, at).trim().toLowerCase()))
			out.push(...variableNames(line.slice(at + 1)));
	}
	for (const part of query.split('&'))
		if (CREDENTIAL_PARAMS.has(part.split('=')[0]!.toLowerCase())) out.push(...variableNames(part));
	return [...new Set(out)];
}

/** Whether `name` is secret in `env`, given the names the request uses for credentials. */
export function isSecretVariable(
	env: Environment,
	name: string,
	usedForCredentials: readonly string[] = []
): boolean {
	return looksSecret(name) || !!env.secret?.includes(name) || usedForCredentials.includes(name);
}

/** Secret values per environment id. */
export type SecretValues = Record<string, Record<string, string>>;

/** An environment as it may be stored or exported: every secret value emptied, names kept. */
export function withoutSecretValues(env: Environment, usedForCredentials: readonly string[] = []) {
	const values: Record<string, string> = {};
	const secrets: Record<string, string> = {};
	for (const [name, value] of Object.entries(env.values))
		if (isSecretVariable(env, name, usedForCredentials)) {
			values[name] = '';
			if (value) secrets[name] = value;
		} else values[name] = value;
	return { env: { ...env, values }, secrets };
}

/** Puts back the secret values kept apart (only for names the environment still has). */
export function withSecretValues(env: Environment, secrets: SecretValues): Environment {
	const kept = secrets[env.id] ?? {};
	const values = { ...env.values };
	for (const [name, value] of Object.entries(kept))
		if (Object.hasOwn(values, name) && !values[name]) values[name] = value;
	return { ...env, values };
}

export function loadSecretValues(s?: SecretStorages): SecretValues {
	try {
		const parsed = JSON.parse(readSecret(SECRET_VARIABLE_KEY, s) ?? '{}') as unknown;
		return parsed && typeof parsed === 'object' ? (parsed as SecretValues) : {};
	} catch {
		return {};
	}
}

export function saveSecretValues(values: SecretValues, remember: boolean, s?: SecretStorages) {
	writeSecret(SECRET_VARIABLE_KEY, JSON.stringify(values), remember, s);
}
