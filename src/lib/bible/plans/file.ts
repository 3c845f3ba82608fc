// Reading plans in the notes file ("plans": [...]), checked as strictly as the notes: anything
// malformed or hostile refuses the whole file with the reason, and nothing changes.
import { FileRefused } from '$lib/ui/file-refused';
import { planById } from './catalog';
import type { PlanProgress } from './schedule';

const KEYS = new Set(['id', 'start', 'done']);

/** Checks the file's "plans" (absent: none). */
export function readPlans(raw: unknown): PlanProgress[] {
	if (raw === undefined) return [];
	if (!Array.isArray(raw)) throw new FileRefused('its reading plans are not a list.');
	if (raw.length > 20) throw new FileRefused('it holds more than 20 reading plans.');
	const seen = new Set<string>();
	return raw.map((entry: unknown, i) => {
		const where = `reading plan ${i + 1} of the file`;
		if (!entry || typeof entry !== 'object' || Array.isArray(entry))
			throw new FileRefused(`${where} is not a reading plan.`);
		const e = entry as Record<string, unknown>;
		for (const key of Object.keys(e))
			if (!KEYS.has(key))
				throw new FileRefused(`${where} has a field “${key.slice(0, 40)}” that plans never have.`);
		const plan = typeof e.id === 'string' ? planById(e.id) : undefined;
		if (!plan)
			throw new FileRefused(
				`${where} is “${String(e.id).slice(0, 40)}”, which is not a plan this app offers.`
			);
		if (seen.has(plan.id)) throw new FileRefused(`the plan “${plan.name}” is in the file twice.`);
		seen.add(plan.id);
		if (
			typeof e.start !== 'string' ||
			!/^\d{4}-\d{2}-\d{2}$/.test(e.start) ||
			Number.isNaN(Date.parse(`${e.start}T00:00:00Z`)) ||
			new Date(`${e.start}T00:00:00Z`).toISOString().slice(0, 10) !== e.start
		)
			throw new FileRefused(`the start of “${plan.name}” is not a date.`);
		if (
			!Array.isArray(e.done) ||
			e.done.length > plan.days ||
			!e.done.every((d) => Number.isInteger(d) && d >= 1 && d <= plan.days) ||
			new Set(e.done).size !== e.done.length
		)
			throw new FileRefused(
				`the days read of “${plan.name}” are not a list of days from 1 to ${plan.days}.`
			);
		return { id: plan.id, start: e.start, done: [...(e.done as number[])].sort((a, b) => a - b) };
	});
}

/** Plans from a file merged with those here: a plan in both keeps its start here and every day read. */
export function mergePlans(
	mine: readonly PlanProgress[],
	theirs: readonly PlanProgress[]
): PlanProgress[] {
	const out = new Map(mine.map((p) => [p.id, p]));
	for (const t of theirs) {
		const m = out.get(t.id);
		out.set(
			t.id,
			m
				? { ...m, done: [...new Set([...m.done, ...t.done])].sort((a, b) => a - b) }
				: { ...t, done: [...t.done] }
		);
	}
	return [...out.values()];
}
