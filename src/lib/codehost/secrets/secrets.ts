/**
 * The explorer's credentials live in this tab's session storage (like the energy token), or in
 * local storage only when the person ticked the Code host's "Remember on this device" in Settings.
 */
import { SECRET_KEYS } from '$lib/settings/connection';
import { readSecret, writeSecret, type SecretStorages } from '$lib/settings/secret-storage';
import type { AuthMethod, AuthWay, SudoWay } from '../auth/auth';

export interface ExplorerSecrets {
	method: AuthMethod;
	way: AuthWay;
	token: string;
	refreshToken: string;
	createdAt: number;
	expiresIn: number;
	sudo: string;
	sudoWay: SudoWay;
	/** The token entered for each auth method, so switching method (or environment) finds it. */
	tokens: Partial<Record<AuthMethod, string>>;
}

export function emptyExplorerSecrets(): ExplorerSecrets {
	return {
		method: 'none',
		way: 'none',
		token: '',
		refreshToken: '',
		createdAt: 0,
		expiresIn: 0,
		sudo: '',
		sudoWay: 'header',
		tokens: {}
	};
}

export function loadExplorerSecrets(s?: SecretStorages): ExplorerSecrets {
	const raw = readSecret(SECRET_KEYS.codehost, s);
	if (!raw) return emptyExplorerSecrets();
	try {
		return { ...emptyExplorerSecrets(), ...(JSON.parse(raw) as Partial<ExplorerSecrets>) };
	} catch {
		return emptyExplorerSecrets();
	}
}

export function saveExplorerSecrets(
	secrets: ExplorerSecrets,
	remember: boolean,
	s?: SecretStorages
): void {
	writeSecret(SECRET_KEYS.codehost, JSON.stringify(secrets), remember, s);
}
