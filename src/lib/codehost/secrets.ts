/**
 * The explorer's credentials live in this tab's session storage (like the energy token), or in
 * local storage only when the person ticked "Remember on this device" in Settings.
 */
import type { AuthMethod, AuthWay, SudoWay } from './auth';

export interface ExplorerSecrets {
	method: AuthMethod;
	way: AuthWay;
	token: string;
	refreshToken: string;
	createdAt: number;
	expiresIn: number;
	sudo: string;
	sudoWay: SudoWay;
}

const KEY = 'codehost.explorer.secrets';

export function emptyExplorerSecrets(): ExplorerSecrets {
	return {
		method: 'none',
		way: 'none',
		token: '',
		refreshToken: '',
		createdAt: 0,
		expiresIn: 0,
		sudo: '',
		sudoWay: 'header'
	};
}

function storages(): { session?: Storage; local?: Storage } {
	return {
		session: typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
		local: typeof localStorage === 'undefined' ? undefined : localStorage
	};
}

export function loadExplorerSecrets(s = storages()): ExplorerSecrets {
	const raw = s.local?.getItem(KEY) ?? s.session?.getItem(KEY);
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
	s = storages()
): void {
	const raw = JSON.stringify(secrets);
	if (remember) {
		s.local?.setItem(KEY, raw);
		s.session?.removeItem(KEY);
	} else {
		s.local?.removeItem(KEY);
		s.session?.setItem(KEY, raw);
	}
}
