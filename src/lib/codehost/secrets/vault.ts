/**
 * Secret variables encrypted at rest, for a user who opts in: AES-GCM with a key derived from a
 * passphrase by PBKDF2-SHA-256 (310,000 iterations, OWASP's figure for it). The sealed form holds
 * the salt, IV and iteration count, never the passphrase or a value in plain text. Opening with a
 * wrong passphrase is refused and leaves the sealed form as it was. No Svelte here.
 */

export const MIN_ITERATIONS = 310_000;

export interface SealedSecrets {
	v: 1;
	kdf: 'PBKDF2-SHA-256';
	iterations: number;
	/** base64 */
	salt: string;
	/** base64, 12 bytes, new for every seal */
	iv: string;
	/** base64 ciphertext with the GCM tag */
	data: string;
}

export class VaultError extends Error {
	override name = 'VaultError';
	constructor(
		message: string,
		readonly reason: 'wrong-passphrase' | 'damaged' | 'empty-passphrase'
	) {
		super(message);
	}
}

function toBase64(bytes: Uint8Array): string {
	let binary = '';
	for (const b of bytes) binary += String.fromCharCode(b);
	return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
	const binary = atob(text);
	const out = new Uint8Array(binary.length);
	for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
	return out;
}

async function deriveKey(
	passphrase: string,
	salt: Uint8Array<ArrayBuffer>,
	iterations: number
): Promise<CryptoKey> {
	const material = await crypto.subtle.importKey(
		'raw',
		new TextEncoder().encode(passphrase),
		'PBKDF2',
		false,
		['deriveKey']
	);
	return crypto.subtle.deriveKey(
		{ name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
		material,
		{ name: 'AES-GCM', length: 256 },
		false,
		['encrypt', 'decrypt']
	);
}

/**
 * A passphrase's key, held for the tab once derived (never the passphrase itself), so each
 * change can be sealed again at once with a new IV, without deriving the key again.
 */
export class SecretVault {
	readonly #key: CryptoKey;
	readonly #salt: Uint8Array<ArrayBuffer>;
	readonly #iterations: number;

	private constructor(key: CryptoKey, salt: Uint8Array<ArrayBuffer>, iterations: number) {
		this.#key = key;
		this.#salt = salt;
		this.#iterations = iterations;
	}

	/** A new vault for a passphrase, with a new salt. */
	static async create(passphrase: string, iterations = MIN_ITERATIONS): Promise<SecretVault> {
		if (!passphrase)
			throw new VaultError(
				'Enter a passphrase to keep secrets on this device.',
				'empty-passphrase'
			);
		const salt = crypto.getRandomValues(new Uint8Array(16));
		const rounds = Math.max(iterations, MIN_ITERATIONS);
		return new SecretVault(await deriveKey(passphrase, salt, rounds), salt, rounds);
	}

	/**
	 * Opens a sealed form: its values, and the vault to seal later changes with. A wrong
	 * passphrase (or a form altered since) is refused with a VaultError; the sealed form is not
	 * changed, so the right passphrase still opens it.
	 */
	static async unlock(
		sealed: unknown,
		passphrase: string
	): Promise<{ vault: SecretVault; values: Record<string, string> }> {
		if (!passphrase)
			throw new VaultError('Enter the passphrase you chose for them.', 'empty-passphrase');
		const { salt, iv, data, iterations } = readSealed(sealed);
		const key = await deriveKey(passphrase, salt, iterations);
		const values = await decrypt(
			key,
			iv,
			data,
			() =>
				new VaultError(
					'That passphrase does not open the saved secrets. Nothing was changed: try again.',
					'wrong-passphrase'
				)
		);
		return { vault: new SecretVault(key, salt, iterations), values };
	}

	/**
	 * Opens a sealed form made under this vault's key (another tab's, after the same passphrase):
	 * its values, or null when it was sealed under another passphrase (another salt or rounds).
	 * A form that is damaged, or altered since, is refused with a VaultError.
	 */
	async open(sealed: unknown): Promise<Record<string, string> | null> {
		const { salt, iv, data, iterations } = readSealed(sealed);
		if (toBase64(salt) !== toBase64(this.#salt) || iterations !== this.#iterations) return null;
		return decrypt(this.#key, iv, data, damaged);
	}

	/** The values encrypted, with a new IV every time. */
	async seal(values: Readonly<Record<string, string>>): Promise<SealedSecrets> {
		const iv = crypto.getRandomValues(new Uint8Array(12));
		const plain = new TextEncoder().encode(JSON.stringify(values));
		const data = new Uint8Array(
			await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, this.#key, plain)
		);
		return {
			v: 1,
			kdf: 'PBKDF2-SHA-256',
			iterations: this.#iterations,
			salt: toBase64(this.#salt),
			iv: toBase64(iv),
			data: toBase64(data)
		};
	}
}

/** Encrypts the secret variables' values under the passphrase (a new salt and IV). */
export async function sealSecrets(
	values: Readonly<Record<string, string>>,
	passphrase: string,
	iterations = MIN_ITERATIONS
): Promise<SealedSecrets> {
	return (await SecretVault.create(passphrase, iterations)).seal(values);
}

const damaged = () =>
	new VaultError('The saved secrets are not in a form this app can open.', 'damaged');

/** A sealed form's parts as bytes; anything else is refused as damaged. */
function readSealed(sealed: unknown) {
	if (!isSealed(sealed)) throw damaged();
	try {
		return {
			salt: fromBase64(sealed.salt),
			iv: fromBase64(sealed.iv),
			data: fromBase64(sealed.data),
			iterations: sealed.iterations
		};
	} catch {
		throw damaged();
	}
}

/** The values AES-GCM under `key` gives back; `refusal` when the tag does not match. */
async function decrypt(
	key: CryptoKey,
	iv: Uint8Array<ArrayBuffer>,
	data: Uint8Array<ArrayBuffer>,
	refusal: () => VaultError
): Promise<Record<string, string>> {
	let plain: ArrayBuffer;
	try {
		plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data);
	} catch {
		throw refusal();
	}
	const values: unknown = JSON.parse(new TextDecoder().decode(plain));
	if (!values || typeof values !== 'object' || Array.isArray(values)) throw damaged();
	return Object.fromEntries(
		Object.entries(values as Record<string, unknown>).filter(
			(entry): entry is [string, string] => typeof entry[1] === 'string'
		)
	);
}

/**
 * Another tab's sealed values with this tab's changes on top: what this tab changed since it
 * last took the device's copy (`base`: the part of it the tab holds) is this tab's, set or
 * removed; everything else stays as the other tab sealed it.
 */
export function mergeSecrets(
	base: Readonly<Record<string, string>>,
	mine: Readonly<Record<string, string>>,
	theirs: Readonly<Record<string, string>>
): Record<string, string> {
	const out = { ...theirs };
	for (const key of new Set([...Object.keys(base), ...Object.keys(mine)]))
		if (base[key] !== mine[key]) {
			if (Object.hasOwn(mine, key)) out[key] = mine[key]!;
			else delete out[key];
		}
	return out;
}

function isSealed(value: unknown): value is SealedSecrets {
	const v = value as Partial<SealedSecrets> | null;
	return (
		!!v &&
		v.v === 1 &&
		v.kdf === 'PBKDF2-SHA-256' &&
		typeof v.iterations === 'number' &&
		Number.isInteger(v.iterations) &&
		v.iterations >= MIN_ITERATIONS &&
		typeof v.salt === 'string' &&
		typeof v.iv === 'string' &&
		typeof v.data === 'string'
	);
}

/** The values a sealed form holds; see SecretVault.unlock. */
export async function openSecrets(
	sealed: unknown,
	passphrase: string
): Promise<Record<string, string>> {
	return (await SecretVault.unlock(sealed, passphrase)).values;
}
