/**
 * Where a service's secrets live: this tab's session storage, or local storage when the person
 * ticked that service's "Remember on this device". Never both, never IndexedDB.
 */
export interface SecretStorages {
	session: Storage | undefined;
	local: Storage | undefined;
}

export function browserStorages(): SecretStorages {
	return {
		session: typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
		local: typeof localStorage === 'undefined' ? undefined : localStorage
	};
}

/** The stored text, from this device's copy first. */
export function readSecret(key: string, s: SecretStorages = browserStorages()): string | null {
	return s.local?.getItem(key) ?? s.session?.getItem(key) ?? null;
}

/** Whether the secrets under `key` are kept on this device. */
export function isRemembered(key: string, s: SecretStorages = browserStorages()): boolean {
	return (s.local?.getItem(key) ?? null) !== null;
}

/**
 * Keeps `raw` under `key` in the chosen place and takes it out of the other. A full storage
 * throws (QuotaExceededError) and leaves what was stored before: remembering writes the device
 * copy before taking the tab's away; forgetting takes the device copy away first, whatever else
 * happens, since a secret the person asked not to keep must not stay on the device.
 */
export function writeSecret(
	key: string,
	raw: string,
	remember: boolean,
	s: SecretStorages = browserStorages()
): void {
	if (remember) {
		s.local?.setItem(key, raw);
		s.session?.removeItem(key);
	} else {
		s.local?.removeItem(key);
		s.session?.setItem(key, raw);
	}
}

/**
 * Moves what is stored under `key` to the chosen place. Unticking removes the device copy at once
 * (a new tab then has none); this tab keeps its copy for the session.
 */
export function setRemembered(
	key: string,
	remember: boolean,
	s: SecretStorages = browserStorages()
): void {
	const raw = readSecret(key, s);
	if (raw === null) {
		if (remember) s.local?.setItem(key, '');
		else s.local?.removeItem(key);
		return;
	}
	writeSecret(key, raw, remember, s);
}
