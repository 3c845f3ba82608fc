/** har-validator ships no types: the promise API the tests use (it resolves, or rejects with the schema's errors). */
declare module 'har-validator' {
	export function har(data: unknown): Promise<unknown>;
}
