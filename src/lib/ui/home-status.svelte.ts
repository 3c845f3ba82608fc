import type { ServiceId } from '$lib/settings/connection';

/** One area's line on the home page, written for reading. */
export interface AreaLine {
	mode: string;
	last: string;
}

/**
 * What the home page says of each area: Demo or Live (with host), and its last activity. Read
 * after the first paint, so the settings code is not part of the home page's first load.
 */
export class HomeStatus {
	lines = $state<Record<ServiceId, AreaLine> | null>(null);

	async load(): Promise<void> {
		const { loadAreaSummaries, timeAgo } = await import('$lib/settings/area-summary');
		const summaries = await loadAreaSummaries();
		const now = Date.now();
		const lines = {} as Record<ServiceId, AreaLine>;
		for (const [id, s] of Object.entries(summaries) as [ServiceId, (typeof summaries)[ServiceId]][])
			lines[id] = {
				mode: s.mode === 'live' ? `Live · ${s.host ?? 'no server set'}` : 'Demo',
				last: s.last ? `Last: ${s.last.what}, ${timeAgo(s.last.at, now)}` : 'Nothing done here yet'
			};
		this.lines = lines;
	}
}
