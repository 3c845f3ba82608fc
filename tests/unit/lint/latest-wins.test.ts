/** "The latest answer wins" is AsyncResult's: no state counts its own runs to drop a stale answer. */
import { afterAll, describe, expect, it } from 'vitest';
import { noHandWrittenLatestWins } from '../../../scripts/lint/latest-wins.js';
import { fixture } from './fixture';

const files = {
	// The idiom, four ways: ++ on a private field, += then a read, a field bumped elsewhere (a
	// generation), and a variable of a component.
	'src/lib/energy/order-list.svelte.ts': `export class OrderList {
	#seq = 0;
	shown: unknown;
	async load(read: () => Promise<unknown>): Promise<void> {
		const seq = ++this.#seq;
		const page = await read();
		if (seq !== this.#seq) return;
		this.shown = page;
	}
}
`,
	'src/lib/bible/reader.svelte.ts': `export class Reader {
	request = 0;
	async open(read: () => Promise<string>): Promise<string | undefined> {
		this.request += 1;
		const request = this.request;
		const text = await read();
		return this.request === request ? text : undefined;
	}
}
`,
	'src/lib/energy/order-details.ts': `export class Details {
	#generation = 0;
	reset(): void {
		this.#generation++;
	}
	async read(fetchOne: () => Promise<void>): Promise<void> {
		const generation = this.#generation;
		await fetchOne().then(() => {
			if (generation === this.#generation) this.reset();
		});
	}
}
`,
	'src/lib/bible/ui/Search.svelte': `<script lang="ts">
	let latest = 0;
	let shown = $state('');
	async function search(ask: () => Promise<string>) {
		const mine = ++latest;
		const answer = await ask();
		if (mine === latest) shown = answer;
	}
</script>

<button onclick={() => search(async () => 'x')}>{shown}</button>
`,
	// Honest counters: ids handed out, retry and request counts, how many were made meanwhile, a
	// count compared with another.
	'src/lib/bible/search/client.ts': `export class Client {
	#next = 0;
	#tries = 0;
	requests = 0;
	#pending = new Map<number, () => void>();
	ask(send: (id: number) => void): number {
		const id = ++this.#next;
		this.#pending.set(id, () => {});
		send(++this.#next);
		return id;
	}
	answered(reply: { id: number }): boolean {
		const id = this.#next;
		return reply.id === id;
	}
	retry(): boolean {
		this.requests++;
		const attempt = ++this.#tries;
		if (attempt > 3) return false;
		return this.#tries !== 5;
	}
	async made(work: () => Promise<void>): Promise<number> {
		const before = this.requests;
		await work();
		return this.requests - before;
	}
	unchanged(other: { requests: number }): boolean {
		const before = this.requests;
		return before === other.requests;
	}
}
`,
	// A field read and compared, but never counted: a value kept, not a counter.
	'src/lib/ui/app-update.svelte.ts': `export class AppUpdate {
	#waiting: object | null = null;
	async apply(wait: () => Promise<void>): Promise<boolean> {
		const worker = this.#waiting;
		await wait();
		return worker === this.#waiting;
	}
}
`
};
const project = fixture('no-hand-written-latest-wins', noHandWrittenLatestWins, files);
afterAll(() => project.remove());

const counter = (line: number, name: string) =>
	`${line}: \`${name}\` counts runs by hand so that the latest answer wins. Use AsyncResult (src/lib/ui/async-result.svelte.ts, or your area session's \`result()\`): \`await result.run((signal) => …)\` shows only the latest run's answer and aborts the one it overtakes; its outcome says whether this run was shown.`;

describe('no-hand-written-latest-wins', () => {
	it('flags a counter taken by ++ and compared with its field later', () => {
		expect(project.lint('src/lib/energy/order-list.svelte.ts')).toEqual([counter(5, 'seq')]);
	});

	it('flags += then a read, a generation bumped elsewhere, and a component variable', () => {
		expect(project.lint('src/lib/bible/reader.svelte.ts')).toEqual([counter(5, 'request')]);
		expect(project.lint('src/lib/energy/order-details.ts')).toEqual([counter(7, 'generation')]);
		expect(project.lint('src/lib/bible/ui/Search.svelte')).toEqual([counter(5, 'mine')]);
	});

	it('passes honest counters: ids, retry and request counts, and a value that is not counted', () => {
		expect(project.lint('src/lib/bible/search/client.ts')).toEqual([]);
		expect(project.lint('src/lib/ui/app-update.svelte.ts')).toEqual([]);
	});

	it('a file listed as not yet on the skeleton is quiet, until it keeps the rule', () => {
		const listed = { notYet: ['src/lib/energy/order-list.svelte.ts'] };
		expect(project.lint('src/lib/energy/order-list.svelte.ts', listed)).toEqual([]);
		expect(project.lint('src/lib/energy/order-details.ts', listed)).toHaveLength(1);
		expect(
			project.lint('src/lib/bible/search/client.ts', { notYet: ['src/lib/bible/search/client.ts'] })
		).toEqual([
			'1: This file keeps local/no-hand-written-latest-wins now: delete its entry for local/no-hand-written-latest-wins from NOT_YET_ON_THE_SKELETON in eslint.config.js (the list only shrinks).'
		]);
	});
});
