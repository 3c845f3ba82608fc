/** A filled app's data and stores kept in memory, for the "Your data" tests. */
import type { Collection } from '$lib/codehost/collections/collections';
import type { Environment, EnvironmentsData } from '$lib/codehost/environments/environments';
import type { HistoryEntry } from '$lib/codehost/history/history';
import type { VerseNote } from '$lib/bible/notes/format';
import type { PlanProgress } from '$lib/bible/plans/schedule';
import type { PeriodId } from '$lib/energy/model';
import type { ReminderChoice } from '$lib/energy/orders/reminder-choice';
import type { TrackedByRoot } from '$lib/energy/orders/tracker';
import { defaultConnections, type Connections } from '$lib/settings/persistence';
import type { DataSet, DataStores, PriceTable } from '$lib/your-data/data-set';

const request = (
	name: string,
	path: string,
	extra: Partial<Collection['requests'][number]> = {}
) => ({
	id: `req-${name.replace(/\W/g, '')}`,
	name,
	method: 'GET' as const,
	path,
	pathParams: {},
	query: '',
	params: '',
	bodyKind: 'query' as const,
	headers: '',
	auth: { method: 'personal' as const, way: 'private-token-header' as const },
	...extra
});

export function filledData(): DataSet {
	const settings: Connections = defaultConnections();
	settings.codehost = { mode: 'live', baseUrl: 'https://gitlab.example.com', proxyUrl: '' };
	return {
		collections: [
			{
				id: 'col-1',
				name: 'Projects',
				requests: [
					request('List projects', '/projects', { query: 'per_page=5' }),
					request('One project', '/projects/:id', { pathParams: { id: '42' } })
				]
			},
			{
				id: 'col-2',
				name: 'Ünïcode & more',
				requests: [
					request('Create issue', '/projects/:id/issues', {
						method: 'POST',
						bodyKind: 'json',
						params: '{\n  "title": "Psalm 23 ✓"\n}',
						pathParams: { id: '7' },
						headers: 'X-Trace: one'
					})
				]
			}
		],
		environments: [
			{ id: 'env-default', name: 'Default', values: { host: 'gitlab.example.com' } },
			{
				id: 'env-2',
				name: 'Staging',
				values: { project: '42', api_token: '' },
				secret: ['api_token'],
				auth: { method: 'personal', way: 'private-token-header' }
			}
		],
		notes: [
			{
				book: 'Ps',
				chapter: 23,
				verse: 1,
				bookmark: false,
				note: '',
				labels: [],
				highlight: 'green',
				created: Date.UTC(2025, 1, 1),
				updated: Date.UTC(2025, 1, 1)
			},
			{
				book: 'John',
				chapter: 3,
				verse: 16,
				bookmark: true,
				highlight: 'yellow',
				note: 'For God so loved the world',
				labels: ['love'],
				created: Date.UTC(2025, 0, 1),
				updated: Date.UTC(2025, 0, 2)
			}
		],
		plans: [{ id: 'bible-year', start: '2026-01-01', done: [1, 2, 3] }],
		tracked: {
			'https://energy.demo/api/v1/private': [
				{ guid: 31000004, firstSeen: { 0: 1000, 5: 2000 }, lastStatus: 5 }
			]
		},
		prices: {
			'https://energy.demo/api/v1/private': { '1h': 5, '1d': 60 },
			'https://energy.example.com/api/v1/private': { '30d': 1_500 }
		},
		reminders: { enabled: true, minutes: 25 },
		settings
	};
}

