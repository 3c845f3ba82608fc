/**
 * The part of postman-collection (Postman's own SDK) the export tests read, typed: the package's
 * bundled typings are not wired to its entry and lack forEachItem and RequestAuth.type.
 */
declare module 'postman-collection' {
	interface KeyValue {
		key: string;
		value: string | null;
	}
	interface List<T> {
		all(): T[];
		toObject(): Record<string, string>;
	}
	export interface Item {
		name: string;
		request: {
			method: string;
			url: { toString(): string; variables: List<KeyValue> };
			headers: List<KeyValue & { value: string }>;
			body?: { mode: string; raw?: string; urlencoded?: List<KeyValue>; formdata?: List<KeyValue> };
			auth?: { type: string; parameters(): List<KeyValue> };
		};
	}
	export class Collection {
		constructor(definition: object);
		variables: List<KeyValue>;
		forEachItem(callback: (item: Item) => void): void;
	}
}
