import { readActivities, type Activity } from './activity';
import { SERVICE_IDS, type Mode, type ServiceId } from './connection';
import { loadConnections } from './persistence';

/** What the home page says of an area: Demo or Live (with its host), and what was last done. */
export interface AreaSummary {
	mode: Mode;
	/** The Live server's host (with port), when Live. */
	host: string | null;
	last: Activity | null;
}

function hostOf(baseUrl: string): string | null {
	try {
		return new URL(baseUrl).host;
	} catch {
		return null;
	}
}

export async function loadAreaSummaries(): Promise<Record<ServiceId, AreaSummary>> {
	const connections = await loadConnections();
	const activities = readActivities();
	const out = {} as Record<ServiceId, AreaSummary>;
	for (const id of SERVICE_IDS) {
		const c = connections[id];
		out[id] = {
			mode: c.mode,
			host: c.mode === 'live' ? hostOf(c.baseUrl) : null,
			last: activities[id] ?? null
		};
	}
	return out;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
	['year', 365 * 24 * 3600],
	['month', 30 * 24 * 3600],
	['week', 7 * 24 * 3600],
	['day', 24 * 3600],
	['hour', 3600],
	['minute', 60]
];

/** "5 minutes ago", "yesterday", "just now": the time of a last activity, for reading. */
export function timeAgo(at: number, now = Date.now(), locale = 'en'): string {
	const seconds = Math.round((now - at) / 1000);
	if (seconds < 60) return 'just now';
	const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
	for (const [unit, size] of UNITS)
		if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
	return 'just now';
}
