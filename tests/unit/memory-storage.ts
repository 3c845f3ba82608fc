/** A browser's refusal of a write for lack of space, as Chromium words it (legacy code 22). */
export const quotaError = (): DOMException =>
	new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/**
 * An in-memory Storage, to see exactly what lands where. With `room`, a full one: like a
 * browser's quota, it holds at most that many characters (keys and values), and a write past it
 * throws QuotaExceededError and changes nothing.
 */
export class MemoryStorage implements Storage {
	#items = new Map<string, string>();
	room: number;

	constructor(room = Infinity) {
		this.room = room;
	}

	get length() {
		return this.#items.size;
	}
	clear() {
		this.#items.clear();
	}
	getItem(key: string) {
		return this.#items.get(key) ?? null;
	}
	key(index: number) {
		return [...this.#items.keys()][index] ?? null;
	}
	removeItem(key: string) {
		this.#items.delete(key);
	}
	setItem(key: string, value: string) {
		const text = String(value);
		const others = [...this.#items].reduce(
			(n, [k, v]) => (k === key ? n : n + k.length + v.length),
			0
		);
		if (others + key.length + text.length > this.room) throw quotaError();
		this.#items.set(key, text);
	}
	dump(): string {
		return JSON.stringify([...this.#items]);
	}
}
