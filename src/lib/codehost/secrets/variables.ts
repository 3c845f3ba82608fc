/**
 * Variables that hold secrets: marked so by the person, named like one (`token`, `password`,
 * `secret`, `*_token`, `*_key`), or used where a credential goes. Their values are kept for this
 * tab (session storage), never in plain text on the device or in IndexedDB (on the device only
 * sealed, secret-vault.ts), and are redacted in history, code and exports. No Svelte here.
 */
import { CREDENTIAL_HEADERS, CREDENTIAL_PARAMS } from '$lib/http/credentials';
import {
	browserStorages,
	readSecret,
	writeSecret,
	type SecretStorages
} from '$lib/settings/secret-storage';
import type { Environment } from '../environments/environments';
import { variableNames } from '../request/variables';

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

/** The secret values of this tab (session storage). */
export const SECRET_VARIABLE_KEY = 'codehost.explorer.secret-variables';

/**
 * This tab's secret values. `fromDevice`: a plain copy an earlier version kept on the device was
 * found; it is moved to this tab and taken off the device.
 */
export function loadSecretValues(s: SecretStorages = browserStorages()): {
	values: SecretValues;
	fromDevice: boolean;
} {
	const fromDevice = !!s.local?.getItem(SECRET_VARIABLE_KEY);
	let values: SecretValues = {};
	try {
		const parsed = JSON.parse(readSecret(SECRET_VARIABLE_KEY, s) ?? '{}') as unknown;
		if (parsed && typeof parsed === 'object') values = parsed as SecretValues;
	} catch {
		// Unreadable: nothing to carry.
	}
	if (fromDevice) saveSecretValues(values, s);
	return { values, fromDevice };
}

/** Keeps them for this tab only, and takes any plain copy off the device. */
export function saveSecretValues(values: SecretValues, s: SecretStorages = browserStorages()) {
	writeSecret(SECRET_VARIABLE_KEY, JSON.stringify(values), false, s);
}

/** Secret values as one flat record (`envId` U+001F `name`), the shape the vault seals. */
export function flattenSecrets(values: SecretValues): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [env, names] of Object.entries(values))
		for (const [name, value] of Object.entries(names)) out[`${env}\u001f${name}`] = value;
	return out;
}

export function unflattenSecrets(flat: Readonly<Record<string, string>>): SecretValues {
	const out: SecretValues = {};
	for (const [key, value] of Object.entries(flat)) {
		const at = key.indexOf('\u001f');
		if (at <= 0) continue;
		(out[key.slice(0, at)] ??= {})[key.slice(at + 1)] = value;
	}
	return out;
}
