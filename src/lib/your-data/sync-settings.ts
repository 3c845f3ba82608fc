/**
 * Where the sync goes (project, branch, folder: kept on this device), its token (a secret, kept as
 * the explorer keeps its tokens: this tab's session storage, or the device only when the code
 * host's "Remember on this device" is ticked), and what was last seen of the repository (the
 * base each file is compared with). No Svelte here.
 */
import { loadExplorerSecrets } from '$lib/codehost/secrets/secrets';
import {
	browserStorages,
	readSecret,
	writeSecret,
	type SecretStorages
} from '$lib/settings/secret-storage';
import type { SyncBase, SyncTarget } from './sync';

const TARGET_KEY = 'your-data.sync';
const BASE_KEY = 'your-data.sync.base';
export const SYNC_TOKEN_KEY = 'your-data.sync.token';
/** The sync settings' own format version (what is stored carries it). */
const VERSION = 1;

export const DEFAULT_TARGET = { project: '', branch: 'main', folder: 'api-workbench' };

const local = (s: SecretStorages) => s.local;

export function loadTarget(s: SecretStorages = browserStorages()): Omit<SyncTarget, 'token'> {
	try {
		const raw = JSON.parse(local(s)?.getItem(TARGET_KEY) ?? 'null') as Record<
			string,
			unknown
		> | null;
		if (!raw || raw.version !== VERSION) return { ...DEFAULT_TARGET };
		const text = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
		return {
			project: text(raw.project, ''),
			branch: text(raw.branch, DEFAULT_TARGET.branch),
			folder: text(raw.folder, DEFAULT_TARGET.folder)
		};
	} catch {
		return { ...DEFAULT_TARGET };
	}
}

export function saveTarget(
	t: Omit<SyncTarget, 'token'>,
	s: SecretStorages = browserStorages()
): void {
	try {
		local(s)?.setItem(
			TARGET_KEY,
			JSON.stringify({ version: VERSION, project: t.project, branch: t.branch, folder: t.folder })
		);
	} catch {
		// Not kept: typed again next time.
	}
}

/** The sync token, else the explorer's personal access token. */
export function loadToken(s: SecretStorages = browserStorages()): string {
	const own = readSecret(SYNC_TOKEN_KEY, s);
	if (own) return own;
	const explorer = loadExplorerSecrets(s);
	return explorer.tokens.personal ?? (explorer.method === 'personal' ? explorer.token : '');
}

export function saveToken(
	token: string,
	remember: boolean,
	s: SecretStorages = browserStorages()
): void {
	try {
		writeSecret(SYNC_TOKEN_KEY, token, remember, s);
	} catch {
		// A full storage: the token lasts as long as the page.
	}
}

const baseKey = (t: Omit<SyncTarget, 'token'>) =>
	`${t.project.trim()}\u001f${t.branch.trim()}\u001f${t.folder.trim().replace(/^\/+|\/+$/g, '')}`;

export function loadBase(
	t: Omit<SyncTarget, 'token'>,
	s: SecretStorages = browserStorages()
): SyncBase {
	try {
		const all = JSON.parse(local(s)?.getItem(BASE_KEY) ?? '{}') as {
			version?: number;
			targets?: Record<string, SyncBase>;
		};
		return all.version === VERSION ? (all.targets?.[baseKey(t)] ?? {}) : {};
	} catch {
		return {};
	}
}

/** Keeps the base; false when the browser refused (the next push then asks to pull first). */
export function saveBase(
	t: Omit<SyncTarget, 'token'>,
	base: SyncBase,
	s: SecretStorages = browserStorages()
): boolean {
	try {
		const all = JSON.parse(local(s)?.getItem(BASE_KEY) ?? '{}') as {
			version?: number;
			targets?: Record<string, SyncBase>;
		};
		const targets = all.version === VERSION ? { ...all.targets } : {};
		targets[baseKey(t)] = base;
		local(s)?.setItem(BASE_KEY, JSON.stringify({ version: VERSION, targets }));
		return true;
	} catch {
		return false;
	}
}
