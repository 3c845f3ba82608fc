/**
 * Every secret value this tab knows: the explorer's tokens, its secret variables' values, the
 * energy API token and the sync token. A backup, a snapshot or a pushed file holding any of them,
 * in any written form, is refused. Read without changing where they are kept. No Svelte here.
 */
import { SECRET_VARIABLE_KEY } from '$lib/codehost/secrets/variables';
import { loadExplorerSecrets } from '$lib/codehost/secrets/secrets';
import { loadSecrets } from '$lib/settings/persistence';
import { browserStorages, readSecret, type SecretStorages } from '$lib/settings/secret-storage';

function secretVariableValues(s: SecretStorages): string[] {
	try {
		const parsed = JSON.parse(readSecret(SECRET_VARIABLE_KEY, s) ?? '{}') as unknown;
		if (!parsed || typeof parsed !== 'object') return [];
		return Object.values(parsed as Record<string, unknown>).flatMap((names) =>
			names && typeof names === 'object'
				? Object.values(names as Record<string, unknown>).filter(
						(v): v is string => typeof v === 'string'
					)
				: []
		);
	} catch {
		return [];
	}
}

export function knownSecrets(
	extra: readonly string[] = [],
	s: SecretStorages = browserStorages()
): string[] {
	const explorer = loadExplorerSecrets(s);
	const all = [
		explorer.token,
		explorer.refreshToken,
		...Object.values(explorer.tokens),
		...secretVariableValues(s),
		loadSecrets(s).apiToken,
		...extra
	];
	return [...new Set(all.filter((v): v is string => typeof v === 'string' && v.trim() !== ''))];
}
