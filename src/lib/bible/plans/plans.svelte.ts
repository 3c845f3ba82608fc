import { planById, type Plan } from './catalog';
import { catchUp, markDay, todayIso, type PlanProgress } from './schedule';
import { loadPlans, plansNewer, savePlans } from './store';
import { keepStorage } from '$lib/ui/kept-storage';

/** The reading plans page: the plans under way, kept on this device as they change. */
export class PlansState {
	list = $state<PlanProgress[]>([]);
	/** Why the last change was not kept; '' when it was. */
	problem = $state('');
	/** Today, as the user's calendar has it ("2026-11-26"); tests and midnight set it. */
	today = $state(todayIso());

	load(): void {
		this.list = loadPlans();
		this.problem = plansNewer()?.message ?? '';
	}

	progress(id: string): PlanProgress | undefined {
		return this.list.find((p) => p.id === id);
	}

	#put(next: PlanProgress[]): boolean {
		if (!savePlans(next)) {
			const newer = plansNewer();
			this.problem = newer
				? `Not saved. ${newer.message}`
				: 'Not saved: the browser refused to store your reading plans.';
			return false;
		}
		this.problem = '';
		this.list = next;
		return true;
	}

	#update(id: string, edit: (p: PlanProgress, plan: Plan) => PlanProgress): boolean {
		const plan = planById(id);
		const p = this.progress(id);
		if (!plan || !p) return false;
		return this.#put(this.list.map((x) => (x.id === id ? edit(p, plan) : x)));
	}

	/** Starts (or starts again) a plan on `start`: nothing read yet. */
	start(id: string, start: string): boolean {
		if (!planById(id)) return false;
		const started = this.#put([...this.list.filter((p) => p.id !== id), { id, start, done: [] }]);
		if (started) keepStorage();
		return started;
	}

	/** Stops a plan; its progress is returned, for Undo to put back. */
	stop(id: string): PlanProgress | undefined {
		const p = this.progress(id);
		if (!p || !this.#put(this.list.filter((x) => x.id !== id))) return undefined;
		return p;
	}

	/** Puts back a stopped plan as it was (Undo), unless it was started again since. */
	restore(progress: PlanProgress): boolean {
		if (!planById(progress.id) || this.progress(progress.id)) return false;
		return this.#put([...this.list, progress]);
	}

	mark(id: string, day: number, read: boolean): boolean {
		return this.#update(id, (p) => markDay(p, day, read));
	}

	catchUp(id: string): boolean {
		return this.#update(id, (p, plan) => catchUp(plan, p, this.today));
	}
}