export const historyEntry = (id: string): HistoryEntry =>
	({
		id,
		at: '2026-01-01T00:00:00.000Z',
		method: 'GET',
		path: '/projects',
		url: 'https://codehost.demo/api/v4/projects',
		status: 200,
		requestHeaders: {},
		responseHeaders: {},
		durationMs: 5
	}) as unknown as HistoryEntry;

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Stores kept in memory, as the browser's would keep them; `empty` is an app opened for the first time. */
export class MemoryStores implements DataStores {
	c: Collection[] = [];
	e: EnvironmentsData = {
		environments: [{ id: 'env-default', name: 'Default', values: {} }],
		activeId: 'env-default'
	};
	h: HistoryEntry[] = [];
	n = new Map<string, VerseNote>();
	p: PlanProgress[] = [];
	t: TrackedByRoot = {};
	pr: Record<string, PriceTable> = {};
	r: ReminderChoice | undefined;
	s: Connections = defaultConnections();
	/** Makes the Nth write from now fail (a full disk), to see what is left. */
	failAt = Infinity;
	#writes = 0;

	#write(): void {
		if (++this.#writes >= this.failAt) throw new Error('The disk is full.');
	}

	static filled(data = filledData(), history: HistoryEntry[] = []): MemoryStores {
		const s = new MemoryStores();
		s.c = copy(data.collections);
		s.e = { environments: copy(data.environments), activeId: data.environments[0]!.id };
		s.h = copy(history);
		for (const n of data.notes) s.n.set(`${n.book}.${n.chapter}.${n.verse}`, copy(n));
		s.p = copy(data.plans);
		s.t = copy(data.tracked);
		s.pr = copy(data.prices ?? {});
		s.r = data.reminders && copy(data.reminders);
		s.s = copy(data.settings);
		return s;
	}

	collections = {
		load: async () => copy(this.c),
		save: async (list: readonly Collection[]) => {
			this.#write();
			this.c = copy([...list]);
		}
	};
	environments = {
		load: async () => copy(this.e),
		save: async (d: EnvironmentsData) => {
			this.#write();
			this.e = copy(d);
		}
	};
	history = {
		list: async () => copy(this.h),
		importEntries: async (entries: readonly HistoryEntry[]) => {
			this.#write();
			const ids = new Set(entries.map((e) => e.id));
			this.h = [...copy([...entries]), ...this.h.filter((e) => !ids.has(e.id))];
		}
	};
	notes = {
		all: async () => copy([...this.n.values()]),
		importNotes: async (notes: readonly VerseNote[]) => {
			this.#write();
			for (const note of notes)
				this.n.set(`${note.book}.${note.chapter}.${note.verse}`, copy(note));
		},
		put: async (note: VerseNote) => {
			this.#write();
			this.n.set(`${note.book}.${note.chapter}.${note.verse}`, copy(note));
		},
		delete: async (key: string) => {
			this.#write();
			this.n.delete(key);
		}
	};
	plans = {
		load: () => copy(this.p),
		save: (plans: readonly PlanProgress[]) => {
			this.#write();
			this.p = copy([...plans]);
			return true;
		}
	};
	tracked = {
		export: async () => copy(this.t),
		import: async (data: TrackedByRoot, replace: boolean) => {
			this.#write();
			this.t = replace ? copy(data) : { ...this.t, ...copy(data) };
		}
	};
	reminders = {
		load: () => this.r && copy(this.r),
		save: (choice: ReminderChoice) => {
			this.#write();
			this.r = copy(choice);
		}
	};
	prices = {
		load: () => copy(this.pr),
		set: (root: string, period: PeriodId, sun: number | null) => {
			this.#write();
			const table = { ...this.pr[root] };
			if (sun === null) delete table[period];
			else table[period] = sun;
			if (Object.keys(table).length) this.pr[root] = table;
			else delete this.pr[root];
		}
	};
	settings = {
		load: async () => copy(this.s),
		save: async (c: Connections) => {
			this.#write();
			this.s = copy(c);
		}
	};

	/** Everything stored, in one comparable value (notes in key order). */
	dump() {
		return {
			collections: this.c,
			environments: this.e.environments,
			history: this.h,
			notes: [...this.n.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, n]) => n),
			plans: this.p,
			tracked: this.t,
			prices: this.pr,
			reminders: this.r,
			settings: this.s
		};
	}
}

export type { Environment };
